/// One chunk file of a whole PDF document (`chunk_045.md`): read beside the document to tell
/// each rule which chunk holds its words (`SourceReading.chunkLines`).
public struct ChunkFile: Sendable, Equatable {
    /// The chunk's own number, from its file name.
    public var number: Int
    /// Its lines, without line ends; `lines[0]` is line 1.
    public var lines: [String]

    public init(number: Int, lines: [String]) {
        self.number = number
        self.lines = lines
    }

    /// The number in a chunk file's name, `chunk_045.md` -> 45; nil for any other name.
    public static func number(inName name: String) -> Int? {
        guard name.hasPrefix("chunk_"), name.hasSuffix(".md") else { return nil }
        let digits = name.dropFirst("chunk_".count).dropLast(".md".count)
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        return Int(digits)
    }
}
