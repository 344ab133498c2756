import Foundation
import Testing

@testable import HIGStore
@testable import HIGRendering

/// On the bundled editions: links a reader should not take on trust carry the doubt flag, and a
/// reversal read from the acts two rules advise is reported.
@Suite("Doubt and reversals on the bundled editions")
struct LinkDoubtTests {
    /// The pair of `diff` from the rule whose text starts with `from` to the one that starts
    /// with `to`.
    static func pair(_ diff: EditionDiff, _ rules: [String: RuleText], from: String, to: String) -> EditionDiff.Pair? {
        diff.changed.first { rules[$0.from]?.text.hasPrefix(from) == true && rules[$0.to]?.text.hasPrefix(to) == true }
    }

    @Test(
        "web-2022-23 → current, alerts: the title guidance and the alert screenshot no longer reach Boxes or Icons; the title guidance goes to the 2022 Alerts page"
    )
    func wrongAlertLinksGone() throws {
        let store = try RuleStore.open(path: try BundleDatabase.path)
        let diff = try store.diff(from: "web-2022-23", to: "current", options: .init(topic: "alerts"))
        let rules = try store.ruleTexts(of: diff)
        #expect(diff.through == ["web-2022", "web-2023-09"])
        // Read in the texts: Alerts.txt line 35 is the 2022-23 Alerts page's advice on an alert's
        // title; Boxes.md line 21 is about a box's title. Alerts.txt line 19 describes a
        // screenshot of an alert; Icons.md line 82 is a row of the table of symbols. Neither
        // pair is the same guidance. Compared with 2026 directly they were linked (and shown as
        // possible counterparts); through the 2022 capture neither link is made.
        #expect(
            Self.pair(diff, rules, from: "Write a brief sentence or phrase that describes the situation", to: "If you need a title") == nil)
        #expect(
            Self.pair(
                diff, rules, from: "A screenshot of an alert that displays the full trash icon", to: "Delete — An icon showing a trash can")
                == nil)
        // The 2022 capture's Alerts page holds the title advice as a table row (alerts.md line
        // 38, read by hand: "| Title | ● | ... | Write a brief sentence or phrase that describes
        // the situation. |").
        let toWeb2022 = try store.diff(from: "web-2022-23", to: "web-2022", options: .init(topic: "alerts"))
        let rules2022 = try store.ruleTexts(of: toWeb2022)
        let title = try #require(
            Self.pair(
                toWeb2022, rules2022, from: "Write a brief sentence or phrase that describes the situation",
                to: "Title — Write a brief sentence or phrase that describes the situation"))
        #expect(title.doubt == nil)
        // The right links of the page keep no doubt: the Cancel button rule, rewritten.
        let cancel = try #require(
            Self.pair(diff, rules, from: "Include a Cancel button when there’s a destructive action", to: "If there’s a destructive action")
        )
        #expect(cancel.doubt == nil)
    }

    @Test(
        "'Consider making the Cancel button the default button' → 'you don't want to make a Cancel button the default button' is a reversal"
    )
    func cancelDefaultReversed() throws {
        let store = try RuleStore.open(path: try BundleDatabase.path)
        let diff = try store.diff(from: "web-2022-23", to: "current", options: .init(reversalsOnly: true))
        let rules = try store.ruleTexts(of: diff)
        // Alerts.txt line 66 and Alerts.md line 57, read by hand.
        let pair = try #require(
            Self.pair(diff, rules, from: "Include a Cancel button when there’s a destructive action", to: "If there’s a destructive action")
        )
        #expect(pair.reversal && pair.flags.contains(.reversal))
        #expect(rules[pair.from]?.text.contains("Consider making the Cancel button the default button") == true)
        #expect(rules[pair.to]?.text.contains("you don’t want to make a Cancel button the default button") == true)
    }
}
