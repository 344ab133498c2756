import Foundation
import HIGText

/// A line of an edition's file, as hand-made data names it (curated links, former rule ids):
/// a source's path and line, or, for a whole PDF document, a line of one of its chunk files,
/// which stands for the document line it was cut from.
struct SourcePlace: Equatable {
    let file: String
    let line: Int

    /// Whether the file is one the manifest lists, or a chunk file of a whole document it lists.
    func namesKnownFile(in sources: [Corpus.Source]) -> Bool {
        if sources.contains(where: { $0.file.entry.path == file }) { return true }
        let (folder, name) = split
        return ChunkFile.number(inName: name) != nil && sources.contains { $0.file.entry.chunks == folder }
    }

    /// The file's folder and name.
    private var split: (folder: String, name: String) {
        guard let slash = file.lastIndex(of: "/") else { return ("", file) }
        return (String(file[..<slash]), String(file[file.index(after: slash)...]))
    }

    /// The rule whose cited lines hold this place, or nil.
    func rule(in sources: [Corpus.Source]) -> Corpus.Rule? {
        if let source = sources.first(where: { $0.file.entry.path == file }) {
            return source.rules.first { $0.draft.lineStart <= line && line <= $0.draft.lineEnd }
        }
        // A chunk file of a whole document: `<chunks folder>/chunk_NNN.md`.
        let (folder, name) = split
        guard let chunk = ChunkFile.number(inName: name),
            let source = sources.first(where: { $0.file.entry.chunks == folder }),
            let documentLine = source.reading.chunkLines.firstIndex(of: ChunkLine(chunk: chunk, line: line)).map({ $0 + 1 })
        else { return nil }
        return source.rules.first { $0.draft.lineStart <= documentLine && documentLine <= $0.draft.lineEnd }
    }
}
