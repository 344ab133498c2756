import Foundation
import Testing
@testable import HIGStore

// The helpers suites used to borrow from each other, under their former names, forwarding to
// where they live now, so that a test written against the old names still compiles: each use
// warns with the new name. Delete this file once nothing uses them.

extension TopicTests {
    @available(*, deprecated, renamed: "SeedsDatabase.store")
    static var store: RuleStore { get throws { try SeedsDatabase.store } }
    @available(*, deprecated, renamed: "SeedsDatabase.path")
    static var seededPath: String { get throws { try SeedsDatabase.path } }
}

extension SectionQueryTests {
    @available(*, deprecated, renamed: "BundleDatabase.store")
    static var store: RuleStore { get throws { try BundleDatabase.store } }
    @available(*, deprecated, renamed: "BundleDatabase.path")
    static var bundlePath: String { get throws { try BundleDatabase.path } }
}

extension ChangeNotesTests {
    @available(*, deprecated, renamed: "BundleDatabase.path")
    static var bundlePath: String { get throws { try BundleDatabase.path } }
}

extension WholeBundleTests {
    @available(*, deprecated, renamed: "BundleCorpus.corpus")
    static var bundle: Corpus { get throws { try BundleCorpus.corpus } }
    @available(*, deprecated, renamed: "BundleCorpus.source")
    static func source(_ edition: String, _ fileSuffix: String) throws -> Corpus.Source {
        try BundleCorpus.source(edition, fileSuffix)
    }
}

extension CommandLineTests {
    @available(*, deprecated, renamed: "HigRunner.Result")
    typealias Result = HigRunner.Result
    @available(*, deprecated, renamed: "HigRunner.binary")
    static var binary: URL { HigRunner.binary }
    @available(*, deprecated, renamed: "HigRunner.process")
    static func process(_ arguments: [String], in folder: URL, environment: [String: String] = [:], executable: URL = HigRunner.binary)
        -> Process
    { HigRunner.process(arguments, in: folder, environment: environment, executable: executable) }
    @available(*, deprecated, renamed: "HigRunner.run")
    static func run(_ process: Process) throws -> HigRunner.Result { try HigRunner.run(process) }
    @available(*, deprecated, message: "use HigRunner().hig")
    func hig(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> HigRunner.Result {
        try cli.hig(arguments, in: folder, environment: environment)
    }
    @available(*, deprecated, message: "use HigRunner().expectOneLineError")
    func expectOneLineError(_ result: HigRunner.Result, mentioning words: String, sourceLocation: SourceLocation = #_sourceLocation) {
        cli.expectOneLineError(result, mentioning: words, sourceLocation: sourceLocation)
    }
}

extension LinkDecisionTests {
    @available(*, deprecated, renamed: "LinkFixture.titles")
    static var titles: String { LinkFixture.titles }
    @available(*, deprecated, renamed: "LinkFixture.buttons")
    static var buttons: String { LinkFixture.buttons }
    @available(*, deprecated, renamed: "LinkFixture.editions")
    static func editions(in folder: URL, one: String? = nil, two: String? = nil, three: String? = nil, curated: String? = nil) throws
        -> URL
    {
        try LinkFixture.editions(
            in: folder, one: one ?? LinkFixture.titles + "\n" + LinkFixture.buttons, two: two, three: three, curated: curated)
    }
    @available(*, deprecated, renamed: "LinkFixture.withDatabase")
    static func withDatabase<T>(_ editions: (URL) throws -> URL, _ body: (String, URL) throws -> T) throws -> T {
        try LinkFixture.withDatabase(editions, body)
    }
    @available(*, deprecated, renamed: "LinkFixture.ids")
    static func ids(_ path: String, _ edition: String) throws -> [String] { try LinkFixture.ids(path, edition) }
    @available(*, deprecated, renamed: "LinkFixture.links")
    static func links(_ path: String) throws -> [LinkRecord] { try LinkFixture.links(path) }
    @available(*, deprecated, renamed: "LinkFixture.manifest")
    static func editionsManifest(curated: Bool) -> String { LinkFixture.manifest(curated: curated) }
}

extension HTMLReportTests {
    @available(*, deprecated, renamed: "SeedsReport.html")
    static var seeds: String { get throws { try SeedsReport.html } }
}

extension AtomicFileTests {
    @available(*, deprecated, renamed: "Fixtures.device")
    static func device(major: UInt, minor: UInt) -> dev_t { Fixtures.device(major: major, minor: minor) }
}

extension PDFDocumentReaderTests {
    @available(*, deprecated, renamed: "ReadingPlaces.reasons")
    static func reasons(_ reading: SourceReading) -> [Int: SetAsideReason] { ReadingPlaces.reasons(reading) }
}

extension ArchiveDocuments {
    @available(*, deprecated, renamed: "SharedArchive.documents")
    static var folder: URL { SharedArchive.documents }
}
