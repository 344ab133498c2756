import Foundation

/// A line of an edition's file, as hand-made data names it (curated links, former rule ids):
/// a source's path and line, or, for a whole PDF document, a line of one of its chunk files,
/// which stands for the document line it was cut from.
struct SourcePlace: Equatable {
    let file: String
    let line: Int

    /// The rule whose cited lines hold this place, or nil.
    func rule(in sources: [Corpus.Source]) -> Corpus.Rule? {
        if let source = sources.first(where: { $0.file.entry.path == file }) {
            return source.rules.first { $0.draft.lineStart <= line && line <= $0.draft.lineEnd }
        }
        // A chunk file of a whole document: `<chunks folder>/chunk_NNN.md`.
        let slash = file.lastIndex(of: "/")
        let folder = slash.map { String(file[..<$0]) } ?? ""
        let name = slash.map { String(file[file.index(after: $0)...]) } ?? file
        guard let chunk = ChunkFile.number(inName: name),
            let source = sources.first(where: { $0.file.entry.chunks == folder }),
            let documentLine = source.reading.chunkLines.firstIndex(of: ChunkLine(chunk: chunk, line: line)).map({ $0 + 1 })
        else { return nil }
        return source.rules.first { $0.draft.lineStart <= documentLine && documentLine <= $0.draft.lineEnd }
    }
}
