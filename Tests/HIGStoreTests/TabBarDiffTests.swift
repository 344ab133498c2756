import HIGTestSupport
import Testing

@testable import HIGStore

/// Issue 30's example: `hig diff ios-2014-03 current --topic "tab bars"` once showed six wrong
/// pairs as links, one of them at confidence 0.91, with the same confidence as the right ones.
@Suite("The tab bars diff from 2014 to today")
struct TabBarDiffTests {
    @Test("No wrong pair is shown without doubt, the badge link is, and it outranks every doubted pair")
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
    }
}
