import Foundation
@testable import HIGStore
@testable import HIGRendering

/// The HTML report of the seeds' database (`SeedsDatabase`), rendered once for the suites that
/// read it, with a fixed version and date.
enum SeedsReport {
    private static let rendered = FixtureFailure.capture("the seeds' HTML report") {
        HTMLReport(
            content: try SeedsDatabase.store.exportContent(withEditionDiffs: true),
            provenance: ExportProvenance(version: "9.9.9", date: Date(timeIntervalSince1970: 0)), sourceBase: "../"
        ).render()
    }

    static var html: String {
        get throws { try rendered.get() }
    }
}
