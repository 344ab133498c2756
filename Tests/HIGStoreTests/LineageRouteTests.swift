import Foundation
import Testing
@testable import HIGStore
@testable import HIGRendering
@testable import HIGText

/// A lineage read along the family tree: one branch after the other, never two lines interleaved
/// by date, with where it branches, crosses into another line, or joins.
@Suite("Lineages along the family tree")
struct LineageRouteTests {
    static let titles = LinkFixture.titles

    /// mac-1 (1992) → mac-2 (2009); ios-1 (2008) → ios-2 (2010), and ios-1 → apps (2009-01, its
    /// own line); web (2022) revised from ios-2 and mac-2. Each holds the titles rule, so its
    /// lineage spans every edition, and by date mac-2 falls between ios-1 and ios-2.
    static func branchingLines(in folder: URL) throws -> URL {
        let manifest = FamilyTreeTests.manifest([
            ("mac-1", "1992", [], "mac"), ("ios-1", "2008", [], "ios"), ("mac-2", "2009", ["mac-1"], "mac"),
            ("apps", "2009-01", ["ios-1"], "apps"), ("ios-2", "2010", ["ios-1"], "ios"), ("web", "2022", ["ios-2", "mac-2"], "web"),
        ])
        let files = ["mac-1", "mac-2", "ios-1", "apps", "ios-2", "web"].map { ("\($0).md", Data(titles.utf8)) }
        return try Fixtures.writeEditions(in: folder, manifest: manifest, files: Dictionary(uniqueKeysWithValues: files))
    }

    @Test("Along the tree, each branch comes whole before the next; a join waits for all its predecessors")
    func alongTree() throws {
        let graph = try EditionGraph([
            FamilyTreeTests.node("web", "2022", ["ios-2", "mac-2"]), FamilyTreeTests.node("ios-2", "2010", ["ios-1"]),
            FamilyTreeTests.node("mac-2", "2009", ["mac-1"]), FamilyTreeTests.node("apps", "2009-01", ["ios-1"], line: "apps"),
            FamilyTreeTests.node("ios-1", "2008", line: "ios"), FamilyTreeTests.node("mac-1", "1992", line: "mac"),
        ])
        // By date, mac-2 comes between ios-1 and ios-2.
        #expect(graph.ordered.map(\.id) == ["mac-1", "ios-1", "mac-2", "apps", "ios-2", "web"])
        #expect(graph.alongTree == ["mac-1", "mac-2", "ios-1", "apps", "ios-2", "web"])
        // An edition that names no line is on its first predecessor's.
        #expect(graph.line(of: "ios-2") == "ios" && graph.line(of: "web") == "ios" && graph.line(of: "apps") == "apps")
    }

    @Test("hig evolution shows each branch whole, and says where the lineage branches, crosses a line and joins")
    func evolutionAlongTree() throws {
        try LinkFixture.withDatabase({ try Self.branchingLines(in: $0) }) { path, _ in
            let store = try RuleStore.open(path: path)
            let id = { (edition: String) in try LinkFixture.ids(path, edition)[0] }
            let (ios1, mac2, web1) = (try id("ios-1"), try id("mac-2"), try id("web"))
            let answer = try store.evolution(web1)
            let lineage = try #require(answer.lineages.first)
            #expect(lineage.versions.map(\.edition) == ["mac-1", "mac-2", "ios-1", "apps", "ios-2", "web"])
            let branches = try #require(lineage.route?.branches)
            #expect(branches.map(\.start) == [.first, .apart, .branch])
            #expect(branches.map(\.editions) == [["mac-1", "mac-2"], ["ios-1", "apps"], ["ios-2", "web"]])
            // ios-2 continues ios-1's rule after the apps branch: the tree branched at ios-1.
            #expect(branches[2].from == [ios1])
            let apps = try #require(branches[1].steps.last)
            #expect(apps.line == "apps" && apps.crossesFromLine == "ios" && apps.joins.isEmpty)
            let web = try #require(branches[2].steps.last)
            #expect(web.line == "web" && web.crossesFromLine == "ios" && web.joins == [mac2])

            let text = TextRenderer(colored: false).evolution(answer)
            #expect(
                text.contains(
                    """
                       editions, in 3 branches of the family tree:
                         mac-1 → mac-2
                         ios-1 → apps [line apps, from line ios]
                         ios-2 → web [line web, from line ios; joins \(mac2)]

                    """))
            #expect(text.contains("\n   ── line ios, apart from the versions above: none of them leads to it\n"))
            #expect(text.contains("\n   ── line ios, branching from \(ios1)\n"))
            #expect(text.contains("\n   web  \(web1)  editions/web.md:1  [line web, from line ios; joins \(mac2)]\n"))

            let json = try JSONText.encode(answer.lineages.map { LineageJSON($0, fates: answer.fates) })
            #expect(json.contains(#""crosses_from_line" : "ios""#) && json.contains(#""start" : "apart""#))
        }
    }
}
