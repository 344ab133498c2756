import Foundation
import HIGLineage
import HIGStore

/// The timelines: each lineage's versions in one column per edition, side by side, each
/// version with a word diff against the versions it came from and the flags of its links.
extension HTMLReport {
    func lineages() -> String {
        let exported = Set(content.rules.map(\.id))
        var out = """
            <section id="lineages" aria-labelledby="lineages-title">
            <h2 id="lineages-title">Lineages</h2>

            """
        if content.lineages.isEmpty {
            return out + "<p>None of these rules has a counterpart in another edition.</p>\n</section>\n\n"
        }
        out += """
            <div class="legend">
            <p>Each lineage follows one rule through the editions, oldest first: side by side on a wide screen, \
            one under the other on a narrow one. A version shows what changed against the versions it came from: \
            \(HTML.wordDiff([.removed("words removed")])) and \(HTML.wordDiff([.inserted("words added")])).</p>
            <ul class="flag-legend">
            <li><span class="flag flag-reversal">⚑ Reversal</span> the advice turned into its opposite.</li>
            <li><span class="flag flag-force">⚑ Force: must → avoid</span> the strength of the lead sentence changed \
            (must, imperative, should, hedged “Generally, use”, may, avoid, don’t).</li>
            <li><span class="flag flag-curated">⚑ Curated link</span> too few shared words for the matcher; set down \
            by hand, with the reason.</li>
            <li><span class="flag flag-low">⚑ Low confidence</span> a link the matcher made on weak evidence: about \
            half such links are wrong. The confidence beside each link is the chance it is right.</li>
            <li><span class="flag flag-low">⚑ Possible counterpart</span> whatever its confidence, the link joins \
            rules a right link rarely joins (guidance and a figure, two pages, or a rival nearly as good): read both.</li>
            </ul>
            </div>

            """
        for lineage in content.lineages { out += article(lineage, exported: exported) }
        out += "</section>\n\n"
        return out
    }

    func article(_ lineage: Lineage, exported: Set<String>) -> String {
        let id = lineageAnchor(lineage)
        var flags: [String] = []
        for flag in lineage.links.flatMap(flagBadges) where !flags.contains(flag) { flags.append(flag) }
        var out = """
            <article class="lineage" id="\(id)" aria-labelledby="\(id)-title">
            <h3 id="\(id)-title">\(h(Self.shorten(lineage.versions.last?.summary ?? "", to: 110)))</h3>
            <p class="path">\(h(lineage.editions.joined(separator: " → "))) · \(count(lineage.versions.count, "version"))\
            \(flags.isEmpty ? "" : " <span class=\"flags\">" + flags.joined(separator: " ") + "</span>")</p>
            <ol class="timeline">

            """
        let names = Dictionary(content.editions.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        for edition in lineage.editions {
            out += "<li><h4><span class=\"edition\">\(h(edition))</span> <span class=\"vh\">\(h(names[edition] ?? ""))</span></h4>\n"
            for version in lineage.versions where version.edition == edition {
                out += card(version, in: lineage, exported: exported)
            }
            out += "</li>\n"
        }
        out += "</ol>\n</article>\n"
        return out
    }

    func card(_ version: RuleRecord, in lineage: Lineage, exported: Set<String>) -> String {
        let incoming = lineage.links(into: version.id)
        let changed = !(incoming.isEmpty || incoming.allSatisfy { $0.change == .unchanged })
        // The card ends with what became of a version no later edition continues.
        let then = fate(of: version.id, exported: exported, element: "p")
        let end = (then.isEmpty ? "" : then + "\n") + "</div>\n"
        var out = "<div class=\"version\(changed ? " changed" : "")\"\(dataAttributes(version, words: ":scope > p.text"))>\n"
        out += "<p class=\"vmeta\">\(ruleLink(version.id, exported)) · \(sourceLink(version.source))</p>\n"
        if incoming.isEmpty {
            out += "<p class=\"vmeta\">earliest version in this lineage</p>\n"
        } else {
            out += "<ul class=\"links\">\n"
            for link in incoming {
                out += "<li>\(badge(link.change.rawValue)) from \(ruleLink(link.from, exported)) "
                out += "<span class=\"muted\">(similarity \(String(format: "%.2f", link.similarity))"
                out += (link.confidence.map { ", confidence \(String(format: "%.2f", $0))" } ?? "") + ")</span>"
                let flags = flagBadges(link)
                if !flags.isEmpty { out += " <span class=\"flags\">" + flags.joined(separator: " ") + "</span>" }
                if let rationale = link.rationale, link.method == .curated {
                    out += "<p class=\"why\"><strong>Why:</strong> \(h(rationale))</p>"
                }
                out += "</li>\n"
            }
            out += "</ul>\n"
        }
        // Against the earlier version, or all of them in reading order when several were merged.
        let before = lineage.versions.filter { earlier in incoming.contains { $0.from == earlier.id } }.map(\.text)
        guard changed, !before.isEmpty else { return out + "<p class=\"text\">\(h(version.text))</p>\n" + end }
        let segments = WordDiff.segments(from: before.joined(separator: " "), to: version.text)
        if Self.sharedWords(segments) >= Self.readableDiff {
            return out + "<p class=\"text\">\(HTML.wordDiff(segments))</p>\n" + end
        }
        // A diff of texts that share few words is mostly strike-through: show the new words,
        // and the diff on request.
        out += "<p class=\"text\">\(h(version.text))</p>\n"
        out += "<details><summary>Word diff (few words in common)</summary><p class=\"text\">\(HTML.wordDiff(segments))</p></details>\n"
        return out + end
    }

    /// Below this share of common words, a word diff is shown only on request.
    static let readableDiff = 0.4

    /// 2 × words kept / (words before + words after).
    static func sharedWords(_ segments: [WordDiff.Segment]) -> Double {
        var same = 0, removed = 0, inserted = 0
        for segment in segments {
            switch segment {
            case .same(let words): same += words.split(separator: " ").count
            case .removed(let words): removed += words.split(separator: " ").count
            case .inserted(let words): inserted += words.split(separator: " ").count
            }
        }
        let all = 2 * same + removed + inserted
        return all == 0 ? 1 : Double(2 * same) / Double(all)
    }

    /// `2011-chunk131.md:33 · page 118`, linked to the file.
    func sourceLink(_ source: RuleRecord.Source) -> String {
        let name = source.file.split(separator: "/").last.map(String.init) ?? source.file
        let lines = source.lineStart == source.lineEnd ? "\(source.lineStart)" : "\(source.lineStart)-\(source.lineEnd)"
        return "<a class=\"src\" href=\"\(h(sourceBase + source.file))\">\(h(name)):\(lines)</a>"
            + (source.page.map { " · page \($0)" } ?? "")
    }

    /// At most `limit` characters, cut at a word, with an ellipsis.
    static func shorten(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        let cut = text.prefix(limit)
        let word = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        return word.trimmingCharacters(in: .punctuationCharacters.union(.whitespaces)) + "…"
    }
}
