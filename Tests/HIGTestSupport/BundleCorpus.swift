import Foundation
import HIGStore
import HIGLineage

/// The bundled editions (`Fixtures.bundle`, the whole HIG: about 11,000 rules) as the importer
/// reads them, loaded once per test process.
public enum BundleCorpus {
    private static let loaded = FixtureFailure.capture("the bundle's corpus") { try Corpus.load(folder: Fixtures.bundle) }

    public static var corpus: Corpus {
        get throws { try loaded.get() }
    }

    /// The one file of `edition` whose path ends with `fileSuffix`.
    public static func source(_ edition: String, _ fileSuffix: String) throws -> Corpus.Source {
        let matches = try corpus.sources.filter { $0.edition.id == edition && $0.file.path.hasSuffix(fileSuffix) }
        guard matches.count == 1 else {
            throw FixtureFailure("\(matches.count) files of \(edition) end \(fileSuffix); one was expected")
        }
        return matches[0]
    }
}
