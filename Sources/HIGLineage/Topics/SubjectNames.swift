/// Which subjects a page title or a heading names: a subject's name, or one of the names older
/// editions gave it (its aliases), compared in lower case, with articles, punctuation and a
/// plural s aside ("Tab Bar" and "Tab bars", "The Status Bar" and "Status bars").
struct SubjectNames {
    private var byName: [String: [String]] = [:]
    private var byNameOrAlias: [String: [String]] = [:]

    init(_ taxonomy: Taxonomy) {
        for topic in taxonomy.topics where topic.isSubject {
            byName[Self.key(topic.name), default: []].append(topic.slug)
            for name in [topic.name] + topic.aliases {
                let key = Self.key(name)
                if !(byNameOrAlias[key]?.contains(topic.slug) ?? false) { byNameOrAlias[key, default: []].append(topic.slug) }
            }
        }
    }

    /// The subject a web page's title names: its own name only (a page is today's subject).
    func page(titled title: String) -> [String] { byName[Self.key(title)] ?? [] }

    /// The subjects of the innermost heading of `section` that names any, by name or alias.
    func section(_ section: String) -> [String] {
        for heading in section.components(separatedBy: SectionMatch.separator).reversed() {
            if let slugs = byNameOrAlias[Self.key(heading)] { return slugs }
        }
        return []
    }

    static func key(_ text: String) -> String {
        var words: [String] = []
        var word = ""
        func flush() {
            defer { word = "" }
            guard !word.isEmpty, !["the", "a", "an"].contains(word) else { return }
            if word.count > 3, word.hasSuffix("ies") {
                word = String(word.dropLast(3)) + "y"
            } else if word.count > 3, word.hasSuffix("s"), !word.hasSuffix("ss") {
                word.removeLast()
            }
            words.append(word)
        }
        for character in text.lowercased().replacingOccurrences(of: "&", with: "and") {
            if character.isLetter || character.isNumber { word.append(character) } else { flush() }
        }
        flush()
        return words.joined(separator: " ")
    }
}
