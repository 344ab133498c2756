import Foundation
import Testing
@testable import HIGLineage
@testable import HIGRendering
@testable import HIGStore

/// `hig diff --candidates N`: under each removed and added rule, the rules of the other edition
/// the matcher weighed for it and turned down, with their scores.
@Suite("Likely counterparts of removed and added rules")
struct CounterpartCandidateTests {
    @Test(
        "2011's removed 'integrate such information into the UI' has 2014's table row on problems users can do nothing about among its three"
    )
    func removedRule() throws {
        let store = try BundleDatabase.store
        let diff = try store.diff(from: "ios-2011-03", to: "ios-2014-03", options: .init(topic: "alerts", candidates: 3))
        let rules = try store.ruleTexts(of: diff)
        // Read in the texts: 2011 line 2326 ("it's better to integrate such information into the
        // UI") and the row of 2014's table of what to use instead of an alert, "Informs users of
        // problems they can do nothing about — If the problem isn't critical, integrate the
        // information into the app's UI".
        let removed = try #require(
            diff.removed.first { rules[$0]?.text.hasPrefix("Although it might be necessary to use an alert") == true })
        let counterpart = try #require(
            diff.candidates?[removed]?.first {
                rules[$0.rule]?.text.hasPrefix("Informs users of problems they can do nothing about") == true
            })
        // Turned down: under the score a pair needs unless the two are each other's best.
        #expect(counterpart.score > 0 && counterpart.score < 0.45)
        let all = try #require(diff.candidates)
        #expect(!all.isEmpty)
        let review = diff.changed.filter(\.isForReview)
        for (id, candidates) in all {
            #expect(diff.removed.contains(id) || diff.added.contains(id) || review.contains { $0.from == id || $0.to == id })
            let other = id.hasPrefix("ios-2011-03-") ? "ios-2014-03-" : "ios-2011-03-"
            #expect(candidates.count <= 3 && candidates.allSatisfy { $0.rule.hasPrefix(other) && $0.score > 0 })
            // Best first (one where the rule's neighbours went ranks `NeighbourPlaces.lead`
            // higher), those kept word for word after the others, those unlike the rule in
            // length last.
            let alike = candidates.filter { $0.unlikeInLength == nil }
            for group in [alike.filter { $0.keptWordForWord == nil }, alike.filter { $0.keptWordForWord == true }] {
                let ranks = group.map { $0.score + ($0.whereNeighboursWent == true ? NeighbourPlaces.lead : 0) }
                #expect(ranks == ranks.sorted(by: >))
            }
            #expect(candidates == CounterpartCandidates.ordered(candidates))
            #expect(candidates.allSatisfy { rules[$0.rule] != nil })
        }
        #expect(try store.diff(from: "ios-2011-03", to: "ios-2014-03", options: .init(topic: "alerts")).candidates == nil)
    }

    @Test(
        "A rule the other edition continues word for word comes after the others: 2014's 'base the way the action sheet is displayed' gets 2011's 'choose whether to display an action sheet with animation'"
    )
    func continuedRulesLast() throws {
        let store = try BundleDatabase.store
        let diff = try store.diff(from: "ios-2011-03", to: "ios-2014-03", options: .init(topic: "action-sheets", candidates: 3))
        // Read in the texts: 2011 line 2421, "On iPad, choose whether to display an action sheet
        // with animation or without animation", is reworked in 2014 line 3118, "On iPad, base the
        // way the action sheet is displayed on the way the user initiates the task", whose table
        // says when to show it without animation. 2011's "An action sheet displays a set of choices
        // related to a task the user initiates" (line 2392) scores higher by its words, but 2014
        // keeps it word for word.
        let added = "ios-2014-03-1c0631d0"
        let continued = "ios-2011-03-0786631f"
        #expect(diff.unchanged.contains { $0.first == continued })
        let candidates = try #require(diff.candidates?[added]).map(\.rule)
        #expect(candidates.contains("ios-2011-03-d14768d2"))
        #expect(!candidates.contains(continued))
        // It is still a candidate, after those no rule continues.
        let ten = try store.diff(from: "ios-2011-03", to: "ios-2014-03", options: .init(topic: "action-sheets", candidates: 10))
        let all = try #require(ten.candidates?[added])
        let place = try #require(all.firstIndex { $0.rule == continued })
        let right = try #require(all.firstIndex { $0.rule == "ios-2011-03-d14768d2" })
        #expect(place > right)
        #expect(all[place].score > all[place - 1].score)
        #expect(all[place].keptWordForWord == true && all[..<place].allSatisfy { $0.keptWordForWord == nil })
        // Said where it is shown: in text, after its score; in Markdown, beside it; in JSON, only where true.
        let options = RuleStore.DiffOptions(topic: "action-sheets", candidates: 10)
        let rules = try store.ruleTexts(of: ten)
        let text = TextRenderer(colored: false).diff(ten, rules: rules, options: options, showUnchanged: false)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("      \(continued)  ") })
        #expect(line.hasSuffix("(kept word for word) An action sheet displays a set of choices related to a task the user initiates."))
        let markdown = TextRenderer.diffMarkdown(ten, rules: rules, options: options)
        #expect(markdown.contains(try Regex("\(continued) \\(0\\.[0-9]{2}, kept word for word\\)")))
        #expect(String(decoding: try JSONEncoder().encode(all[place]), as: UTF8.self).contains("\"kept_word_for_word\":true"))
        #expect(!String(decoding: try JSONEncoder().encode(all[0]), as: UTF8.self).contains("kept"))
    }

    @Test(
        "A removed rule's candidate kept word for word comes after the others: 2008's 'provide an appropriate default choice' and 2010's cancel button on the right"
    )
    func keptCandidateOfRemovedRule() throws {
        let store = try BundleDatabase.store
        let diff = try store.diff(from: "iphone-2008-11", to: "iphone-2010-03", options: .init(topic: "alerts", candidates: 10))
        // Read in the texts: 2008 line 1273, "Because users sometimes respond to alerts without
        // reading them carefully, be sure to provide an appropriate default choice ...", is not
        // in 2010 (nor in 2011: Tests/Gold/ios-line.jsonl has it back in 2014). 2010 line 1472,
        // "In a two-button alert that proposes a potentially risky action, the button that
        // cancels the action should be on the right (and light-colored)", is 2008 line 1278 in
        // the same words ("on the right and light-colored").
        let removed = "iphone-2008-11-108eef63"
        #expect(diff.removed.contains(removed))
        #expect(diff.unchanged.contains { $0 == ["iphone-2008-11-00de3bae", "iphone-2010-03-2eedfcb3"] })
        let candidates = try #require(diff.candidates?[removed])
        let kept = try #require(candidates.firstIndex { $0.rule == "iphone-2010-03-2eedfcb3" })
        #expect(candidates[kept].keptWordForWord == true)
        #expect(candidates[..<kept].allSatisfy { $0.keptWordForWord == nil } && kept >= 3)
        #expect(candidates[..<kept].contains { $0.score < candidates[kept].score })
    }

    @Test("Of four copies where the newer edition has two, none is called kept; the newer two are")
    func copiesAreKeptOnlyAsOftenAsTheOtherEditionHoldsThem() throws {
        let store = try BundleDatabase.store
        let diff = try store.diff(from: "ios-2011-03", to: "ios-2014-03", options: .init(candidates: 10))
        let rules = try store.ruleTexts(of: diff)
        // Read in the texts: 2011 has the table heading "Button — Name — Meaning" four times
        // (lines 2858, 2867, 2885 and 2938), 2014 twice (lines 2080 and 2094): two of 2011's have
        // no counterpart of their words, so none of them is sure to be continued.
        let olderCopies = ["ios-2011-03-70d1c42f", "ios-2011-03-b97299c9", "ios-2011-03-94f4a6a0", "ios-2011-03-103b80b5"]
        let newerCopies = ["ios-2014-03-784bca78", "ios-2014-03-e2d67e28"]
        #expect((olderCopies + newerCopies).allSatisfy { rules[$0]?.text == "Button — Name — Meaning" })
        let all = try #require(diff.candidates)
        // Candidates of other rules (a copy's candidates of its own words are no counterpart elsewhere).
        let others = all.filter { !(olderCopies + newerCopies).contains($0.key) }.values.flatMap { $0 }
        let ofOlder = others.filter { olderCopies.contains($0.rule) }
        let ofNewer = others.filter { newerCopies.contains($0.rule) }
        #expect(!ofOlder.isEmpty && ofOlder.allSatisfy { $0.keptWordForWord == nil })
        #expect(!ofNewer.isEmpty && ofNewer.allSatisfy { $0.keptWordForWord == true })
        let ofCopies = all.filter { olderCopies.contains($0.key) }.values.flatMap { $0 }.filter { newerCopies.contains($0.rule) }
        #expect(!ofCopies.isEmpty && ofCopies.allSatisfy { $0.keptWordForWord == nil })
    }

    @Test(
        "A candidate where the rule's neighbours went comes before one of another section that scores more, in the text and JSON"
    )
    func whereNeighboursWent() throws {
        let store = try BundleDatabase.store
        let diff = try store.diff(from: "ios-2011-03", to: "ios-2014-03", options: .init(topic: "action-sheets", candidates: 3))
        // Read in the texts (and so in the gold set): 2014's "On iPad, base the way the action
        // sheet is displayed on the way the user initiates the task" (line 3118) reworks 2011's
        // "On iPad, choose whether to display an action sheet with animation or without
        // animation" (line 2421), between the same neighbours of the action sheet's guidelines.
        // 2011's "Use an action sheet to:" (line 2396), the start of another list, shares more
        // of its words.
        let candidates = try #require(diff.candidates?["ios-2014-03-1c0631d0"])
        let first = try #require(candidates.first)
        #expect(first.rule == "ios-2011-03-d14768d2" && first.whereNeighboursWent == true)
        let scoresMore = try #require(candidates.first { $0.rule == "ios-2011-03-150bbb1e" })
        #expect(scoresMore.score > first.score && scoresMore.whereNeighboursWent == nil)
        let json = String(decoding: try JSONEncoder().encode(first), as: UTF8.self)
        #expect(json.contains("\"where_neighbours_went\":true"))
        let text = TextRenderer(colored: false).diff(
            diff, rules: try store.ruleTexts(of: diff), options: .init(topic: "action-sheets", candidates: 3), showUnchanged: false)
        #expect(text.contains("ios-2011-03-d14768d2  0.28  (where its neighbours went) On iPad, choose whether"))
        // Without the diff's pairs, no place is known: the order is the scores'.
        let unplaced = try CounterpartCandidates.find(
            store.db, older: "ios-2011-03", newer: "ios-2014-03", removed: [], added: ["ios-2014-03-1c0631d0"], limit: 3)
        let scores = try #require(unplaced["ios-2014-03-1c0631d0"]).map(\.score)
        #expect(scores == scores.sorted(by: >) && unplaced.values.joined().allSatisfy { $0.whereNeighboursWent == nil })
    }

    @Test("Ranking where the neighbours went keeps the order of equal ranks")
    func placedFirstKeepsOrder() {
        let candidates = [(0.5, false), (0.4, true), (0.3, false), (0.2, true), (0.3, false)].enumerated().map { index, pair in
            CounterpartCandidate(rule: "r\(index)", score: pair.0, similarity: pair.0, whereNeighboursWent: pair.1 ? true : nil)
        }
        // Ranks 0.5, 0.6, 0.3, 0.4, 0.3: r2 and r4 tie, and keep their order.
        #expect(NeighbourPlaces.placedFirst(candidates).map(\.rule) == ["r1", "r0", "r3", "r2", "r4"])
    }

    @Test("Candidates keep their order, with those kept word for word moved after the rest")
    func keptLastKeepsOrder() {
        let candidates = [0.9, 0.8, 0.7, 0.6, 0.5].enumerated().map { index, score in
            CounterpartCandidate(
                rule: "r\(index)", score: score, similarity: score, keptWordForWord: index % 2 == 1 ? true : nil)
        }
        #expect(CounterpartCandidates.keptLast(candidates).map(\.rule) == ["r0", "r2", "r4", "r1", "r3"])
        #expect(CounterpartCandidates.keptLast([]).isEmpty)
    }

    @Test(
        "A bare label comes after the sentences, whatever its score: 2011's 'Consider adding blur ... drop shadows' gets 2010's 'Drop shadow' last"
    )
    func unlikeInLengthLast() throws {
        let store = try BundleDatabase.store
        let options = RuleStore.DiffOptions(candidates: 3)
        let diff = try store.diff(from: "iphone-2010-03", to: "ios-2011-03", options: options)
        // Read in the texts: 2011's tip for the Retina display (line 3354), "Consider adding blur
        // for better results in effects such as engravings and drop shadows", is new. 2010's
        // "Drop shadow" (line 2207) is a bullet of the effects iPhone OS adds to an application
        // icon, a label of two words; it shares "drop shadow" with the tip and outscores 2010's
        // "Text. The launch image is static ..." (line 2274), a sentence. The first, "Do not
        // include a drop shadow." (line 2317), is a sentence of six words. 2011 keeps all three
        // word for word, so only their lengths order them.
        let added = "ios-2011-03-28133ffa"
        #expect(diff.added.contains(added))
        let candidates = try #require(diff.candidates?[added])
        #expect(candidates.map(\.rule) == ["iphone-2010-03-81bb6183", "iphone-2010-03-9c0ced65", "iphone-2010-03-feeb8094"])
        let label = candidates[2]
        #expect(label.unlikeInLength == true && label.score > candidates[1].score)
        #expect(candidates[..<2].allSatisfy { $0.unlikeInLength == nil })
        #expect(candidates.allSatisfy { $0.keptWordForWord == true })
        let json = String(decoding: try JSONEncoder().encode(label), as: UTF8.self)
        #expect(json.contains("\"unlike_in_length\":true"))
        let rules = try store.ruleTexts(of: diff)
        let text = TextRenderer(colored: false).diff(diff, rules: rules, options: options, showUnchanged: false)
        let line = try Regex("\n      iphone-2010-03-feeb8094  0\\.[0-9]{2}  \\(kept word for word\\) \\(unlike in length\\) Drop shadow\n")
        #expect(text.contains(line))
        let markdown = TextRenderer.diffMarkdown(diff, rules: rules, options: options)
        #expect(markdown.contains(try Regex("iphone-2010-03-feeb8094 \\(0\\.[0-9]{2}, kept word for word, unlike in length\\)")))
    }

    @Test(
        "A label of three words or fewer (numbers left out) is unlike a text of six or more not opening with it; such candidates go last"
    )
    func unlikeLengths() {
        let words = UnlikeLengths.words
        #expect(words("Figure 7-5 Checkbox spacing") == ["figure", "checkbox", "spacing"])
        #expect(words("Chapter 9 — User Input — 155") == ["chapter", "user", "input"])
        #expect(words("Don't use a default button if the user's most likely action is dangerous.").count == 6)
        #expect(words("155").isEmpty)
        func unlike(_ a: String, _ b: String) -> Bool { UnlikeLengths.areUnlike(words(a), words(b)) }
        let sentence = "Use a caution alert box to warn users"
        #expect(unlike("User Input", sentence) && unlike(sentence, "User Input") && unlike("155", sentence))
        #expect(unlike("Chapter 9 — User Input — 155", sentence))
        // Four words are no label; five no sentence; two labels, two sentences are alike.
        #expect(!unlike("Alert boxes and buttons", sentence) && !unlike("User Input", "Use a caution alert box"))
        #expect(!unlike("User Input", "Alert Boxes") && !unlike(sentence, sentence))
        // A sentence that opens with the label's words describes its item.
        #expect(!unlike("Retry", "Retry. Tells the person that an action failed but they can retry it."))
        #expect(unlike("Retry", "Tells the person that an action failed; they can retry it."))
        // r0 unlike (best score), r1 kept, r2 placed, r3 plain, r4 unlike and placed.
        let candidates = [
            CounterpartCandidate(rule: "r0", score: 0.9, similarity: 0.9, unlikeInLength: true),
            CounterpartCandidate(rule: "r1", score: 0.8, similarity: 0.8, keptWordForWord: true),
            CounterpartCandidate(rule: "r2", score: 0.5, similarity: 0.5, whereNeighboursWent: true),
            CounterpartCandidate(rule: "r3", score: 0.6, similarity: 0.6),
            CounterpartCandidate(rule: "r4", score: 0.7, similarity: 0.7, whereNeighboursWent: true, unlikeInLength: true),
        ]
        // Ranks 0.9, 0.8, 0.7, 0.6, 0.9: r0 and r4 tie, and keep their order, last.
        #expect(CounterpartCandidates.ordered(candidates).map(\.rule) == ["r2", "r3", "r1", "r0", "r4"])
    }

    @Test("A link shown as a possible counterpart offers its rules' other likely counterparts, in the diff's text and JSON")
    func linkInDoubt() throws {
        let store = try BundleDatabase.store
        let options = RuleStore.DiffOptions(topic: "alerts", candidates: 3)
        let diff = try store.diff(from: "ios-2011-03", to: "ios-2014-03", options: options)
        let rules = try store.ruleTexts(of: diff)
        // Read in the texts: 2011's "Avoid creating an alert message that is too long" (line
        // 2361) is merged with the 2011 rule before it into 2014's "If you must provide an
        // optional alert message, write a short, complete sentence" (line 3061), which keeps its
        // words on scrolling; another candidate scored within 0.05 of the link: a possible
        // counterpart, shown with the rules it was weighed against.
        let pair = try #require(diff.changed.first { $0.from == "ios-2011-03-30dd277a" && $0.to == "ios-2014-03-f5258edd" })
        #expect(pair.doubt == .rival && pair.isForReview)
        let ofFrom = try #require(diff.candidates?[pair.from])
        let ofTo = try #require(diff.candidates?[pair.to])
        #expect(ofFrom.contains { $0.rule == pair.to } || ofTo.contains { $0.rule == pair.from })
        #expect(ofTo.contains { $0.rule != pair.from } && ofTo.allSatisfy { $0.rule.hasPrefix("ios-2011-03-") })
        #expect(ofFrom.allSatisfy { $0.rule.hasPrefix("ios-2014-03-") })
        let text = TextRenderer(colored: false).diff(diff, rules: rules, options: options, showUnchanged: false)
        #expect(text.contains("likely counterparts of ios-2011-03-30dd277a in ios-2014-03 (score; a link needs 0.25):"))
        #expect(text.contains("likely counterparts of ios-2014-03-f5258edd in ios-2011-03 (score; a link needs 0.25):"))
        // A pair taken on trust offers none.
        let trusted = try #require(diff.changed.first { !$0.isForReview })
        #expect(diff.candidates?[trusted.from] == nil && diff.candidates?[trusted.to] == nil)
    }

    @Test(
        "2014's alert rules the 2022-23 Alerts page does not continue are left out of it, each with its likely counterparts; the rest of 2014 is only not in it"
    )
    func leftOutOfAnExcerpt() throws {
        let store = try BundleDatabase.store
        let options = RuleStore.DiffOptions(candidates: 3)
        let diff = try store.diff(from: "ios-2014-03", to: "web-2022-23", options: options)
        // web-2022-23 is one whole web page, Alerts; 2014's chapter on it is "Temporary Views › Alert".
        let alertSection = "Temporary Views › Alert"
        let continued = Set(diff.changed.map(\.from) + diff.unchanged.map { $0[0] })
        let alertRules = try store.rules(RuleFilter(edition: "ios-2014-03")).filter { $0.section == alertSection }
        #expect(alertRules.count > 30 && diff.removed.isEmpty)
        #expect(Set(diff.leftOut) == Set(alertRules.map(\.id).filter { !continued.contains($0) }))
        for id in diff.notInExcerpt { #expect(try store.rule(id: id)?.section != alertSection, "\(id)") }
        // Read in the texts: 2014 line 3045 "Avoid creating unnecessary alerts" (scenarios where
        // an alert only informs) is the 2022-23 page's "Avoid using an alert merely to provide
        // information"; 2014's "The infrequency with which alerts appear helps users take them
        // seriously" is the page's "Use alerts sparingly". Neither is among any page rule's
        // nearest: only their own nearest find them.
        for (rule, counterpart) in [
            ("ios-2014-03-3ceb9503", "web-2022-23-03cb561e"), ("ios-2014-03-202f90a6", "web-2022-23-e6c47054"),
        ] {
            #expect(diff.leftOut.contains(rule))
            #expect(diff.candidates?[rule]?.contains { $0.rule == counterpart } == true, "\(rule): \(diff.candidates?[rule] ?? [])")
        }
        let rules = try store.ruleTexts(of: diff)
        let text = TextRenderer(colored: false).diff(diff, rules: rules, options: options, showUnchanged: false)
        #expect(text.contains("  left-out         \(diff.leftOut.count)  "))
        #expect(text.contains("Left out of the web-2022-23 excerpt, which holds the page of their subject (\(diff.leftOut.count))"))
        let json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(diff)) as? [String: Any])
        #expect((json["left_out"] as? [String])?.count == diff.leftOut.count)
        let lines = try JSONLines.diff(diff, rules: rules).split(separator: "\n").filter { $0.contains("\"change\":\"left-out\"") }
        #expect(lines.count == diff.leftOut.count && lines.allSatisfy { $0.contains("\"candidates\":") })
        // What became of each 2014 rule no link continues says the same: left out of web-2022-23
        // for those diff leaves out, not in it for the others; removed in web-2022 for all. (A
        // rule the excerpt lacks may be continued past it, in web-2022: it has no fate.)
        let rules2014 = try store.rules(RuleFilter(edition: "ios-2014-03"))
        let fates = try store.fates(of: rules2014, links: try store.allLinks())
        let leftOutWithFates = Set(diff.leftOut.filter { fates[$0] != nil })
        #expect(leftOutWithFates.count > 20)
        #expect(Set(fates.values.filter { $0.leftOutOf == ["web-2022-23"] }.map(\.rule)) == leftOutWithFates)
        #expect(fates.values.allSatisfy { $0.notInExcerpts == ["web-2022-23"] && $0.removedIn == "web-2022" })
        #expect(fates.count > diff.leftOut.count)
        let evolution = TextRenderer(colored: false).evolution(try store.evolution("ios-2014-03-3ceb9503"))
        #expect(
            evolution.contains("then: left out of the excerpt of web-2022-23, which holds the page of its subject; removed in web-2022"))
    }

    /// `body` in a folder holding the seeds' database, with `hig` and the environment that finds them.
    static func withSeeds(_ body: (HigRunner, URL, [String: String]) throws -> Void) throws {
        let cli = HigRunner()
        let env = ["HIG_EDITIONS": Fixtures.editions.path]
        try Fixtures.withTemporaryFolder { folder in
            _ = try cli.hig(["import"], in: folder, environment: env)
            try body(cli, folder, env)
        }
    }

    @Test("In text, JSON and JSON Lines; a count out of 1 to 10 is refused in one line")
    func formats() throws {
        try Self.withSeeds { cli, folder, env in
            for value in ["0", "21", "-2"] {
                let result = try cli.hig(["diff", "2010", "2011", "--candidates", value], in: folder, environment: env)
                #expect(result.status != 0 && result.stdout.isEmpty)
                #expect(result.stderr.split(separator: "\n").count <= 2 && result.stderr.contains("--candidates"))
            }
            let text = try cli.hig(["diff", "2011", "current", "--candidates", "2"], in: folder, environment: env)
            #expect(text.status == 0 && text.stdout.contains("--candidates 2"))
            #expect(text.stdout.contains("likely counterparts in") || text.stdout.contains("no likely counterpart in"))
            let json = try cli.hig(["diff", "2011", "current", "--candidates", "2", "--format", "json"], in: folder, environment: env)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect(object["candidates"] is [String: Any])
            let plain = try cli.hig(["diff", "2011", "current", "--format", "json"], in: folder, environment: env)
            #expect((try JSONSerialization.jsonObject(with: Data(plain.stdout.utf8)) as? [String: Any])?["candidates"] == nil)
            let lines = try cli.hig(["diff", "2011", "current", "--candidates", "2", "--format", "jsonl"], in: folder, environment: env)
            let objects = try lines.stdout.split(separator: "\n").map {
                try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
            }
            #expect(!objects.isEmpty && objects.allSatisfy { $0.keys.contains("candidates") })
        }
    }

    @Test("hig evolution --candidates: 2011's 'infrequency with which alerts appear', removed in current, has 'Use alerts sparingly' first")
    func evolution() throws {
        try Self.withSeeds { cli, folder, env in
            // Read in the texts: "minimize the number of alerts your app displays" (2011) and
            // "Use alerts sparingly" (the 2022-23 page) are the same advice in new words.
            let json = try cli.hig(
                ["evolution", "infrequency of alerts", "--candidates", "2", "--format", "json"], in: folder, environment: env)
            let lineages = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
            let fates = lineages.compactMap { $0["after"] as? [String: [String: Any]] }.flatMap(\.values)
            let removed = try #require(fates.first { ($0["rule"] as? String) == "2011-42f6c763" })
            #expect(removed["removed_in"] as? String == "web-2022-23")
            let candidates = try #require(removed["candidates"] as? [[String: Any]])
            #expect(candidates.count <= 2 && (candidates.first?["text"] as? String)?.hasPrefix("Use alerts sparingly") == true)
            let text = try cli.hig(["evolution", "infrequency of alerts", "--candidates", "2"], in: folder, environment: env)
            #expect(text.stdout.contains("likely counterparts in web-2022-23") && text.stdout.contains("Use alerts sparingly"))
            let plain = try cli.hig(["evolution", "infrequency of alerts", "--format", "json"], in: folder, environment: env)
            #expect(!plain.stdout.contains("\"candidates\""))
            let refused = try cli.hig(["evolution", "tap", "--candidates", "0"], in: folder, environment: env)
            #expect(refused.status != 0 && refused.stderr.contains("--candidates takes 1 to 10"))
        }
    }
}
