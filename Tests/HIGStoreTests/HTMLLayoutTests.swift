import Foundation
import Testing
@testable import HIGStore
@testable import HIGRendering

/// The report's width without a browser: the At a glance table's narrowest layout, estimated
/// from the report's style (font sizes, case, letter spacing, padding, where lines may break),
/// fits every window in which it is a table rather than cards. `Tests/clients/html_layout_test.py`
/// measures the real thing in Chromium.
@Suite("The HTML report's width")
struct HTMLLayoutTests {
    /// The declarations of the style's rules outside `@media`, in source order, of the rules
    /// whose selector list holds one of `selectors` (the later declaration wins, as it does
    /// here: no rule of these cells relies on specificity against a later one).
    static func declarations(for selectors: Set<String>, in style: String = HTMLReport.style) -> [String: String] {
        var result: [String: String] = [:]
        for (selector, body) in rules(in: style) where !selector.hasPrefix("@") {
            let list = Set(selector.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) })
            guard !list.isDisjoint(with: selectors) else { continue }
            for declaration in body.split(separator: ";") {
                let parts = declaration.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                if parts.count == 2 { result[parts[0]] = parts[1] }
            }
        }
        return result
    }

    /// The top-level rules of a style sheet as (selector, body), comments left out; an `@media`
    /// rule's body holds its own rules.
    static func rules(in style: String) -> [(String, String)] {
        let text = style.replacingOccurrences(of: #"/\*[\s\S]*?\*/"#, with: "", options: .regularExpression)
        var result: [(String, String)] = []
        var selector = "", body = "", depth = 0
        for character in text {
            switch character {
            case "{":
                if depth > 0 { body.append(character) }
                depth += 1
            case "}":
                depth -= 1
                if depth == 0 {
                    result.append((selector.trimmingCharacters(in: .whitespacesAndNewlines), body))
                    selector = ""
                    body = ""
                } else {
                    body.append(character)
                }
            default:
                if depth == 0 { selector.append(character) } else { body.append(character) }
            }
        }
        return result
    }

    /// A length in rem (or em, relative to `font`): ".45rem" → 0.45.
    static func rem(_ value: String?, font: Double = 1) -> Double {
        guard let value else { return 0 }
        if value.hasSuffix("rem") { return Double(value.dropLast(3)) ?? 0 }
        if value.hasSuffix("em") { return (Double(value.dropLast(2)) ?? 0) * font }
        return Double(value) ?? 0
    }

    /// The window width under which the glance table is cards, in rem.
    static var stackedBelow: Double {
        let media = rules(in: HTMLReport.style).first { $0.0.hasPrefix("@media (max-width:") && $0.1.contains(".stack thead") }
        let width = media?.0.split(separator: ":").last?.trimmingCharacters(in: CharacterSet(charactersIn: " )")) ?? "0"
        return rem(width)
    }

    /// The narrowest a cell can be, in rem: its widest unbreakable run of text, plus padding.
    /// Character widths are generous averages (a proportional font's lower case 0.6em, upper
    /// case 0.72em; a monospace font's every character 0.6em).
    static func narrowest(_ runs: [String], style: [String: String], monospace: Bool = false, fontSize: Double? = nil) -> Double {
        let font = fontSize ?? (style["font-size"].map { rem($0) } ?? 1)
        let upper = style["text-transform"] == "uppercase"
        let spacing = style["letter-spacing"].map { rem($0, font: 1) } ?? 0
        let perCharacter = (monospace ? 0.6 : upper ? 0.72 : 0.6) + spacing
        let nowrap = style["white-space"] == "nowrap"
        let words = nowrap ? runs : runs.flatMap { $0.split(separator: " ").map(String.init) }
        let widest = words.map { Double($0.count) * perCharacter * font }.max() ?? 0
        let padding = style["padding"].map { $0.split(separator: " ").map { rem(String($0)) } } ?? []
        return widest + 2 * (padding.count > 1 ? padding[1] : padding.first ?? 0)
    }

    @Test("The At a glance table fits every window in which it is a table, for the bundle's longest edition ids and topic")
    func glanceFitsItsWindows() throws {
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.bundle.appending(path: "editions.json")))
        let ids = ((manifest as? [String: Any])?["editions"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        let longest = ids.sorted { $0.count > $1.count }
        let topics = try String(contentsOf: Fixtures.repository.appending(path: "Data/taxonomy/topics.json"), encoding: .utf8)
        let slugs = topics.matches(of: /"slug": "([^"]+)"/).map { String($0.output.1) }
        let slug = try #require(slugs.max { $0.count < $1.count })
        try #require(longest.count >= 2)

        let heading = Self.declarations(for: ["th", "thead th", ".glance th", ".glance thead th"])
        let headings = HTMLReport.glanceColumns.map { Self.narrowest([$0], style: heading) }
        let row = Self.declarations(for: [
            "th", ".numbers th[scope=row]", ".glance th", ".glance th[scope=row]", ".numbers.glance th[scope=row]",
        ])
        // The pair in bold, then its command: an edition id never breaks, a topic slug may at its hyphens.
        let pair = Self.narrowest(["\(longest[0]) → \(longest[1])"], style: row, fontSize: 1.05)
        let command = Self.narrowest(
            ["hig diff \(longest[0]) \(longest[1]) --topic \(slug.replacingOccurrences(of: "-", with: "- "))"], style: row,
            monospace: true, fontSize: 0.85)
        let wrapPadding = 2 * Self.rem(Self.declarations(for: [".wrap"])["padding"]?.split(separator: " ").last.map(String.init))
        let table = headings.reduce(0, +) + max(pair, command) + wrapPadding
        #expect(Self.stackedBelow > 0, "no card layout for .stack")
        #expect(
            table <= Self.stackedBelow,
            "the glance table needs \(table)rem, but is a table from \(Self.stackedBelow)rem (headings \(headings.reduce(0, +)), row heading \(max(pair, command)))"
        )
    }

    @Test("The estimate reads the style: upper case and letter spacing widen a heading, nowrap keeps a line whole")
    func theEstimateReadsTheStyle() {
        let plain = Self.narrowest(["Not in the newer excerpt"], style: ["font-size": ".8rem"])
        #expect(abs(plain - 7 * 0.6 * 0.8) < 0.001)
        #expect(
            Self.narrowest(["Unchanged"], style: ["text-transform": "uppercase", "letter-spacing": ".04em"])
                > Self.narrowest(["Unchanged"], style: [:]))
        #expect(Self.narrowest(["a b c d"], style: ["white-space": "nowrap"]) == 7 * 0.6)
        #expect(
            Self.declarations(for: ["x"], in: "x { a: 1; } @media (max-width: 2rem) { x { a: 2; } } y, x { b: 3 }") == ["a": "1", "b": "3"])
    }
}
