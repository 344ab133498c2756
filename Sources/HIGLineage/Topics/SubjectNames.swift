/// Which subjects a page title or a heading names: a subject's name, or one of the names older
/// editions gave it (its aliases), compared in lower case, with articles, punctuation and a
/// plural s aside ("Tab Bar" and "Tab bars", "The Status Bar" and "Status bars").
package struct SubjectNames {
    private var byName: [String: [String]] = [:]
    private var byNameOrAlias: [String: [String]] = [:]
    /// Subjects with subjects under them (groups such as Components or Status).
    private var groups: Set<String> = []

    init(_ taxonomy: Taxonomy) {
        for topic in taxonomy.topics where topic.isSubject {
            if let parent = topic.parent { groups.insert(parent) }
            byName[Self.key(topic.name), default: []].append(topic.slug)
            for name in [topic.name] + topic.aliases {
                let key = Self.key(name)
                if !(byNameOrAlias[key]?.contains(topic.slug) ?? false) { byNameOrAlias[key, default: []].append(topic.slug) }
            }
        }
    }

    /// The subject of a web page at `path` (its folders are its place) titled `title`:
    /// - a page in a folder named after one of today's pages is a sub-page of that page, split
    ///   from it (`technologies/airplay/introduction.md` is about AirPlay, whatever its title);
    /// - else the subject its title names: by name (a page is today's subject), else by a name an
    ///   older capture gave it (2022's "Onscreen keyboards" is today's Virtual keyboards);
    /// - else the subject of its innermost folder that names one: a page today's HIG no longer
    ///   has is about its group (`inputs/touch-bar.md` about Inputs).
    func page(titled title: String, path: String) -> [String] {
        let folders = path.split(separator: "/").dropLast().reversed().compactMap { byName[Self.key(String($0))] }
        if let page = folders.first, page.allSatisfy({ !groups.contains($0) }) { return page }
        let key = Self.key(title)
        return byName[key] ?? byNameOrAlias[key] ?? folders.first ?? []
    }

    /// The subjects of the innermost heading of `section` that names any, by name or alias.
    func section(_ section: String) -> [String] {
        for heading in section.components(separatedBy: SectionMatch.separator).reversed() {
            if let slugs = byNameOrAlias[Self.key(heading)] { return slugs }
        }
        return []
    }

    /// Whether the innermost heading of `section` holds `subject`'s name among its words
    /// ("A Standard Alert", "Stop Alert Boxes" and "Alerts" hold "Alerts"): a heading about a
    /// kind of the subject that names no subject of its own.
    package static func innermostHeading(of section: String?, holds subject: Taxonomy.Topic) -> Bool {
        guard let heading = section?.components(separatedBy: SectionMatch.separator).last else { return false }
        let name = key(subject.name).split(separator: " ")
        let words = key(heading).split(separator: " ")
        guard !name.isEmpty, words.count >= name.count else { return false }
        return (0...(words.count - name.count)).contains { words[$0..<($0 + name.count)].elementsEqual(name) }
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
