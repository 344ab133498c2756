/// The lines of a source file, as ranges of its text: the text is held once, and a line's
/// String is made only when it is read.
public struct SourceLines: RandomAccessCollection, Sendable {
    public let text: String
    /// UTF-8 offsets of each line's start and end in `text` (files are at most 16 MiB).
    private let starts: [UInt32]
    private let ends: [UInt32]

    /// The lines of `text`, split on LF, CRLF or CR, without the terminators.
    init(_ text: String) {
        var text = text
        let ranges = text.withUTF8 { SourceFile.lineRanges($0) }
        self.text = text
        starts = ranges.map { UInt32($0.lowerBound) }
        ends = ranges.map { UInt32($0.upperBound) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { starts.count }

    public subscript(position: Int) -> String { String(text[utf8Range(position...position)]) }

    /// The text of lines `lines` (0-based) with their terminators, from the first line's start
    /// to the last line's end.
    package func utf8Range(_ lines: ClosedRange<Int>) -> Range<String.Index> {
        let utf8 = text.utf8
        return utf8.index(
            utf8.startIndex, offsetBy: Int(starts[lines.lowerBound]))..<utf8.index(utf8.startIndex, offsetBy: Int(ends[lines.upperBound]))
    }
}
