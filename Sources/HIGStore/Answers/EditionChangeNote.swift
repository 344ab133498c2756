/// One change Apple noted in an edition's source file: an entry of a PDF's revision history or
/// a row of a web page's change log, with where it is written.
public struct EditionChangeNote: Sendable, Equatable, Encodable {
    public let edition: String
    /// The source file's path, relative to the repository root.
    public let file: String
    /// A web page's title, else the document's name (a PDF's file name).
    public let document: String
    public let lineStart: Int
    public let lineEnd: Int
    /// `YYYY-MM-DD`, `YYYY-MM` or `YYYY` when the note gives a date.
    public let date: String?
    public let text: String

    public init(edition: String, file: String, document: String, lineStart: Int, lineEnd: Int, date: String?, text: String) {
        self.edition = edition
        self.file = file
        self.document = document
        self.lineStart = lineStart
        self.lineEnd = lineEnd
        self.date = date
        self.text = text
    }

    enum CodingKeys: String, CodingKey {
        case edition, file, document, date, text
        case lineStart = "line_start"
        case lineEnd = "line_end"
    }
}
