import Foundation
@testable import HIGStore
@testable import HIGText

/// The four iPhone and iOS documents of the archive, read whole with their chunk files, once.
/// The bundle holds them byte for byte (`Data/editions/<edition>/`, the archive's
/// `human-interface-markdown/<name>/`), so they are read from there: these suites need no
/// archive beside the repository. They are named, and their manifest entries made, as in the
/// archive.
enum ArchiveDocuments {
    struct Document: Sendable {
        let name: String
        let lines: [String]
        let chunks: [ChunkFile]
        let reading: SourceReading
        let accounting: LineAccounting

        func line(_ number: Int) -> String { lines[number - 1] }

        /// The rules whose section path starts with `prefix`.
        func rules(under prefix: [String]) -> [RuleDraft] {
            let joined = prefix.joined(separator: SectionHeading.separator)
            return reading.drafts.filter { ($0.section ?? "") == joined || ($0.section ?? "").hasPrefix(joined + SectionHeading.separator) }
        }
    }

    /// The archive's folder name of each document, and the bundled edition that holds it.
    static let editions = [
        "2008-11-iphone-human-interface-guidelines": "iphone-2008-11", "2010-03-iphone-human-interface-guidelines": "iphone-2010-03",
        "2011-ios-human-interface-guidelines": "ios-2011-03", "2014-ios-human-interface-guidelines": "ios-2014-03",
    ]
    static let names = editions.keys.sorted()

    static let splitter = SourceSplitter(lexicon: .bundled)

    private static let all = FixtureFailure.capture("the four iPhone and iOS documents") {
        try Dictionary(uniqueKeysWithValues: names.map { ($0, try read($0)) })
    }

    /// The document of the archive folder `name`.
    static func named(_ name: String) throws -> Document {
        guard let document = try all.get()[name] else { throw FixtureFailure("no document \(name)") }
        return document
    }

    /// The document whose archive folder name starts with `prefix` ("2008-11", "2014").
    static func document(_ prefix: String) throws -> Document {
        guard let name = names.first(where: { $0.hasPrefix(prefix) }) else { throw FixtureFailure("no document \(prefix)") }
        return try named(name)
    }

    static func read(_ name: String) throws -> Document {
        let base = Fixtures.bundle.appending(path: editions[name] ?? name)
        let lines = SourceFile.splitLines(try String(contentsOf: base.appending(path: "full_document.md"), encoding: .utf8))
        let chunkFolder = base.appending(path: "chunks")
        let files = try FileManager.default.contentsOfDirectory(atPath: chunkFolder.path(percentEncoded: false)).sorted()
        let chunks = try files.map { file in
            ChunkFile(
                number: Int(file.filter(\.isNumber)) ?? 0,
                lines: SourceFile.splitLines(try String(contentsOf: chunkFolder.appending(path: file), encoding: .utf8)))
        }
        let entry = EditionManifest.File(
            path: "\(name)/full_document.md", edition: name, document: name, chunk: nil, form: .pdfMarkdown,
            coverage: .complete, restoredHeadings: nil, restoredPlatforms: nil, chunks: "\(name)/chunks")
        let reading = splitter.read(lines, entry: entry, platforms: ["iOS"], chunks: chunks)
        return Document(
            name: name, lines: lines, chunks: chunks, reading: reading, accounting: LineAccounting.account(reading, lines: lines))
    }
}
