/// One source line after cleaning: its words without markup, and what the markup said about
/// its structure (bullet, heading, bold lead, page).
public struct MarkedLine: Sendable, Equatable {
    /// 1-based line number in the source file.
    public var number: Int
    /// Leading spaces of the raw line (a tab counts as four).
    public var indent = 0
    /// How many bullet markers the line started with (`-`, `●`, `❏`, `•`, ...).
    public var bulletDepth = 0
    /// 1 to 6 for a Markdown heading, 0 otherwise.
    public var headingLevel = 0
    /// The bold lead's words, when the line starts with one (`**Use alerts sparingly**.`).
    public var boldLead: String?
    /// The clean text: no markup, glued words repaired, white space collapsed.
    public var text = ""
    /// Printed pages whose anchors or images stand in this line, in order.
    public var pageMarkers: [Int] = []
    /// True when the line held markup only (an image, an HTML comment, an anchor).
    public var isMarkupOnly = false
    public var repairs: [Repair] = []

    public var isBlank: Bool { text.isEmpty }
    public var isBullet: Bool { bulletDepth > 0 }

    public init(number: Int) {
        self.number = number
    }
}
