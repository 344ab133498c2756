import Foundation
import Testing
@testable import HIGStore
@testable import HIGLineage
@testable import HIGRendering
@testable import HIGText

@Suite("Lineage on the seeds")
struct LineageTests {
    var store: RuleStore { get throws { try SeedsDatabase.store } }

    func rule(_ edition: String, line: Int, file: String? = nil) throws -> RuleRecord {
        try #require(
            try store.rules(RuleFilter(edition: edition)).first {
                $0.source.lineStart <= line && line <= $0.source.lineEnd && (file == nil || $0.source.file.hasSuffix(file!))
            })
    }

    @Test("evolution \"button colors\": dark/light 2008-2011, then the default button on the trailing side")
    func buttonColors() throws {
        let answer = try store.evolution("button colors")
        #expect(answer.reading == .topic("button-placement"))
        let lineage = try #require(answer.lineages.first)
        #expect(lineage.editions == ["2008", "2010", "2011", "web-2022-23"])
        let texts = lineage.versions.map(\.text)
        #expect(texts[0].contains("the button on the left is always dark-colored"))
        #expect(texts.contains { $0.hasPrefix("Use alert button colors appropriately") })
        let last = try #require(lineage.versions.last)
        #expect(last.edition == "web-2022-23" && last.text.contains("Always place the default button on the trailing side"))
        #expect(last.text.contains("Cancel buttons are typically on the leading side"))
        #expect(lineage.links(into: last.id).map(\.change) == [.replaced])
        let text = TextRenderer(colored: false).evolution(answer)
        #expect(text.contains("replaced from 2011-"))
        #expect(text.contains("{+Place+}"))
        #expect(text.contains("[-left is always dark-colored and-]"))
    }

    @Test("evolution of a topic: the lineages most about it first, not the longest ones that touch it")
    func topicLineagesOrder() throws {
        let answer = try BundleDatabase.store.evolution("button colors", limit: 20)
        let titles = answer.lineages.map { $0.versions.map(\.text).joined(separator: " | ") }
        // Read off the bundle's iPhone and iOS editions (2008-2014) and the web HIG: every version
        // of the colour lineage (2008 "the button on the left is always dark-colored" to 2014
        // "Place buttons appropriately") is about the colours and sides of alert buttons; of the
        // seven editions of the "OK" lineage only the web HIG's versions are ("Avoid using OK as
        // the default button title"; 2010-2014 say which title to use), and of "Prefer a
        // two-button alert" only the web HIG's mention the default button.
        let colours = try #require(titles.firstIndex { $0.contains("Use alert button colors appropriately") })
        let ok = try #require(titles.firstIndex { $0.contains("for a simple acceptance option") })
        let prefer = try #require(titles.firstIndex { $0.contains("Prefer a two-button alert") })
        #expect(colours < ok, "\(titles)")
        #expect(colours < prefer, "\(titles)")
    }

    @Test("evolution tap: 'use the word tap' (2010, 2011) becomes 'use a term like choose', flagged as a reversal")
    func tap() throws {
        let answer = try store.evolution("tap")
        let lineage = try #require(answer.lineages.first { $0.versions.contains { $0.text.contains("use a term like choose") } })
        let tap2010 = try rule("2010", line: 5, file: "2010-chunk103.md")
        let tap2011 = try rule("2011", line: 33)
        let current = try rule("web-2022-23", line: 55)
        #expect(lineage.versions.map(\.id).contains(tap2010.id))
        let into2011 = try #require(lineage.links(into: tap2011.id).first)
        #expect(into2011.from == tap2010.id && into2011.change == .unchanged && into2011.method == .matcher)
        let intoCurrent = try #require(lineage.links(into: current.id).first { $0.from == tap2011.id })
        #expect(intoCurrent.reversal)
        let text = TextRenderer(colored: false).evolution(answer)
        #expect(text.contains("REVERSAL"))
        let diff = try store.diff(from: "2011", to: "web-2022-23", options: .init(reversalsOnly: true))
        #expect(diff.changed.map(\.to) == [current.id])
        #expect(diff.added.isEmpty && diff.removed.isEmpty && diff.unchanged.isEmpty)
    }

    @Test("Between 2010 and 2011 the matcher finds the unchanged rules by itself")
    func unchangedBetween2010And2011() throws {
        let diff = try store.diff(from: "2010", to: "2011")
        // Read off the two files: the tap bullet, "Avoid lengthening", "Use alert button colors
        // appropriately" and its two bullets, the Cancel note and "Give alert buttons short,
        // logical titles" with its title-style bullet, and "Inform users of errors" are
        // word for word the same.
        #expect(diff.unchanged.count >= 9)
        let links = try store.allLinks()
        for pair in diff.unchanged {
            let link = try #require(links.first { $0.from == pair[0] && $0.to == pair[1] })
            #expect(link.method == .matcher)
            let before = try #require(try store.rule(id: pair[0]))
            let after = try #require(try store.rule(id: pair[1]))
            // The same words, but for the numbers of page and figure references.
            #expect(
                CrossReferences.foldingReferenceNumbers(WordDiff.comparableWords(before.text))
                    == CrossReferences.foldingReferenceNumbers(WordDiff.comparableWords(after.text)))
        }
        let tapPair = [try rule("2010", line: 5, file: "2010-chunk103.md").id, try rule("2011", line: 33).id]
        #expect(diff.unchanged.contains(tapPair))
    }

    @Test("A force change is flagged: 'Prefer a two-button alert' became 'Generally, use a two-button alert'")
    func forceChange() throws {
        let prefer = try rule("2010", line: 8, file: "2010-chunk103.md")
        let generally = try rule("2011", line: 36)
        let link = try #require(try store.allLinks().first { $0.from == prefer.id && $0.to == generally.id })
        #expect(link.change == .reworded)
        #expect(link.forceChanged && link.forceFrom == .should && link.forceTo == .hedged)
        let flagged = try store.diff(from: "2010", to: "2011", options: .init(forceChangesOnly: true))
        #expect(flagged.changed.contains { $0.from == prefer.id && $0.to == generally.id })
        #expect(flagged.changed.allSatisfy { $0.forceChanged })
    }

    @Test("A current rule with no counterpart in the 2011 excerpt is not in that excerpt, never added")
    func aRuleOnlyInTheCurrentEditionIsNotCalledAdded() throws {
        let startup = try rule("web-2022-23", line: 13)
        #expect(startup.text.hasPrefix("Avoid showing an alert when your app starts"))
        #expect(startup.change == "not-in-excerpt" && startup.previous.isEmpty)
        let diff = try store.diff(from: "2011", to: "web-2022-23")
        #expect(diff.notInFromExcerpt.contains(startup.id))
        #expect(diff.added.isEmpty)
    }

    /// 2010 is chunks 98 and 103 of its document; 2011 rules such as "Keep the title short enough
    /// to display on a single line" and the two capitalization definitions are in its chunks 101
    /// and 102 (read in ../shared/archive), outside the excerpt: absence from it proves nothing.
    @Test("hig diff 2010 2011 calls no rule added: the 17 2011 rules the 2010 excerpt lacks are not in it")
    func noRuleIsAddedAgainstAnExcerpt() throws {
        let diff = try store.diff(from: "2010", to: "2011")
        #expect(diff.added.isEmpty)
        // 39 rules of 2011: 9 unchanged and 13 changed reach back to 2010, the other 17 do not.
        #expect(try store.rules(RuleFilter(edition: "2011")).count == 39)
        #expect(diff.unchanged.count == 9 && diff.changed.count == 13)
        #expect(diff.notInFromExcerpt.count == 17)
        // And, the other way round, 2 rules of 2010 are not in the 2011 excerpt, none removed.
        #expect(diff.notInExcerpt.count == 2 && diff.removed.isEmpty)
        let singleLine = try rule("2011", line: 18)
        #expect(singleLine.text.hasPrefix("Keep the title short enough to display on a single line"))
        #expect(diff.notInFromExcerpt.contains(singleLine.id) && singleLine.change == "not-in-excerpt")
        let text = TextRenderer(colored: false).diff(diff, rules: try store.ruleTexts(of: diff), showUnchanged: false)
        #expect(text.contains("  added             0"))
        #expect(text.contains("(and 17 rules of 2011 not in the 2010 excerpt"))
    }

    @Test("A 2008 rule absent from the 2010 excerpt is not in the excerpt, never removed")
    func notInExcerpt() throws {
        let brevity = try rule("2008", line: 12)
        #expect(brevity.text.hasPrefix("Although brevity is recommended for alert titles"))
        let diff = try store.diff(from: "2008", to: "2010")
        #expect(diff.notInExcerpt.contains(brevity.id))
        #expect(diff.removed.isEmpty)
        // The chain skips the 2010 excerpt: the 2011 rule on single-word titles continues it.
        let singleWord = try rule("2011", line: 20)
        #expect(singleWord.previous == [brevity.id])
        #expect(try store.diff(from: "2010", to: "2011").notInFromExcerpt.contains(singleWord.id))
        // Into the complete web edition, what has no counterpart is removed.
        let web = try store.diff(from: "2011", to: "web-2022-23")
        #expect(web.notInExcerpt.isEmpty && !web.removed.isEmpty)
    }

    @Test func theExportCarriesPreviousAndChange() throws {
        let generally = try rule("2011", line: 36)
        #expect(generally.previous == [try rule("2010", line: 8, file: "2010-chunk103.md").id])
        #expect(generally.change == "reworded")
        #expect(try rule("2008", line: 2).change == nil)  // the first edition has nothing to compare with
        let json = try RuleFormatter.json([generally])
        #expect(json.contains("\"change\" : \"reworded\""))
    }

    @Test func curatedLinksAreAFewAndGiveTheirReason() throws {
        let links = try store.allLinks()
        let curated = links.filter { $0.method == .curated }
        #expect(curated.count == 4)
        #expect(curated.allSatisfy { ($0.rationale ?? "").count > 20 })
        #expect(Double(curated.count) / Double(links.count) < 0.15)
    }

    @Test func diffJSONFollowsTheContract() throws {
        let diff = try store.diff(from: "2010", to: "2011")
        let encoder = JSONEncoder()
        let object = try #require(try JSONSerialization.jsonObject(with: encoder.encode(diff)) as? [String: Any])
        for key in ["from", "to", "added", "removed", "not_in_excerpt", "changed", "unchanged"] {
            #expect(object[key] != nil, "missing \(key)")
        }
        let changed = try #require(object["changed"] as? [[String: Any]])
        #expect(changed.allSatisfy { $0["from"] is String && $0["to"] is String && $0["change"] is String && $0["similarity"] is Double })
        #expect((object["unchanged"] as? [[String]])?.allSatisfy { $0.count == 2 } == true)
    }

    @Test func diffRefusesEditionsOutOfOrderAndUnknownOnes() {
        #expect(throws: HIGError.editionsOutOfOrder(from: "web-2022-23", to: "2011")) { try store.diff(from: "web-2022-23", to: "2011") }
        #expect(throws: HIGError.self) { try store.diff(from: "2009", to: "2011") }
    }
}

@Suite("Lineage building blocks")
struct LineageUnitTests {
    @Test func wordDiffMarksRemovalsAndInsertions() {
        let segments = WordDiff.segments(from: "Prefer a two-button alert.", to: "Generally, use a two-button alert.")
        #expect(WordDiff.plain(segments) == "[-Prefer-] {+Generally, use+} a two-button alert.")
        #expect(WordDiff.segments(from: "Don’t do it", to: "Don't do it") == [.same("Don't do it")])
    }

    @Test("A changed page or figure number is no change; a changed value is a revision, not a rewording")
    func crossReferencesAndValues() {
        // Modelled on 2008 -> 2010, "Update users on tasks that are progressing normally": only the pages moved.
        let old = "Instead, consider using a progress view (described in \"Progress Views\" (page 96) and Figure 7-1 (page 69))."
        let new = "Instead, consider using a progress view (described in \"Progress Views\" (page 115) and Figure 8-1 (page 79))."
        #expect(ChangeClass.of(from: old, to: new, cosine: 1).0 == .unchanged)
        // Modelled on 2010 -> 2011, "Prefer a two-button alert": where the guide sends the reader changed, with
        // "Prefer" to "Generally, use"; what it says to do did not.
        let see = "Prefer a two-button alert. Consider an action sheet (see \"Using Action Sheets\" (page 81) for more information)."
        let learn = "Generally, use a two-button alert. Consider an action sheet (to learn how, see \"Action Sheet\" (page 119))."
        #expect(CrossReferences.guidanceWords(learn).suffix(4) == ["an", "action", "sheet", CrossReferences.citation])
        #expect(ChangeClass.of(from: see, to: learn, cosine: 0.7).0 == .reworded)
        #expect(
            CrossReferences.foldingReferenceNumbers(["see", "pages", "12", "13", "and", "figure", "7", "1", "or", "3", "buttons"])
                == ["see", "pages", "#", "#", "and", "figure", "#", "#", "or", "3", "buttons"])
        // A value changed in a long rule ("three" tabs to "four"; word similarity 2 × 21 / 44 = 0.95): revised.
        let three = "If your app has more than three tabs, a More tab gives people access to the rest of them in a list."
        let four = "If your app has more than four tabs, a More tab gives people access to the rest of them in a list."
        #expect(ChangeClass.of(from: three, to: four, cosine: 0.9).0 == .revised)
        // A changed word that is no value stays a rewording.
        let people = "If your app has more than three tabs, a More tab gives users access to the rest of them in a list."
        #expect(ChangeClass.of(from: three, to: people, cosine: 0.9).0 == .reworded)
        // A number is a reference's only after a reference word: "3 buttons" is a value.
        let (three3, two2) = ("Show 3 buttons at most in any alert you make.", "Show 2 buttons at most in any alert you make.")
        #expect(ChangeClass.of(from: three3, to: two2, cosine: 0.9).0 == .revised)
    }

    @Test("A rewording swaps a few words at a few places; a clause added or dropped is a revision")
    func rewordingsAndRevisions() {
        // Rewordings and revisions as the generated corpus makes them.
        func change(_ old: String, _ new: String) -> ChangeClass { ChangeClass.of(from: old, to: new, cosine: 0.5).0 }
        // A short rule: one phrase of four words for one (word similarity 2 × 3 / 11 = 0.55): reworded.
        #expect(change("Choose help buttons in a consistent way.", "Choose help buttons consistently.") == .reworded)
        // Three places in a short rule: revised.
        #expect(change("Choose help buttons in a consistent way.", "Pick help labels in a coherent way.") == .revised)
        // A long rule, one word swapped: reworded; a clause of six words added: revised, though
        // all its 19 words are kept (word similarity 2 × 19 / 44 = 0.86).
        let long = "Keep alert titles short and descriptive, since people read them at a glance before they act on the alert."
        #expect(change(long, long.replacingOccurrences(of: "people", with: "users")) == .reworded)
        let added = long.replacingOccurrences(of: "glance before", with: "glance, often while they do something else, before")
        #expect(change(long, added) == .revised)
        #expect(
            ChangeClass.changedPlaces(["a", "b", "c", "d", "e"], ["a", "x", "c", "y", "z", "e"]).map { [$0.removed, $0.inserted] }
                == [[1, 1], [1, 2]])
        // Aqua 2001 -> 2002: few words in common (cosine 0.02), so replaced; linked in its place by
        // its opening word, as the gap pass does, it is that rule revised.
        let hints = "Use hints sparingly."
        let helpTags = "Use help tags primarily to provide necessary information, rather than incidental tips."
        #expect(ChangeClass.of(from: hints, to: helpTags, cosine: 0.02, leadCosine: 0.05).0 == .replaced)
        #expect(ChangeClass.of(from: hints, to: helpTags, cosine: 0.02, leadCosine: 0.05, revisedInPlace: true).0 == .revised)
    }

    @Test("The changed places are a shortest edit's; a text with no parenthesis has its own words as its guidance words")
    func changedPlacesAndGuidanceAgree() {
        var random = SeededRandom(seed: 23)
        for _ in 0..<2_000 {
            // Few distinct words, so that many alignments are equally short.
            let alphabet = (0..<random.int(2...5)).map { "w\($0)" }
            let a = (0..<random.int(0...14)).map { _ in random.pick(alphabet) }
            let b = (0..<random.int(0...14)).map { _ in random.pick(alphabet) }
            let places = ChangeClass.changedPlaces(a, b)
            let kept = WordDiff.commonSubsequenceLength(a, b)
            #expect(places.reduce(0) { $0 + $1.removed } == a.count - kept, "\(a) \(b)")
            #expect(places.reduce(0) { $0 + $1.inserted } == b.count - kept, "\(a) \(b)")
            #expect(places.allSatisfy { $0.removed + $0.inserted > 0 })
            let text = (a + ["page", "12", "Figure", "3-4"]).joined(separator: " ")
            #expect(CrossReferences.guidanceWords(text) == CrossReferences.foldingReferenceNumbers(WordDiff.comparableWords(text)))
        }
    }

    @Test("Words split as Characters split them, on ASCII whitespace and any other")
    func displayWordsSplitLikeCharacters() {
        var random = SeededRandom(seed: 7)
        let pieces = [
            "alert", "OK", " ", "  ", "\t", "\n", "\r\n", "\u{0B}", "\u{0C}", "\r", "don't", "“quoted”", "\u{A0}",
            "\u{2003}", "e\u{301}", " \u{301}", "\u{85}", "—", ".", "",
        ]
        for _ in 0..<2_000 {
            let text = (0..<random.int(0...12)).map { _ in random.pick(pieces) }.joined()
            #expect(WordDiff.displayWords(text) == text.split(whereSeparator: \.isWhitespace).map(String.init), "\(text.debugDescription)")
        }
        #expect(WordDiff.displayWords(" Use\tclear\r\nwords. ") == ["Use", "clear", "words."])
    }

    @Test("Word diffs make a shortest edit, the one Swift 6.3's `difference(from:)` makes: random word lists with many ties, some long")
    func wordDiffOffsetsAsTheWholeDifference() {
        // A tie traced by hand through the search: of the two shortest edits of [w1 w0] into
        // [w0 w0], the one that inserts the first w0 and keeps the second.
        let tie = WordDiff.changedOffsets(from: ["w1", "w0"], to: ["w0", "w0"])
        #expect(tie.removed == [true, false] && tie.inserted == [true, false])
        let plain = WordDiff.changedOffsets(from: ["a", "b", "c"], to: ["a", "c", "d"])
        #expect(plain.removed == [false, true, false] && plain.inserted == [false, false, true])
        var random = SeededRandom(seed: 11)
        for _ in 0..<20_000 {
            // Few distinct words, so that many alignments are equally short.
            let alphabet = (0..<random.int(2...5)).map { "w\($0)" }
            let a = (0..<random.int(0...(random.chance(0.15) ? 60 : 12))).map { _ in random.pick(alphabet) }
            var b = a
            for _ in 0..<random.int(0...(a.count > 12 ? 12 : 3)) {
                switch random.int(0...2) {
                case 0 where !b.isEmpty: b.remove(at: random.int(below: b.count))
                case 1: b.insert(random.pick(alphabet), at: random.int(0...b.count))
                default: if !b.isEmpty { b[random.int(below: b.count)] = random.pick(alphabet) }
                }
            }
            if random.chance(0.3) { b = (0..<random.int(0...(a.count > 12 ? 60 : 12))).map { _ in random.pick(alphabet) } }
            let found = WordDiff.changedOffsets(from: a, to: b)
            let (foundRemoved, foundInserted) = (
                Set(found.removed.indices.filter { found.removed[$0] }), Set(found.inserted.indices.filter { found.inserted[$0] })
            )
            // A shortest edit: it keeps a longest common subsequence, the same words on both sides.
            let kept = WordDiff.commonSubsequenceLength(a, b)
            #expect(foundRemoved.count == a.count - kept && foundInserted.count == b.count - kept, "\(a) → \(b)")
            #expect(a.indices.filter { !found.removed[$0] }.map { a[$0] } == b.indices.filter { !found.inserted[$0] }.map { b[$0] })
            // The standard library's own choice among shortest edits changed with Swift 6.3 (its
            // linear-space search); on Linux it ships with the compiler.
            #if compiler(>=6.3) && os(Linux)
                var removed = Set<Int>(), inserted = Set<Int>()
                for change in b.difference(from: a) {
                    switch change {
                    case .remove(let offset, _, _): removed.insert(offset)
                    case .insert(let offset, _, _): inserted.insert(offset)
                    }
                }
                #expect(foundRemoved == removed && foundInserted == inserted, "\(a) → \(b)")
            #endif
        }
    }

    @Test("Word diffs of ASCII texts, made on bytes, are the diffs of their words; other texts take the words' way")
    func asciiWordDiffsAsTheWordsMakeThem() {
        var random = SeededRandom(seed: 29)
        let pieces = [
            "alert", "Alert", "OK", "ok", "don't", "\"Cancel\"", "buttons.", "a", "the", " ", "  ", "\t", "\n", "\r\n", "\u{0B}", "\u{0C}",
            "-", "",
        ]
        for _ in 0..<5_000 {
            let old = (0..<random.int(0...16)).map { _ in random.pick(pieces) }.joined(separator: random.chance(0.5) ? " " : "")
            var words = old.split(separator: " ").map(String.init)
            for _ in 0..<random.int(0...4) {
                switch random.int(0...2) {
                case 0 where !words.isEmpty: words.remove(at: random.int(below: words.count))
                case 1: words.insert(random.pick(pieces), at: random.int(0...words.count))
                default: if !words.isEmpty { words[random.int(below: words.count)] = random.pick(pieces) }
                }
            }
            let new =
                random.chance(0.2)
                ? (0..<random.int(0...16)).map { _ in random.pick(pieces) }.joined(separator: " ") : words.joined(separator: " ")
            #expect(
                WordDiff.asciiSegments(from: old, to: new) == WordDiff.segmentsOfWords(from: old, to: new),
                "\(old.debugDescription) → \(new.debugDescription)")
        }
        // Curly quotes fold to straight ones, and Unicode spaces split words: not on the bytes' way.
        #expect(WordDiff.asciiSegments(from: "Tap \u{201C}OK\u{201D}.", to: "Tap \"OK\".") == nil)
        #expect(
            WordDiff.segments(from: "Tap \u{201C}OK\u{201D} now.", to: "Tap \"OK\" later.") == [
                .same("Tap \"OK\""), .removed("now."), .inserted("later."),
            ])
        #expect(
            WordDiff.segments(from: "Use  clear\twords in\nalerts.", to: "Use clear, short words in alerts.")
                == [.same("Use"), .removed("clear"), .inserted("clear, short"), .same("words in alerts.")])
    }

    /// What the similarity counted as shared before it had its own search: the words
    /// `difference(from:)` does not remove.
    static func keptByDifference(_ a: [String], _ b: [String]) -> Int {
        a.count - b.difference(from: a).removals.count
    }

    @Test("The similarity's common words are those `difference(from:)` keeps: random word lists, edge cases, the seeds")
    func commonSubsequenceAsTheDifferenceKeepsIt() {
        var random = SeededRandom(seed: 23)
        for _ in 0..<20_000 {
            // Few distinct words, so that many alignments are equally short; some lists long.
            let alphabet = (0..<random.int(1...6)).map { "w\($0)" }
            let a = (0..<random.int(0...(random.chance(0.1) ? 60 : 14))).map { _ in random.pick(alphabet) }
            var b = a
            for _ in 0..<random.int(0...6) {
                switch random.int(0...2) {
                case 0 where !b.isEmpty: b.remove(at: random.int(below: b.count))
                case 1: b.insert(random.pick(alphabet), at: random.int(0...b.count))
                default: if !b.isEmpty { b[random.int(below: b.count)] = random.pick(alphabet) }
                }
            }
            if random.chance(0.3) { b = (0..<random.int(0...14)).map { _ in random.pick(alphabet) } }
            #expect(WordDiff.commonSubsequenceLength(a, b) == Self.keptByDifference(a, b), "\(a) → \(b)")
        }
        let cases: [([String], [String])] = [
            ([], []), (["a"], []), ([], ["a"]), (["a"], ["a"]), (["a"], ["b"]), (["a", "b"], ["b", "a"]),
            (["a", "b", "c"], ["c", "b", "a"]), (["x", "a", "b", "y"], ["x", "b", "a", "y"]),
            (["a", "a", "a"], ["a", "a"]), (["a", "b", "a", "b"], ["b", "a", "b", "a"]),
            // Words equal as Swift compares strings (canonically), not as bytes.
            (["caf\u{E9}", "au", "lait"], ["cafe\u{301}", "au", "lait"]), (["e\u{301}"], ["\u{E9}", "e"]),
            (["one", "two", "three", "four"], ["five", "six"]),
        ]
        for (a, b) in cases {
            #expect(WordDiff.commonSubsequenceLength(a, b) == Self.keptByDifference(a, b), "\(a) → \(b)")
            #expect(WordDiff.commonSubsequenceLength(b, a) == Self.keptByDifference(b, a), "\(b) → \(a)")
        }
        // Each seed rule against the next three in its edition and the five around its place in
        // the next edition: texts that share a little, a lot, or nothing.
        let editions = Fixtures.seeds.manifest.orderedEditions.map { Fixtures.rules($0.id).map { WordDiff.comparableWords($0.draft.text) } }
        var compared = 0
        for (index, rules) in editions.enumerated() {
            let next = index + 1 < editions.count ? editions[index + 1] : []
            for (place, words) in rules.enumerated() {
                let others =
                    rules[min(rules.count, place + 1)..<min(rules.count, place + 4)]
                    + next[min(next.count, max(0, place - 2))..<min(next.count, place + 3)]
                for other in others {
                    #expect(WordDiff.commonSubsequenceLength(words, other) == Self.keptByDifference(words, other), "\(words) → \(other)")
                    compared += 1
                }
            }
        }
        #expect(compared > 500)
    }

    @Test("Texts are the same bytes only byte for byte: not merely equal as Swift strings")
    func sameBytesIsByteEquality() {
        #expect(Linker.sameBytes("Use an alert.", "Use an alert."))
        #expect(Linker.sameBytes("", ""))
        #expect(!Linker.sameBytes("Use an alert.", "Use an alert!"))
        #expect(!Linker.sameBytes("Use an alert.", "Use an alert. "))
        // Canonically equivalent, so `==`, but not the same bytes.
        #expect("caf\u{E9}" == "cafe\u{301}")
        #expect(!Linker.sameBytes("caf\u{E9}", "cafe\u{301}"))
        let long = String(repeating: "Prefer a two-button alert. ", count: 40)
        #expect(Linker.sameBytes(long, String(decoding: Array(long.utf8), as: UTF8.self)))
    }

    @Test(
        "Normative force of lead sentences",
        arguments: [
            ("Prefer a two-button alert. More.", NormativeForce.should),
            ("Generally, use a two-button alert.", .hedged),
            ("Use verbs and verb phrases.", .imperative),
            ("Always use sentence-style capitalization.", .must),
            ("Be sure to use the word tap.", .must),
            ("Avoid creating unnecessary alerts.", .avoid),
            ("Don't enclose a button title in quotes.", .dont),
            ("You can include a Help button.", .may),
            ("An alert gives people critical information.", .none),
            ("When possible, avoid displaying an alert that scrolls.", .avoid),
        ])
    func force(text: String, expected: NormativeForce) {
        #expect(NormativeForce.of(text) == expected)
    }

    @Test func reversalsComeFromRecommendedAndRejectedWords() {
        #expect(
            Linker.isReversal(
                from: "Be sure to use the word \"tap\" (not \"touch\" or \"click\" or \"choose\") to describe the selection action.",
                to: "In rare cases, use a term like choose to account for people's device."))
        #expect(
            Linker.isReversal(from: "Prefer \"OK\" for a simple acceptance option.", to: "Avoid using \"OK\" as the default button title."))
        #expect(!Linker.isReversal(from: "Keep the message short.", to: "Avoid creating an alert message that is too long."))
        #expect(!Linker.isReversal(from: "Use \"OK\" for acceptance.", to: "Use \"OK\" for acceptance only."))
    }
}
