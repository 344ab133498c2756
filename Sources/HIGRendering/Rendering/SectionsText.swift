import HIGStore

/// `hig sections`: the table of contents, one heading a line, indented by depth, with the rules
/// under each (its subsections' included), and each file named when the edition has several
/// and a file's headings do not start with its own title.
extension TextRenderer {
    public func sections(_ answer: EditionSections) -> String {
        var out = "RULES  SECTION\n"
        let width = max(5, String(answer.sections.map(\.totalRules).max() ?? 0).count)
        func number(_ value: Int) -> String { String(repeating: " ", count: max(0, width - String(value).count)) + String(value) }
        for (file, count) in answer.rulesBeforeAnyHeading.sorted(by: { $0.key < $1.key }) where count > 0 {
            out += "\(number(count))  (before any heading of \(file))\n"
        }
        for section in answer.sections {
            let indent = String(repeating: "  ", count: section.depth - 1)
            out += "\(number(section.totalRules))  \(indent)\(section.title)\n"
        }
        if answer.sections.isEmpty { out += "(no headings)\n" }
        return out
    }
}
