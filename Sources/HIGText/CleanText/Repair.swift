/// One change the cleaner made to a source's words, kept so that every clean text can be
/// traced back to what the source really says.
public struct Repair: Sendable, Equatable, Hashable {
    public enum Kind: String, Sendable {
        /// Words the PDF extraction ran together: "testthe" → "test the".
        case gluedWords = "glued-words"
        /// A word run into an opening bracket: "users(these" → "users (these".
        case gluedPunctuation = "glued-punctuation"
        /// A word a scan's OCR misread, in a document the archive catalogue marks as scanned:
        /// "infonnation" → "information", "Menu B ar" → "Menu Bar" (`OCRMisreadingRepairer`).
        case ocrMisreading = "ocr-misreading"
    }

    public let line: Int
    public let kind: Kind
    public let original: String
    public let replacement: String

    public init(line: Int, kind: Kind, original: String, replacement: String) {
        self.line = line
        self.kind = kind
        self.original = original
        self.replacement = replacement
    }
}
