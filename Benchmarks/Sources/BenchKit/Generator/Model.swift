/// The generator's picture of an edition: sections of rules, each rule a lead sentence and its
/// explanation. The source files are renderings of it; the truth is written from it.

/// One sentence: its words (punctuation attached), an optional closing qualifier kept apart so a
/// revision can replace it, and its end mark ("." or ":" for a list's lead-in).
struct Sentence: Sendable, Equatable {
    var words: [String]
    var qualifier: [String] = []
    var end: String = "."

    var allWords: [String] { words + qualifier }
    var text: String { allWords.joined(separator: " ") + end }
}

/// What a rule is in its section, which decides how the sources write it.
enum Role: Sendable, Equatable {
    /// A guideline with its explanation.
    case paragraph
    /// A lead with no explanation ("**Use capitalization appropriately**.").
    case bodyless
    /// A paragraph whose last sentence ends with ':' and that owns bullets.
    case leadIn
    /// One item of a lead-in's list.
    case bullet
    /// "Note: ..."
    case note
}

/// How the PDF-derived editions mark a paragraph; fixed when the rule is made.
enum PDFStyle: Sendable, Equatable {
    /// `**Lead**. Explanation.`
    case bold
    /// No markup: `Lead. Explanation.`
    case plain
    /// The extraction made the bold lead a heading: `#### **Lead**.` (body-less leads only).
    case headingLead
}

struct Rule: Sendable {
    /// Identity in the generator's model: kept across editions by the one-to-one changes
    /// (unchanged, reworded, revised, moved); new for split, merged and added rules.
    let uid: Int
    var role: Role
    var style: PDFStyle
    var lead: Sentence
    var body: [Sentence]
    /// The list of a lead-in.
    var bullets: [Rule] = []

    /// The clean text `hig` should derive: no markup, glued words repaired.
    var cleanText: String {
        let sentences = ([lead] + body).map(\.text).joined(separator: " ")
        return role == .note ? "Note: " + sentences : sentences
    }

    /// The rule and its bullets, in reading order.
    var flattened: [Rule] { [self] + bullets }
}

struct Section: Sendable {
    var title: String
    var rules: [Rule]

    var ruleCount: Int { rules.reduce(0) { $0 + 1 + $1.bullets.count } }
}

struct EditionModel: Sendable {
    var sections: [Section]

    var ruleCount: Int { sections.reduce(0) { $0 + $1.ruleCount } }

    /// Every rule, bullets after their lead-in, in reading order.
    var allRules: [Rule] { sections.flatMap { $0.rules.flatMap(\.flattened) } }
}
