import Foundation
@testable import HIGStore

/// The four iPhone and iOS documents of the archive (`../shared/archive/human-interface-markdown`
/// beside the repository), read whole with their chunk files, once.
enum ArchiveDocuments {
    static let folder = Fixtures.repository.deletingLastPathComponent().appending(path: "shared/archive/human-interface-markdown")

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

    static let names = [
        "2008-11-iphone-human-interface-guidelines", "2010-03-iphone-human-interface-guidelines",
        "2011-ios-human-interface-guidelines", "2014-ios-human-interface-guidelines",
    ]

    static let splitter = SourceSplitter(lexicon: .bundled)

    static let all: [String: Document] = {
        var documents: [String: Document] = [:]
        for name in names { documents[name] = read(name) }
        return documents
    }()

    static func document(_ prefix: String) -> Document {
        all[names.first { $0.hasPrefix(prefix) }!]!
    }

    static func read(_ name: String) -> Document {
        let base = folder.appending(path: name)
        let lines = SourceFile.splitLines(try! String(contentsOf: base.appending(path: "full_document.md"), encoding: .utf8))
        let chunkFolder = base.appending(path: "chunks")
        let files = try! FileManager.default.contentsOfDirectory(atPath: chunkFolder.path(percentEncoded: false)).sorted()
        let chunks = files.map { file in
            ChunkFile(
                number: Int(file.filter(\.isNumber))!,
                lines: SourceFile.splitLines(try! String(contentsOf: chunkFolder.appending(path: file), encoding: .utf8)))
        }
        let entry = EditionManifest.File(
            path: "\(name)/full_document.md", edition: name, document: name, chunk: nil, form: .pdfMarkdown,
            coverage: .complete, restoredHeadings: nil, restoredPlatforms: nil, chunks: "\(name)/chunks")
        let reading = splitter.read(lines, entry: entry, platforms: ["iOS"], chunks: chunks)
        return Document(
            name: name, lines: lines, chunks: chunks, reading: reading, accounting: LineAccounting.account(reading, lines: lines))
    }
}
