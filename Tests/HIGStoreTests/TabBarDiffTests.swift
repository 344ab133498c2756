import HIGTestSupport
import Testing

@testable import HIGStore

/// Issue 30's example: `hig diff ios-2014-03 current --topic "tab bars"` once showed six wrong
/// pairs as links, one of them at confidence 0.91, with the same confidence as the right ones.
@Suite("The tab bars diff from 2014 to today")
struct TabBarDiffTests {
    @Test("No wrong pair is shown without doubt, the badge link is, and the two right pairs outrank every wrong one")
    func noWrongPairWithoutDoubt() throws {
        let diff = try BundleDatabase.store.diff(from: "ios-2014-03", to: "current", options: .init(topic: "tab-bars"))
        // Read in the texts: 2014's "Consider badging a tab bar icon to communicate
        // unobtrusively" (full_document.md:2131) is 2026's "Use a badge to indicate that critical
        // information is available" (Tab bars.md:37).
        let badge = ("ios-2014-03-d35988d8", "web-2026-07-b1a5eca4")
        let sure = diff.changed.filter { !$0.isForReview }
        #expect(sure.map { [$0.from, $0.to] } == [[badge.0, badge.1]], "\(sure.map { "\($0.from) → \($0.to)" })")
        // The six the issue named: the table rows "Contacts — Show contacts." and "Featured — Show
        // content featured by the app.", the list items "Always appears at the bottom edge of the
        // screen" and "Maintains the same height in all orientations", the tab bar controller's
        // API note and the lead-in "A tab bar:". None is linked without doubt.
        let wrong = [
            "ios-2014-03-2617b596", "ios-2014-03-a79b9d83", "ios-2014-03-baef716b", "ios-2014-03-d9c13f74", "ios-2014-03-3d2477a8",
            "ios-2014-03-108cd5f2",
        ]
        for id in wrong { #expect(!sure.contains { $0.from == id }, "\(id)") }
        let badgeConfidence = try #require(sure.first?.confidence)
        for pair in diff.changed where pair.isForReview { #expect((pair.confidence ?? 0) < badgeConfidence, "\(pair.from) → \(pair.to)") }
        // iPad's tab bar in a split view (full_document.md:2133) goes on, through 2022's Mac
        // Catalyst page, to 2026's: right, and shown with doubt, since it changed pages.
        let splitView = try #require(diff.changed.first { $0.from == "ios-2014-03-7fd36f81" })
        #expect(splitView.to == "web-2026-07-d6df6063" && splitView.isForReview)
        // Confidence ranks the two right pairs above every other pair, each read as wrong in the
        // texts: 2014's navigation bar rule (line 2013) and today's "Use a tab bar to support
        // navigation"; the API note and a pull-down menu's gesture; "Always appears at the bottom
        // edge of the screen" and the bottom of a sidebar; too many tabs and too many segments of
        // a segmented control; no More tab on iPad and a widget. The split view's chain ends in a
        // restoration of the same words (2022's Mac Catalyst page, back in 2026), as sure as a
        // rule that kept them (docs/lineage.md gives the figures).
        let splitViewConfidence = try #require(splitView.confidence)
        let others = diff.changed.filter { $0.from != badge.0 && $0.from != splitView.from }
        #expect(others.count == 5, "\(others.map { "\($0.from) → \($0.to)" })")
        for pair in others { #expect((pair.confidence ?? 1) < splitViewConfidence, "\(pair.from) → \(pair.to)") }
    }

    @Test("Don't remove a tab: no link through the 2022 CarPlay page's copy, and today's rule its first candidate")
    func dontRemoveATab() throws {
        // 2014's "Don't remove a tab when its function is unavailable" (full_document.md:2129)
        // went, nearly word for word, to 2022's CarPlay page (a link shown with doubt: another
        // page), which 2023-09 dropped; today's tab bars page says it again in other words:
        // "Don't disable or hide tab bar buttons, even when their content is unavailable" (Tab
        // bars.md:25). The diff calls the 2014 rule removed and offers that one first.
        let diff = try BundleDatabase.store.diff(
            from: "ios-2014-03", to: "current", options: .init(topic: "tab-bars", candidates: 3))
        let rule = "ios-2014-03-4c4f9d78"
        #expect(diff.removed.contains(rule))
        #expect(diff.candidates?[rule]?.first?.rule == "web-2026-07-1f538e62", "\(diff.candidates?[rule] ?? [])")
    }
}
