import Testing

@testable import HIGStore
@testable import HIGLineage

/// Reversals read from the acts two rules advise: one recommends an act, the other advises
/// against the same act, in any clause of any sentence.
@Suite("Reversals of an advised act")
struct AdvisedActsTests {
    @Test(
        "An act recommended, then advised against, is a reversal: 'Consider making X' → 'you don't want to make X'",
        arguments: [
            (
                "Consider making the Cancel button the default button so that people must intentionally choose a button other than the default.",
                "Note that you don’t want to make a Cancel button the default button."
            ),
            ("You should place the toolbar at the bottom of the screen.", "You shouldn't place the toolbar at the bottom of the screen."),
            ("Always display a confirmation alert before deleting files.", "Never display a confirmation alert before deleting files."),
            ("Use a segmented control in a toolbar for app modes.", "Avoid using a segmented control in a toolbar for app modes."),
            ("We don't recommend using custom icons in alert buttons.", "Consider using custom icons in alert buttons."),
            ("Make the message text centered in the alert.", "If the message is long, do not make the message text centered in the alert."),
        ])
    func reversed(from old: String, to new: String) {
        #expect(NormativeForce.actsReversed(from: old, to: new))
        #expect(Linker.isReversal(from: old, to: new))
    }

    @Test(
        "Other acts, the same advice in other words, or a text advising both ways are no reversal",
        arguments: [
            // The same concern, not the same act.
            ("Keep the message short.", "Avoid creating an alert message that is too long."),
            // Another object: any button, not the Cancel button.
            ("Consider making the Cancel button the default button.", "Avoid making any button the default button."),
            // 'avoid' inside a phrase advises nothing.
            (
                "Make the Cancel button the default button.",
                "A Cancel button gives a safe way to avoid making the Cancel button the default button."
            ),
            // The earlier rule already advised against it in another case.
            (
                "Make the Cancel button the default button. When the action is destructive, don't make the Cancel button the default button.",
                "Don't make the Cancel button the default button."
            ),
            // Both advise against it.
            ("Don't make the Cancel button the default button.", "You don't want to make a Cancel button the default button."),
            // A restriction both ways, not a flip (the bundle's 2014 → 2022-23 gestures rule).
            (
                "In general, avoid defining new gestures unless your app is a game.",
                "Define new gestures only when it makes sense in your app."
            ),
            // An object of one word is too little to compare.
            ("Use it.", "Don't use it."),
        ])
    func notReversed(from old: String, to new: String) {
        #expect(!NormativeForce.actsReversed(from: old, to: new))
    }

    @Test("A word a text rules out is not one it recommends: a rule kept word for word is no reversal")
    func wordBothWays() {
        // aqua-2001-10's glossary, kept word for word in aqua-2002-06.
        let entry = "screen shot: Two words. Don't use \"screen dump.\""
        #expect(!Linker.isReversal(from: entry, to: entry))
        #expect(Linker.isReversal(from: "Use \"screen dump\" for a picture of the screen.", to: entry))
    }

    @Test("'avoid' and 'consider' name an act only with an -ing verb after them; 'don't want to' names the verb after it")
    func actsRead() {
        let acts = NormativeForce.advisedActs(
            "Avoid clutter in the toolbar. Note that you don't want to make the toolbar crowded with buttons.")
        #expect(acts.recommended.isEmpty)
        #expect(acts.advisedAgainst.map(\.verb) == ["mak"])
        #expect(acts.advisedAgainst.first?.object == ["toolbar", "crowded", "button"])
    }
}
