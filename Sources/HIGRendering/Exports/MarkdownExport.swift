import HIGText

/// A Markdown page of rules to paste into a documentation site: a heading, a provenance line,
/// then one table per edition or per topic, with the columns of `RuleFormatter.columns`.
public enum MarkdownExport {
    public enum Grouping: String, Sendable, CaseIterable {
        /// One table per edition, oldest first, each under the line that names its sources.
        case edition
        /// One table per topic, in taxonomy order; a rule with several topics is in each of
        /// their tables, a rule with none in a last table, "No topic".
        case topic
    }

    public static func document(_ content: ExportContent, groupBy grouping: Grouping, provenance: ExportProvenance) -> String {
        var out = "# HIG rules by \(grouping.rawValue)\n\n"
        out +=
            "\(MarkdownText.inline(content.scopeSentence)) of Apple's Human Interface Guidelines."
            + " Exported by hig \(provenance.version) on \(provenance.date).\n"
        switch grouping {
        case .edition:
            for edition in content.editionsExported {
                let rules = content.rules.filter { $0.edition == edition.id }
                out += "\n## \(MarkdownText.inline(edition.id)): \(MarkdownText.inline(edition.name))\n\n"
                out += sourcesLine(content.sourceFiles.filter { $0.edition == edition.id })
                out += "\n" + RuleFormatter.markdown(rules)
            }
        case .topic:
            out += "\n" + sourcesLine(content.sourceFiles)
            out += "\nA rule with several topics is listed under each of them.\n"
            var groups = content.topics.map { topic in
                (heading: topic.name, about: topic.description, rules: content.rules.filter { $0.topics.contains(topic.slug) })
            }
            groups.append(
                (
                    heading: "No topic", about: "Rules that match no topic of the taxonomy (`hig topics`).",
                    rules: content.rules.filter(\.topics.isEmpty)
                ))
            for group in groups where !group.rules.isEmpty {
                out += "\n## \(MarkdownText.inline(group.heading))\n\n"
                out += "\(MarkdownText.inline(group.about)) \(count(group.rules.count, "rule")).\n\n"
                out += RuleFormatter.markdown(group.rules)
            }
        }
        if content.rules.isEmpty { out += "\nNo rule matches.\n" }
        return out
    }

    /// `Source: <document>, chunk 131 — `file`, lines 2–45, sha256 `04c7c945276d``; a list when
    /// there are several.
    static func sourcesLine(_ files: [ExportContent.SourceFile]) -> String {
        func describe(_ file: ExportContent.SourceFile) -> String {
            "\(MarkdownText.inline(file.documentAndChunk)) — `\(file.file)`, lines \(file.lines.lowerBound)–\(file.lines.upperBound), sha256 `\(file.shortHash)`"
        }
        switch files.count {
        case 0: return ""
        case 1: return "Source: \(describe(files[0])).\n"
        default: return "Sources:\n\n" + files.map { "- \(describe($0))\n" }.joined()
        }
    }

    static func count(_ n: Int, _ noun: String) -> String {
        "\(n) \(noun)\(n == 1 ? "" : "s")"
    }
}
