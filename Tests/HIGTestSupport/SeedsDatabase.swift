import Foundation
import HIGStore

/// The five seed files (`Fixtures.editions`) imported once per test process, for every suite
/// that reads them: each test opens a connection of its own (`store`), and a test that writes
/// copies the file (`path`) first.
public enum SeedsDatabase {
    private static let imported = FixtureFailure.capture("the seeds' database") {
        let path = Fixtures.suitePath("seeds.sqlite").path
        _ = try StoreWriter.importEditions(from: Fixtures.editions, into: path)
        return path
    }

    /// The database's path; never write to it.
    public static var path: String {
        get throws { try imported.get() }
    }

    /// A new connection to the database.
    public static var store: RuleStore {
        get throws { try RuleStore.open(path: path) }
    }
}
