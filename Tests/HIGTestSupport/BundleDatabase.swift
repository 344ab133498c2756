import Foundation
import HIGStore

/// The bundled editions (`Fixtures.bundle`, the whole HIG) imported once per test process, for
/// every suite that reads them: each test opens a connection of its own (`store`), and a test
/// that writes copies the file (`path`) first.
public enum BundleDatabase {
    private static let imported = FixtureFailure.capture("the bundle's database") {
        let path = Fixtures.suitePath("bundle.sqlite").path
        _ = try StoreWriter.importEditions(from: Fixtures.bundle, into: path)
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
