import HIGLineage
import HIGTestSupport
import HIGText
import Testing

@testable import HIGStore

/// The links a diff or a rule's page reads by the links' keys are those found by filtering every
/// link (the definition), on the bundle, whose edition ids begin alike ("web-2022" and
/// "web-2022-23").
@Suite("Links read by their keys")
struct LinkReadingTests {
    @Test("Rule id ranges: one per edition, none inside another, in order")
    func ranges() {
        func bounds(_ editions: Set<String>) -> [[String]] { RuleIDRange.covering(editions).map { [$0.lower, $0.upper] } }
        #expect(bounds(["web-2022-23", "ios-2011-03", "web-2022"]) == [["ios-2011-03-", "ios-2011-03."], ["web-2022-", "web-2022."]])
        #expect(bounds(["web-2022-23"]) == [["web-2022-23-", "web-2022-23."]])
        #expect(bounds([]) == [])
        // Every id of an edition lies in its range, an id of the edition after it does not.
        let range = RuleIDRange.covering(["web-2022"])[0]
        for id in ["web-2022-00000000", "web-2022-ffffffff", "web-2022-23-0a1b2c3d"] { #expect(range.lower <= id && id < range.upper) }
        for id in ["web-2023-09-00000000", "web-2022", "web-20220-00000000"] { #expect(!(range.lower <= id && id < range.upper)) }
    }

    @Test("Links among editions, and into them from others, are every link filtered by edition")
    func byEditions() throws {
        let store = try BundleDatabase.store
        let all = try store.allLinks()
        let editions = try store.editions().map(\.id)
        #expect(editions.contains("web-2022") && editions.contains("web-2022-23"))
        let sets: [Set<String>] =
            editions.map { [$0] } + [
                ["web-2022", "web-2022-23"], ["web-2022-23", "web-2026-07"], ["web-2022", "web-2023-09", "web-2026-07"],
                ["ios-2011-03", "ios-2014-03", "web-2022-23"], Set(editions),
            ]
        for set in sets {
            func edition(_ id: String) -> String { RuleIdentifier.edition(of: id) }
            let among = all.filter { set.contains(edition($0.from)) && set.contains(edition($0.to)) }
            let into = all.filter { !set.contains(edition($0.from)) && set.contains(edition($0.to)) }
            #expect(try store.links(amongEditions: set) == among, "\(set.sorted())")
            #expect(try store.links(intoEditions: set) == into, "\(set.sorted())")
        }
        #expect(try store.links(amongEditions: ["web-2022", "web-2023-09"]).count > 1000)
        #expect(try store.links(intoEditions: ["web-2022-23"]).count > 0)
    }

    @Test("A rule's links, read by its id, are every link filtered by that id")
    func touching() throws {
        let store = try BundleDatabase.store
        let all = try store.allLinks()
        // Rules with links both ways, out only, in only, several, and none.
        let ids = Array(Set(all.flatMap { [$0.from, $0.to] }).sorted().enumerated().filter { $0.offset % 97 == 0 }.map(\.element))
        for id in ids + ["web-2026-07-00000000"] {
            #expect(try store.links(touching: id) == all.filter { $0.from == id || $0.to == id }, "\(id)")
        }
        #expect(ids.count > 100)
    }
}

/// A lineage read through the links of its rules alone is the one read through every link.
@Suite("Lineage links read from their rules")
struct ConnectedLinkTests {
    /// The definition: the rules reached from `ids` through every link, either way, and the
    /// links among them.
    static func connected(_ ids: [String], in all: [LinkRecord]) -> [LinkRecord] {
        var neighbours: [String: [String]] = [:]
        for link in all {
            neighbours[link.from, default: []].append(link.to)
            neighbours[link.to, default: []].append(link.from)
        }
        var reached = Set(ids)
        var stack = ids
        while let id = stack.popLast() {
            for next in neighbours[id] ?? [] where reached.insert(next).inserted { stack.append(next) }
        }
        return all.filter { reached.contains($0.from) }
    }

    @Test("The links connected to a rule, a topic's rules or a search's hits are those reached through every link")
    func connectedLinks() throws {
        let store = try BundleDatabase.store
        let all = try store.allLinks()
        let seeds: [[String]] = [
            ["ios-2014-03-4c4f9d78"], ["web-2026-07-00000000"], [],
            try store.topicRuleIDs(slug: "button-colors"), try store.topicRuleIDs(slug: "alerts"),
            try store.search(SearchRequest(text: "tab bar", limit: 50)).hits.map(\.record.id),
        ]
        for ids in seeds {
            let connected = try store.links(connectedTo: ids)
            #expect(connected == Self.connected(ids, in: all), "\(ids.prefix(3))")
            #expect(
                try store.lineages(containing: ids, links: connected) == store.lineages(containing: ids, links: all), "\(ids.prefix(3))")
        }
        // The alerts topic's lineages run through the iOS and web lines: hundreds of links.
        #expect(try store.links(connectedTo: store.topicRuleIDs(slug: "alerts")).count > 200)
    }
}
