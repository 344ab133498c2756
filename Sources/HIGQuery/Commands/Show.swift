import ArgumentParser
import HIGStore

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show one rule: clean text, verbatim source, repairs, provenance, parent and children.")

    @ParentCommand var root: HIG

    @Argument(help: "A rule id, e.g. 2011-3f9a2c1d (see `hig rules`).")
    var id: String

    func run() throws {
        let detail = try root.openStore().detail(id: id)
        let rule = detail.record
        let source = rule.source
        var out = "\(rule.id)  \(rule.kind.rawValue)  \(detail.editionName)\n"
        if let title = rule.title { out += "title:     \(title)\n" }
        out += "section:   \(rule.section ?? "-")\n"
        out += "platforms: \(rule.platforms.joined(separator: ", "))\n\n"
        out += "text:\n  \(rule.text)\n\n"
        out += "verbatim (\(source.citation)):\n"
        out += rule.verbatim.split(separator: "\n", omittingEmptySubsequences: false).map { "  │ " + $0 }.joined(separator: "\n") + "\n\n"
        if !detail.repairs.isEmpty {
            out += "repairs:\n"
            for repair in detail.repairs {
                out += "  line \(repair.line): \(repair.original) → \(repair.replacement) (\(repair.kind.rawValue))\n"
            }
            out += "\n"
        }
        let chunk = source.chunk.map { ", chunk \($0)" } ?? ""
        let page = source.page.map { ", page \($0)" } ?? ""
        out += "source:    \(source.document)\(chunk)\(page)\n"
        out += "           \(source.citation)  sha256 \(source.sha256)\n"
        if let parent = detail.parent { out += "parent:    \(parent.id)  \(parent.summary)\n" }
        if !detail.children.isEmpty {
            out += "children:\n"
            for child in detail.children { out += "  \(child.id)  \(child.kind.rawValue)  \(child.summary)\n" }
        }
        Console.print(out)
    }
}
