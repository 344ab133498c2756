import Foundation
import HIGAssistants
import HIGStore
import HIGTestSupport
import HIGText
import Testing

/// The protocol of `hig mcp` (hig's own JSON-RPC server over stdio), driven over pipes as a
/// client drives it: the built binary, on the seeds. What the tools answer is AssistantTests';
/// the official Python client's end-to-end run is Tests/clients/mcp_client_test.py.
@Suite("The MCP server over stdio")
struct MCPServerTests {
    /// The seeds imported once for the suite (hand-counted: 2008 14 rules, 2010 24, 2011 39, web-2022-23 37).
    static let seeds = FixtureFailure.capture("the seeds' database") {
        let path = Fixtures.suitePath("mcp-seeds.sqlite").path
        _ = try StoreWriter.importEditions(from: Fixtures.editions, into: path)
        return path
    }

    static func onSeeds(_ lines: [String]) throws -> MCPExchange {
        try MCPExchange([MCPExchange.initialize(), MCPExchange.initialized] + lines, database: try seeds.get())
    }

    @Test("initialize answers the client's protocol version when hig supports it, with what hig offers")
    func initializeKeepsASupportedVersion() throws {
        let run = try MCPExchange([MCPExchange.initialize(version: "2025-03-26")], database: try Self.seeds.get())
        let result = try #require(run.result(1))
        #expect(result["protocolVersion"] as? String == "2025-03-26")
        let info = try #require(result["serverInfo"] as? [String: Any])
        #expect(info["name"] as? String == "hig")
        #expect(info["version"] as? String == HIGVersion.current)
        #expect((info["title"] as? String)?.hasPrefix("hig: ") == true)
        let capabilities = try #require(result["capabilities"] as? [String: Any])
        #expect(Set(capabilities.keys) == ["tools", "resources"])
        #expect(capabilities["tools"] as? [String: Bool] == ["listChanged": false])
        #expect(capabilities["resources"] as? [String: Bool] == ["subscribe": false, "listChanged": false])
        let instructions = try #require(result["instructions"] as? String)
        #expect(instructions.contains(AssistantCatalog.searchRules.name))
        #expect(run.status == 0)
    }

    @Test("initialize answers the latest version hig supports when the client's is not one of them")
    func initializeOffersTheLatestVersion() throws {
        let run = try MCPExchange(
            [MCPExchange.initialize(version: "2099-01-01"), MCPExchange.initialize(2, version: "2025-06-18")],
            database: try Self.seeds.get())
        #expect(run.result(1)?["protocolVersion"] as? String == "2025-11-25")
        // Once per connection, as the lifecycle says.
        #expect(run.error(2)?.code == -32600)
    }

    @Test("tools/list names every tool of the catalogue, each read-only with its schema")
    func toolsList() throws {
        let run = try Self.onSeeds([MCPExchange.request(2, "tools/list"), MCPExchange.request(3, "ping")])
        let tools = try #require(run.result(2)?["tools"] as? [[String: Any]])
        #expect(tools.compactMap { $0["name"] as? String } == AssistantCatalog.tools.map(\.name))
        for (listed, tool) in zip(tools, AssistantCatalog.tools) {
            let schema = try #require(listed["inputSchema"] as? NSDictionary)
            #expect(schema == (try JSONSerialization.jsonObject(with: tool.inputSchema) as? NSDictionary), "\(tool.name)")
            let annotations = try #require(listed["annotations"] as? [String: Any])
            #expect(annotations["readOnlyHint"] as? Bool == true && annotations["destructiveHint"] as? Bool == false)
            #expect(listed["description"] as? String == tool.description)
        }
        #expect(run.result(3)?.isEmpty == true)
    }

    @Test("tools/call answers a search on the seeds, and a mistake in the arguments as a tool error")
    func toolsCall() throws {
        let run = try Self.onSeeds([
            MCPExchange.request(2, "tools/call", ["name": "search_rules", "arguments": ["query": "tap"]]),
            MCPExchange.request(3, "tools/call", ["name": "get_rule", "arguments": ["id": "2011-00000000"]]),
        ])
        let result = try #require(run.result(2))
        #expect(result["isError"] as? Bool == false)
        let content = try #require((result["content"] as? [[String: Any]])?.first)
        #expect(content["type"] as? String == "text")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data((content["text"] as? String ?? "").utf8)) as? [String: Any])
        // Read in Tests/Fixtures/seed-editions/2010-chunk103.md: line 5 is the tap rule that ranks first.
        let first = try #require((answer["hits"] as? [[String: Any]])?.first)
        #expect(first["id"] as? String == "2010-ad054201")
        #expect(first["citation"] as? String == "Tests/Fixtures/seed-editions/2010-chunk103.md:5")
        let mistake = try #require(run.result(3))
        #expect(mistake["isError"] as? Bool == true)
        let text = (mistake["content"] as? [[String: Any]])?.first?["text"] as? String
        #expect(text == "get_rule: no rule with id '2011-00000000' (find ids with search_rules)")
    }

    @Test("An unknown tool is invalid params (-32602), an unknown method not found (-32601)")
    func unknownToolAndMethod() throws {
        let run = try Self.onSeeds([
            MCPExchange.request(2, "tools/call", ["name": "delete_rules", "arguments": [:]]),
            MCPExchange.request(3, "prompts/list"),
            MCPExchange.request(4, "tools/call", ["arguments": [:]]),
        ])
        let tool = try #require(run.error(2))
        #expect(tool.code == -32602)
        #expect(tool.message.hasPrefix("unknown tool 'delete_rules'; the tools are search_rules, "))
        let method = try #require(run.error(3))
        #expect(method.code == -32601)
        #expect(method.message.contains("'prompts/list'"))
        #expect(run.error(4)?.code == -32602)
    }

    @Test("A line that is not JSON is a parse error (-32700) with id null, and the next request is answered")
    func malformedLine() throws {
        let run = try Self.onSeeds(["{\"jsonrpc\": \"2.0\", \"id\": 2, \"method\": ", MCPExchange.request(3, "ping"), "[]"])
        let errors = run.messages.filter { $0["id"] is NSNull }.compactMap { $0["error"] as? [String: Any] }
        #expect(errors.compactMap { $0["code"] as? Int } == [-32700, -32600])
        #expect(run.answer(2) == nil)
        #expect(run.result(3)?.isEmpty == true)
        #expect(run.status == 0)
    }

    @Test("resources/read gives an edition's JSON; a rule that does not exist is resource not found (-32002)")
    func resources() throws {
        let run = try Self.onSeeds([
            MCPExchange.request(2, "resources/read", ["uri": "hig://edition/2011"]),
            MCPExchange.request(3, "resources/read", ["uri": "hig://rule/2011-00000000"]),
            MCPExchange.request(4, "resources/list"),
            MCPExchange.request(5, "resources/templates/list"),
        ])
        let contents = try #require((run.result(2)?["contents"] as? [[String: Any]])?.first)
        #expect(contents["uri"] as? String == "hig://edition/2011")
        #expect(contents["mimeType"] as? String == "application/json")
        let edition = try #require(try JSONSerialization.jsonObject(with: Data((contents["text"] as? String ?? "").utf8)) as? [String: Any])
        #expect((edition["rules"] as? [Any])?.count == 39)
        let missing = try #require(run.error(3))
        #expect(missing.code == -32002)
        #expect(missing.message.contains("no rule with id '2011-00000000'"))
        let listed = (run.result(4)?["resources"] as? [[String: Any]])?.compactMap { $0["uri"] as? String }
        #expect(listed == ["2008", "2010", "2011", "web-2022-23"].map { "hig://edition/\($0)" })
        let templates = (run.result(5)?["resourceTemplates"] as? [[String: Any]])?.compactMap { $0["uriTemplate"] as? String }
        #expect(templates == AssistantResources.templates.map(\.uriTemplate))
    }

    @Test("With no database yet, a request with a progress token gets progress while it waits; others answer at once")
    func progressWhileTheDatabaseIsBuilt() throws {
        try Fixtures.withTemporaryFolder { folder in
            let database = folder.appending(path: "hig.sqlite").path
            let run = try MCPExchange(
                [
                    MCPExchange.initialize(), MCPExchange.initialized,
                    MCPExchange.request(
                        2, "tools/call", ["name": "list_editions", "arguments": [:], "_meta": ["progressToken": "call"]]),
                    MCPExchange.request(3, "resources/read", ["uri": "hig://edition/2008", "_meta": ["progressToken": 7]]),
                    MCPExchange.request(4, "tools/call", ["name": "list_editions", "arguments": [:]]),
                    MCPExchange.request(5, "tools/list"),
                ],
                database: database, environment: ["HIG_EDITIONS": Fixtures.editions.path])
            #expect(run.status == 0)
            let editions = (run.result(2)?["content"] as? [[String: Any]])?.first?["text"] as? String
            #expect(editions?.contains("\"id\":\"web-2022-23\"") == true)
            // Asked after the call, answered before it: the tool list needs no database.
            let listed = try #require(run.position(of: 5))
            #expect(listed < (try #require(run.position(of: 2))))
            let progress = run.messages.filter { $0["method"] as? String == "notifications/progress" }
            let params = progress.compactMap { $0["params"] as? [String: Any] }
            for token in ["call", 7] as [AnyHashable] {
                let own = params.filter { $0["progressToken"] as? AnyHashable == token }
                #expect(!own.isEmpty, "no progress for token \(token)")
                #expect(own.allSatisfy { ($0["message"] as? String)?.contains("importing the editions") == true })
                #expect(own.allSatisfy { $0["progress"] is Int })
            }
            #expect(params.count == params.filter { $0["progressToken"] as? String == "call" || $0["progressToken"] as? Int == 7 }.count)
            // No notification follows the answer it is about.
            let lastCallProgress = run.messages.lastIndex { ($0["params"] as? [String: Any])?["progressToken"] as? String == "call" }
            #expect(try #require(lastCallProgress) < (try #require(run.position(of: 2))))
            #expect(run.stderr.contains("importing") && run.stderr.contains("imported"))
        }
    }

    @Test("A request the client cancels is not answered; one that waits beside it is")
    func cancelledRequest() throws {
        try Fixtures.withTemporaryFolder { folder in
            // No database yet: both calls wait for the import, so the cancellation comes first,
            // and the second call keeps the server running until the first could have answered.
            let call = ["name": "list_editions", "arguments": [String: Any]()] as [String: Any]
            let run = try MCPExchange(
                [
                    MCPExchange.initialize(), MCPExchange.initialized, MCPExchange.request(2, "tools/call", call),
                    MCPExchange.line(["jsonrpc": "2.0", "method": "notifications/cancelled", "params": ["requestId": 2]]),
                    MCPExchange.request(3, "tools/call", call),
                ],
                database: folder.appending(path: "hig.sqlite").path, environment: ["HIG_EDITIONS": Fixtures.editions.path])
            #expect(run.status == 0)
            #expect(run.answer(2) == nil)
            #expect(run.result(3)?["isError"] as? Bool == false)
        }
    }

    @Test("The end of stdin ends the server with status 0, once every request read is answered")
    func endOfInput() throws {
        let silent = try MCPExchange([], database: try Self.seeds.get())
        #expect(silent.status == 0)
        #expect(silent.messages.isEmpty)
        #expect(silent.stderr.isEmpty)
        // No initialize: hig answers requests before it, as swift-sdk did.
        let last = try MCPExchange([MCPExchange.request(9, "tools/call", ["name": "list_topics"])], database: try Self.seeds.get())
        #expect(last.status == 0)
        #expect(last.result(9)?["isError"] as? Bool == false)
    }
}
