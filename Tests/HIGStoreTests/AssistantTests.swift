import Foundation
import Testing
@testable import HIGStore
@testable import HIGAssistants

/// The tools `hig mcp` serves, called through `AssistantSession` as the server calls them (the
/// protocol itself is tested by MCPServerTests, and end to end by Tests/clients/mcp_client_test.py).
@Suite("Assistant tools")
struct AssistantTests {
    @discardableResult
    static func withSeeds<T>(_ body: (AssistantSession) throws -> T) throws -> T {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "hig.sqlite").path
            _ = try StoreWriter.importEditions(from: Fixtures.editions, into: path)
            return try body(try AssistantSession(path: path))
        }
    }

    static func json(_ reply: AssistantSession.Reply) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(reply.text.utf8))
    }

    @Test("Each tool's schema declares its arguments, marks the required ones and allows no others")
    func schemas() throws {
        for tool in AssistantCatalog.tools {
            let schema = try #require(try JSONSerialization.jsonObject(with: tool.inputSchema) as? [String: Any])
            #expect(schema["type"] as? String == "object")
            #expect(schema["additionalProperties"] as? Bool == false)
            let properties = try #require(schema["properties"] as? [String: Any])
            #expect(Set(properties.keys) == Set(tool.parameters.map(\.name)), "\(tool.name)")
            #expect(schema["required"] as? [String] == tool.parameters.filter(\.required).map(\.name), "\(tool.name)")
        }
        let search = try #require(try JSONSerialization.jsonObject(with: AssistantCatalog.searchRules.inputSchema) as? [String: Any])
        let limit = try #require((search["properties"] as? [String: Any])?["limit"] as? [String: Any])
        #expect(limit["minimum"] as? Int == 1 && limit["maximum"] as? Int == 100 && limit["type"] as? String == "integer")
    }

    @Test("A wrong argument is a reply marked as an error that names it and says what it takes")
    func wrongArguments() throws {
        let cases: [(tool: String, arguments: String, expected: String)] = [
            ("search_rules", #"{}"#, "search_rules: missing the required argument 'query' (a non-empty string)"),
            ("search_rules", #"{"query": "tap", "limit": 0}"#, "search_rules: 'limit' must be an integer from 1 to 100, got 0"),
            ("search_rules", #"{"query": "tap", "limit": 2.5}"#, "search_rules: 'limit' must be an integer from 1 to 100, got 2.5"),
            ("search_rules", #"{"query": "tap", "limit": true}"#, "search_rules: 'limit' must be an integer from 1 to 100, got true"),
            (
                "search_rules", #"{"query": "tap", "kind": "rule"}"#,
                "search_rules: 'kind' must be one of guideline, definition, note, figure, context, got \"rule\""
            ),
            (
                "search_rules", #"{"query": "tap", "edition": "1999"}"#,
                "search_rules: unknown edition '1999'; the editions are 2008, 2010, 2011, web-2022-23 (see list_editions)"
            ),
            (
                "search_rules", #"{"query": "tap", "sort": "date"}"#,
                "search_rules: unknown argument 'sort'; it takes query, edition, topic, section, platform, kind, limit"
            ),
            ("search_rules", #"["tap"]"#, "search_rules: the arguments must be an object, got an array"),
            ("get_rule", #"{"id": "2011-00000000"}"#, "get_rule: no rule with id '2011-00000000' (find ids with search_rules)"),
            (
                "edition_diff", #"{"from": "web-2022-23", "to": "2008"}"#,
                "edition_diff: web-2022-23 does not come before 2008; give the older edition as 'from' (see list_editions)"
            ),
            ("list_topics", #"{"topic": "x"}"#, "list_topics: unknown argument 'topic'; it takes no arguments"),
            // The name search_rules took before `query`: the error names the one it takes now.
            (
                "search_rules", #"{"words": "tap"}"#,
                "search_rules: unknown argument 'words'; it takes query, edition, topic, section, platform, kind, limit"
            ),
            // The platforms of the seeds' editions (editions.json: iPhone OS; iOS; and the web
            // page's iOS, iPadOS, macOS, tvOS and watchOS).
            (
                "search_rules", #"{"query": "tap", "platform": "Android"}"#,
                "search_rules: unknown platform 'Android'; the platforms are iOS, iPadOS, iPhone OS, macOS, tvOS, watchOS"
            ),
        ]
        try Self.withSeeds { session in
            for example in cases {
                let reply = try session.call(tool: example.tool, arguments: Data(example.arguments.utf8))
                #expect(reply.isError, "\(example.arguments)")
                #expect(reply.text.hasPrefix(example.expected), "\(reply.text)")
            }
        }
    }

    @Test("A search too long or of too many words, in either tool that searches, is a reply marked as an error")
    func searchesTooLarge() throws {
        // 21,000 bytes, as an assistant sent it (issue 29), and 65 different words, one past the limit.
        let long = String(repeating: "tap ", count: 5_249) + "taps"
        let many = (1...65).map { "word\($0)" }.joined(separator: " ")
        let cases: [(tool: String, query: String, expected: String)] = [
            ("search_rules", long, "search_rules: 'query' is 21000 bytes long, more than the 1000 a search may be; give a few words"),
            ("rule_evolution", long, "rule_evolution: 'query' is 21000 bytes long, more than the 1000 a search may be; give a few words"),
            (
                "search_rules", many,
                "search_rules: 'query' holds 65 different words, more than the 64 a search may hold; give fewer words"
            ),
        ]
        try Self.withSeeds { session in
            for example in cases {
                let arguments = try JSONSerialization.data(withJSONObject: ["query": example.query])
                let reply = try session.call(tool: example.tool, arguments: arguments)
                #expect(reply.isError)
                #expect(reply.text == example.expected)
            }
        }
    }

    @Test("An unknown tool is thrown, for the server to answer with a protocol error")
    func unknownTool() throws {
        try Self.withSeeds { session in
            #expect(throws: AssistantError.unknownTool("drop_rules")) { try session.call(tool: "drop_rules", arguments: Data()) }
        }
    }

    @Test("search_rules gives each hit's id, edition and citation, the matched words marked")
    func searchCites() throws {
        try Self.withSeeds { session in
            let reply = try session.call(tool: "search_rules", arguments: Data(#"{"query": "tap", "limit": 2}"#.utf8))
            let answer = try #require(try Self.json(reply) as? [String: Any])
            let hits = try #require(answer["hits"] as? [[String: Any]])
            #expect(hits.count == 2)
            // `hig search tap`, as the README shows it.
            #expect(hits[0]["id"] as? String == "2010-ad054201")
            #expect(hits[0]["edition"] as? String == "2010")
            #expect(hits[0]["citation"] as? String == "Tests/Fixtures/seed-editions/2010-chunk103.md:5")
            #expect((hits[0]["snippet"] as? String)?.contains("\"**tap**\"") == true)
            // The JSON contract's keys are all there.
            #expect(
                Set(hits[0].keys).isSuperset(of: [
                    "id", "edition", "kind", "section", "title", "text", "verbatim", "platforms",
                    "parent", "topics", "previous", "change", "source",
                ]))
        }
    }

    @Test("get_rule gives a rule's previous and next versions with their links")
    func versions() throws {
        try Self.withSeeds { session in
            let reply = try session.call(tool: "get_rule", arguments: Data(#"{"id": "2011-2fcb6d8b"}"#.utf8))
            let answer = try #require(try Self.json(reply) as? [String: Any])
            let previous = try #require(answer["previous_versions"] as? [[String: Any]])
            #expect(previous.count == 1)
            #expect(
                (previous.first?["rule"] as? [String: Any])?["citation"] as? String == "Tests/Fixtures/seed-editions/2010-chunk103.md:7")
            #expect((previous.first?["link"] as? [String: Any])?["change"] as? String == "reworded")
        }
    }

    @Test("A session answers from an import made while it runs")
    func seesLaterImports() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "hig.sqlite").path
            let rule = Data("**Use short titles.** A title should be short.\n".utf8)
            let one = try Fixtures.writeEditions(
                in: folder.appending(path: "one"), manifest: Fixtures.manifest([("a", "a.md")]),
                files: ["a.md": rule])
            _ = try StoreWriter.importEditions(from: one, into: path)
            let session = try AssistantSession(path: path)
            let editions = {
                try (Self.json(try session.call(tool: "list_editions", arguments: Data())) as? [[String: Any]])?.compactMap {
                    $0["id"] as? String
                }
            }
            #expect(try editions() == ["a"])
            let two = try Fixtures.writeEditions(
                in: folder.appending(path: "two"), manifest: Fixtures.manifest([("a", "a.md"), ("b", "b.md")]),
                files: ["a.md": rule, "b.md": rule])
            _ = try StoreWriter.importEditions(from: two, into: path)
            #expect(try editions() == ["a", "b"])
        }
    }

    @Test("Resources: a rule and an edition by URI; a URI that names nothing says what exists")
    func resources() throws {
        try Self.withSeeds { session in
            let rule = try #require(
                try JSONSerialization.jsonObject(with: Data(try session.read(uri: "hig://rule/2010-be6ca266").utf8)) as? [String: Any])
            #expect((rule["rule"] as? [String: Any])?["citation"] as? String == "Tests/Fixtures/seed-editions/2010-chunk103.md:7")
            let edition = try #require(
                try JSONSerialization.jsonObject(with: Data(try session.read(uri: "hig://edition/2008").utf8)) as? [String: Any])
            #expect((edition["rules"] as? [Any])?.count == 14)
            #expect(
                try session.listedResources().map(\.uri) == [
                    "hig://edition/2008", "hig://edition/2010", "hig://edition/2011", "hig://edition/web-2022-23",
                ])
            #expect(
                throws: AssistantError.unknownResource(
                    uri: "hig://edition/1999", reason: "no edition '1999'; the editions are 2008, 2010, 2011, web-2022-23")
            ) {
                try session.read(uri: "hig://edition/1999")
            }
            #expect(
                throws: AssistantError.unknownResource(
                    uri: "hig://rule/", reason: "give one id after hig://rule/, e.g. hig://rule/ios-2011-03-f3470dca")
            ) {
                try session.read(uri: "hig://rule/")
            }
        }
    }
}
