/// The end of every command's help: where the database is, then EXAMPLES, real commands on the
/// bundled editions, written as a shell script would hold them (`HelpExampleTests` runs each
/// one against the bundle, so that none goes stale).
enum HelpText {
    /// One example: what it answers, then the command as typed. Each line stays within 80
    /// columns: a longer command goes on in a next line after ` \`, as in a shell script.
    struct Example {
        let what: String
        let command: String

        init(_ what: String, _ command: String) {
            self.what = what
            self.command = command
        }
    }

    /// The root's --db is accepted after the command name too, but the parser lists it only in
    /// `hig --help`.
    static let database =
        "The database is --db PATH (before or after the command name), else $HIG_DB, else hig.sqlite in the current folder."

    /// The EXAMPLES section.
    static func examples(_ examples: [Example]) -> String {
        "EXAMPLES:\n" + examples.map { "  # \($0.what)\n  \($0.command)" }.joined(separator: "\n\n")
    }

    /// `text` (if any), the database's paragraph, then the examples.
    static func discussion(_ text: String = "", examples list: [Example]) -> String {
        (text.isEmpty ? "" : text + "\n\n") + database + "\n\n" + examples(list)
    }
}
