import Foundation
import Testing
@testable import HIGStore
@testable import HIGRendering
@testable import HIGText

/// Editions as a family tree: each names its predecessors; lineage links an edition to them
/// alone, a diff compares an edition with a descendant, and two lines never mix.
@Suite("Editions as a family tree")
struct FamilyTreeTests {
    static let titles = LinkFixture.titles
    static let buttons = LinkFixture.buttons
    static let menus = "**Put Quit last in the app menu**. People look for it at the bottom.\n"
    static let windows = "**Let people resize document windows**. A size box sits in the corner.\n"

    static func node(_ id: String, _ date: String?, _ predecessors: [String] = [], line: String? = nil) -> EditionGraph.Node {
        EditionGraph.Node(id: id, date: date, predecessors: predecessors, line: line)
    }

    @Test("Order follows descent, then dates; an undated edition takes its latest ancestor's date")
    func order() throws {
        // Given newest first and interleaved: the tree, not the listing, places them.
        let graph = try EditionGraph([
            Self.node("web", nil, ["ios-2", "mac-2"]), Self.node("ios-2", "2014", ["ios-1"]), Self.node("mac-2", "2014-10", ["mac-1"]),
            Self.node("ios-1", "2008"), Self.node("mac-1", "1987"), Self.node("newer", "2015"),
        ])
        #expect(graph.ordered.map(\.id) == ["mac-1", "ios-1", "ios-2", "mac-2", "web", "newer"])
        #expect(graph.ancestors(of: "web") == ["ios-1", "ios-2", "mac-1", "mac-2"])
        #expect(graph.between("mac-1", "web") == ["mac-2"])
        #expect(graph.between("ios-1", "mac-2") == nil)
        #expect(graph.successors(of: "ios-2") == ["web"])
    }

    @Test("A tree that names an unknown edition, itself, one twice, or a circle is refused with why")
    func invalid() throws {
        #expect(throws: EditionGraph.Invalid(reason: "edition 'b' names predecessor 'z', which is not an edition here (declared: a, b)")) {
            try EditionGraph([Self.node("a", "1"), Self.node("b", "2", ["z"])])
        }
        #expect(throws: EditionGraph.Invalid(reason: "edition 'a' names itself as its predecessor")) {
            try EditionGraph([Self.node("a", "1", ["a"])])
        }
        #expect(throws: EditionGraph.Invalid(reason: "edition 'b' names predecessor 'a' twice")) {
            try EditionGraph([Self.node("a", "1"), Self.node("b", "2", ["a", "a"])])
        }
        #expect(throws: EditionGraph.Invalid(reason: "editions b, c descend from one another in a circle")) {
            // d only descends from the circle: it is not named.
            try EditionGraph([
                Self.node("a", "1"), Self.node("b", "2", ["a", "c"]), Self.node("c", "3", ["b"]), Self.node("d", "4", ["c"]),
            ])
        }
    }

    /// A manifest of format 2: `editions` as (id, date, predecessors, line), one complete file each.
    static func manifest(
        _ editions: [(String, String, [String], String?)], excerpts: Set<String> = [], drafts: [String: String] = [:]
    ) -> String {
        let entries = editions.map { id, date, predecessors, line in
            let before = predecessors.map { "\"\($0)\"" }.joined(separator: ", ")
            let extra = (line.map { #", "line": "\#($0)""# } ?? "") + (drafts[id].map { #", "prerelease_of": "\#($0)""# } ?? "")
            return
                #"{"id": "\#(id)", "name": "Edition \#(id)", "date": "\#(date)", "platform_scope": "iOS", "platforms": ["iOS"], "predecessors": [\#(before)]\#(extra)}"#
        }
        let files = editions.map { id, _, _, _ in
            let coverage = excerpts.contains(id) ? "excerpt" : "complete"
            return
                #"{"path": "\#(id).md", "edition": "\#(id)", "document": "Test document", "chunk": 1, "form": "pdf-markdown", "coverage": "\#(coverage)"}"#
        }
        return #"{"format": 2, "editions": [\#(entries.joined(separator: ","))], "files": [\#(files.joined(separator: ","))]}"#
    }

    /// Two lines, ios (ios-1 → ios-2) and mac (mac-1), and web, revised from ios-2 and mac-1.
    static func twoLines(in folder: URL) throws -> URL {
        let manifest = Self.manifest([
            ("mac-1", "1992", [], "mac"), ("ios-1", "2008", [], "ios"), ("ios-2", "2010", ["ios-1"], nil),
            ("web", "2022", ["ios-2", "mac-1"], "web"),
        ])
        return try Fixtures.writeEditions(
            in: folder, manifest: manifest,
            files: [
                "ios-1.md": Data((titles + "\n" + buttons).utf8), "ios-2.md": Data((titles + "\n" + buttons).utf8),
                "mac-1.md": Data((menus + "\n" + windows + "\n" + titles).utf8),
                "web.md": Data((titles + "\n" + menus + "\n" + buttons).utf8),
            ])
    }

    @Test("An edition links to each of its predecessors, and lines link only through an edition that descends from both")
    func twoLinesMeet() throws {
        try LinkFixture.withDatabase({ try Self.twoLines(in: $0) }) { path, _ in
            let store = try RuleStore.open(path: path)
            let (mac, ios1, ios2, web) = (
                try LinkFixture.ids(path, "mac-1"), try LinkFixture.ids(path, "ios-1"),
                try LinkFixture.ids(path, "ios-2"),
                try LinkFixture.ids(path, "web")
            )
            let links = try store.allLinks()
            let edition = Dictionary(
                uniqueKeysWithValues: (mac.map { ($0, "mac-1") } + ios1.map { ($0, "ios-1") } + ios2.map { ($0, "ios-2") }
                    + web.map { ($0, "web") }))
            let pairs = Set(links.map { [edition[$0.from]!, edition[$0.to]!] })
            // ios-1 → ios-2 → web, mac-1 → web; never mac-1 → ios-*, never ios-1 → web directly.
            #expect(pairs == [["ios-1", "ios-2"], ["ios-2", "web"], ["mac-1", "web"]])
            // The titles rule is in both lines: web's is linked from each predecessor's.
            #expect(Set(links.filter { $0.to == web[0] }.map(\.from)) == [ios2[0], mac[2]])
            // Web's menus rule comes from mac-1; its buttons rule from ios-2.
            #expect(links.contains { $0.from == mac[0] && $0.to == web[1] && $0.change == .unchanged })
            #expect(links.contains { $0.from == ios2[1] && $0.to == web[2] && $0.change == .unchanged })
            // mac-1's windows rule is gone from web: removed there.
            let diff = try store.diff(from: "mac-1", to: "web")
            #expect(diff.removed == [mac[1]])
            // Its buttons rule continues ios-2's, the other predecessor's: not called added.
            #expect(diff.added.isEmpty && diff.fromOtherPredecessors == [web[2]])
            // Editions of two lines are never compared with each other.
            #expect(throws: HIGError.editionsNotRelated(from: "ios-1", to: "mac-1", common: nil)) {
                try store.diff(from: "ios-1", to: "mac-1")
            }
            #expect(throws: HIGError.editionsOutOfOrder(from: "web", to: "ios-1")) { try store.diff(from: "web", to: "ios-1") }
            // ios-1 → web goes through ios-2, and says so.
            let twoSteps = try store.diff(from: "ios-1", to: "web")
            #expect(twoSteps.unchanged.count == 2 && twoSteps.through == ["ios-2"] && diff.through.isEmpty)
            let text = TextRenderer(colored: false).diff(twoSteps, rules: try store.ruleTexts(of: twoSteps), showUnchanged: false)
            #expect(
                text.contains(
                    "\n  through ios-2: web descends from ios-1 by way of 1 edition, whose links are followed one step at a time\n"))
            // What became of the windows rule: removed in web, the edition after mac-1.
            let fates = try store.fates(of: try store.rules(RuleFilter(edition: "mac-1")), links: links)
            #expect(fates[mac[1]]?.removedIn == "web")
        }
    }

    @Test("A line that joins at an edition between FROM and TO is not called added in TO either")
    func lineJoinsBetween() throws {
        // ios-1 and mac-1 meet in web; web-2 revises web. Diffing ios-1 → web-2 goes through web,
        // where mac-1's menus rule came in: web-2's menus rule continues it, so it is not added.
        let manifest = Self.manifest([
            ("mac-1", "1992", [], "mac"), ("ios-1", "2008", [], "ios"), ("web", "2022", ["ios-1", "mac-1"], "web"),
            ("web-2", "2023", ["web"], nil),
        ])
        let page = Data((Self.titles + "\n" + Self.menus + "\n" + Self.buttons).utf8)
        try LinkFixture.withDatabase({
            try Fixtures.writeEditions(
                in: $0, manifest: manifest,
                files: [
                    "mac-1.md": Data((Self.menus + "\n" + Self.windows).utf8), "ios-1.md": Data((Self.titles + "\n" + Self.buttons).utf8),
                    "web.md": page, "web-2.md": page,
                ])
        }) { path, _ in
            let store = try RuleStore.open(path: path)
            let web2 = try LinkFixture.ids(path, "web-2")
            let diff = try store.diff(from: "ios-1", to: "web-2")
            #expect(diff.through == ["web"])
            #expect(diff.unchanged.count == 2 && diff.added.isEmpty && diff.fromOtherPredecessors == [web2[1]])
        }
    }

    @Test("hig editions draws the tree, names lines and other predecessors, and says it in JSON")
    func editionsListing() throws {
        try LinkFixture.withDatabase({ try Self.twoLines(in: $0) }) { path, _ in
            let editions = try RuleStore.open(path: path).editions()
            #expect(editions.map(\.id) == ["mac-1", "ios-1", "ios-2", "web"])
            let text = TextRenderer(colored: false).editions(editions)
            #expect(
                text.hasPrefix(
                    """
                    Family tree (each edition under the one it was revised from):
                      mac-1  1992  [line mac]
                      ios-1  2008  [line ios]
                      → ios-2  2010
                      → web  2022  [line web; also from mac-1]

                    """))
            #expect(text.contains("  line: web   revised from: ios-2, mac-1\n"))
            let json = try JSONSerialization.jsonObject(with: Data(try JSONText.encode(editions).utf8)) as? [[String: Any]]
            let web = try #require(json?.last)
            #expect(web["predecessors"] as? [String] == ["ios-2", "mac-1"] && web["line"] as? String == "web")
        }
    }

    @Test("A tree changed in the manifest relinks, though no rule changed")
    func treeChangeRelinks() throws {
        try Fixtures.withTemporaryFolder { folder in
            let editions = try Self.twoLines(in: folder)
            let path = folder.appending(path: "t.sqlite").path
            _ = try StoreWriter.importEditions(from: editions, into: path)
            #expect(try RuleStore.open(path: path).allLinks().contains { $0.from.hasPrefix("mac-1-") })
            // web no longer descends from mac-1.
            let url = editions.appending(path: EditionManifest.fileName)
            let changed = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: #"["ios-2", "mac-1"]"#, with: #"["ios-2"]"#)
            try changed.write(to: url, atomically: true, encoding: .utf8)
            let report = try StoreWriter.importEditions(from: editions, into: path)
            #expect(report.editions.allSatisfy { $0.filesWritten == 0 })
            #expect(try !RuleStore.open(path: path).allLinks().contains { $0.from.hasPrefix("mac-1-") })
        }
    }

    @Test("Format 2 refuses an order, format 1 refuses predecessors, and an unknown predecessor is named")
    func manifestForms() throws {
        func error(_ manifest: String) throws -> String {
            try Fixtures.withTemporaryFolder { folder in
                let editions = try Fixtures.writeEditions(in: folder, manifest: manifest, files: ["a.md": Data(Self.titles.utf8)])
                do {
                    _ = try EditionManifest.load(folder: editions)
                    return ""
                } catch let error as HIGError {
                    return error.description
                }
            }
        }
        let one = Self.manifest([("a", "2020", [], nil)])
        #expect(
            try error(one.replacingOccurrences(of: #""date""#, with: #""order": 1, "date""#)).contains(
                "edition 'a': format 2 places editions by their predecessors, not by order; remove \"order\" and name the edition's predecessors"
            ))
        let two = Self.manifest([("a", "2020", [], nil), ("b", "2021", ["a"], nil)])
        #expect(
            try error(
                two.replacingOccurrences(of: #""format": 2"#, with: #""format": 1"#).replacingOccurrences(
                    of: #""date""#, with: #""order": 1, "date""#)
            )
            .contains("edition 'b': predecessors, line and prerelease_of need format 2"))
        #expect(
            try error(one.replacingOccurrences(of: #""predecessors": []"#, with: #""predecessors": ["gone"]"#)).contains(
                "edition 'a' names predecessor 'gone', which is not an edition here (declared: a)"))
        let draftBefore = Self.manifest([("draft", "1986", [], nil), ("final", "1987", ["draft"], nil)], drafts: ["draft": "final"])
        #expect(
            try error(draftBefore).contains(
                "edition 'draft' is a pre-release of 'final', which descends from it; a draft sits beside its final edition: give 'final' the draft's predecessors instead"
            ))
        #expect(
            try error(one.replacingOccurrences(of: #""format": 2"#, with: #""format": 3"#)).contains(
                "format 3 is not supported (this hig reads formats 1 to 2)"))
    }

    @Test(
        "hig import --archive refuses a file, a partial clone, and an archive id the editions folder has, with one line and nothing written",
        .needsArchive)
    func archiveMistakes() throws {
        let cli = HigRunner()
        try Fixtures.withTemporaryFolder { folder in
            let database = folder.appending(path: "a.sqlite").path
            let file = folder.appending(path: "notes.txt")
            try Data("x".utf8).write(to: file)
            let seeds = Fixtures.editions.path
            let notAFolder = try cli.hig(["--db", database, "import", "--editions", seeds, "--archive", file.path], in: folder)
            cli.expectOneLineError(notAFolder, mentioning: "is not a folder; give --archive a clone of johnzfitch/human-interface-markdown")
            // A clone that lacks a catalogued document.
            let partial = folder.appending(path: "human-interface-markdown")
            try FileManager.default.createDirectory(
                at: partial.appending(path: "1992-macintosh-hig"), withIntermediateDirectories: true)
            try Data("# Macintosh\n".utf8).write(to: partial.appending(path: "1992-macintosh-hig/full_document.md"))
            let incomplete = try cli.hig(["--db", database, "import", "--editions", seeds, "--archive", partial.path], in: folder)
            cli.expectOneLineError(
                incomplete, mentioning: "has no 1980-lisa-ui-standards/full_document.md and chunks/, which the archive catalogue names")
            #expect(!FileManager.default.fileExists(atPath: database))
            // An editions folder with an edition the catalogue also names.
            let taken = Self.manifest([("mac-1995", "1995", [], "mac")])
            let editions = try Fixtures.writeEditions(
                in: folder.appending(path: "taken"), manifest: taken, files: ["mac-1995.md": Data(Self.titles.utf8)])
            let clash = try cli.hig(
                ["--db", database, "import", "--editions", editions.path, "--archive", SharedArchive.documents.path], in: folder)
            cli.expectOneLineError(
                clash, mentioning: "the editions folder already has an edition 'mac-1995', which the archive catalogue names too")
            #expect(!FileManager.default.fileExists(atPath: database))
            // An editions folder that holds an archive document under an id of its own.
            let copy = try Data(
                contentsOf: SharedArchive.documents.appending(path: "2008-11-iphone-human-interface-guidelines/full_document.md"))
            let mine = try Fixtures.writeEditions(
                in: folder.appending(path: "mine"), manifest: Self.manifest([("my-2008", "2008", [], nil)]), files: ["my-2008.md": copy])
            let twice = try cli.hig(
                ["--db", database, "import", "--editions", mine.path, "--archive", SharedArchive.documents.path], in: folder)
            cli.expectOneLineError(
                twice,
                mentioning:
                    "2008-11-iphone-human-interface-guidelines/full_document.md is already imported as edition 'my-2008' of the editions folder"
            )
            #expect(!FileManager.default.fileExists(atPath: database))
        }
    }

    @Test("A predecessor another predecessor descends from is reached across it: no rule is linked twice")
    func diamond() throws {
        // k descends from a and from p, a partial document revised from a.
        let manifest = Self.manifest(
            [("a", "1995", [], "mac"), ("p", "1996", ["a"], nil), ("k", "1997", ["a", "p"], nil)], excerpts: ["p"])
        try LinkFixture.withDatabase({
            try Fixtures.writeEditions(
                in: $0, manifest: manifest,
                files: [
                    "a.md": Data((Self.titles + "\n" + Self.menus).utf8), "p.md": Data(Self.titles.utf8),
                    "k.md": Data((Self.titles + "\n" + Self.menus).utf8),
                ])
        }) { path, _ in
            let store = try RuleStore.open(path: path)
            let (a, p, k) = (
                try LinkFixture.ids(path, "a"), try LinkFixture.ids(path, "p"), try LinkFixture.ids(path, "k")
            )
            let links = try store.allLinks()
            // The titles rule comes through p alone; the menus rule, which p lacks, from a across p.
            #expect(links.filter { $0.to == k[0] }.map(\.from) == [p[0]])
            #expect(links.filter { $0.to == k[1] }.map(\.from) == [a[1]])
            let diff = try store.diff(from: "a", to: "k")
            #expect(diff.changed.isEmpty && diff.unchanged.count == 2)
        }
    }

    @Test("A diff into an edition of two lines does not call added what continues the other line")
    func mergeEdition() throws {
        try LinkFixture.withDatabase({ try Self.twoLines(in: $0) }) { path, _ in
            let store = try RuleStore.open(path: path)
            let web = try LinkFixture.ids(path, "web")
            let diff = try store.diff(from: "ios-2", to: "web")
            // The menus rule continues mac-1's: from another predecessor, not added.
            #expect(diff.fromOtherPredecessors == [web[1]] && diff.added.isEmpty)
            let text = TextRenderer(colored: false).diff(diff, rules: try store.ruleTexts(of: diff), showUnchanged: false)
            #expect(
                text.contains(
                    "(and 1 rule of web continuing rules of an edition it descends from outside ios-2's line, so not called added)"))
            // The HTML report's glance compares each edition with each of its predecessors.
            let content = try store.exportContent(withEditionDiffs: true)
            #expect(content.editionDiffs?.map { [$0.from, $0.to] } == [["ios-1", "ios-2"], ["ios-2", "web"], ["mac-1", "web"]])
        }
    }

    @Test("A draft beside its final edition is a side branch: a rule the final lacks was removed there, not in the draft")
    func draftsAside() throws {
        let manifest = Self.manifest(
            [("a", "1985", [], "mac"), ("draft", "1986", ["a"], nil), ("final", "1987", ["a"], nil)], drafts: ["draft": "final"])
        try LinkFixture.withDatabase({
            try Fixtures.writeEditions(
                in: $0, manifest: manifest,
                files: [
                    "a.md": Data((Self.titles + "\n" + Self.menus).utf8), "draft.md": Data((Self.titles + "\n" + Self.menus).utf8),
                    "final.md": Data(Self.titles.utf8),
                ])
        }) { path, _ in
            let store = try RuleStore.open(path: path)
            let a = try LinkFixture.ids(path, "a")
            let fates = try store.fates(of: try store.rules(RuleFilter(edition: "a")), links: try store.allLinks())
            // The menus rule lives on in the draft, but the final edition lacks it.
            #expect(fates[a[1]]?.removedIn == "final")
            #expect(fates[a[0]] == nil)
            #expect(try store.editions().first { $0.id == "draft" }?.prereleaseOf == "final")
        }
    }

    @Test("A rule id names its edition, hyphens in the edition id included (fates and diffs read it)")
    func ruleIDEdition() {
        var taken = Set<String>()
        for edition in ["web-2026-07", "mac-1986-12-final-draft", "2008"] {
            let ids = RuleIdentifier.assign(edition: edition, verbatims: ["One line.", "One line."], taken: &taken)
            #expect(ids.count == 2 && ids.allSatisfy { RuleIdentifier.edition(of: $0) == edition }, "\(ids)")
        }
    }
}
