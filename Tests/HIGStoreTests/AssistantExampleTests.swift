import Foundation
import Testing
@testable import HIGStore
@testable import HIGAssistants
@testable import HIGLineage

/// What `hig mcp` teaches an assistant in its tools' and resources' descriptions: ids it can
/// give back. An example that names no edition or rule of the bundle (a former id such as
/// 2010-be6ca266, which only resolves through the former-ids table) teaches a form no answer
/// uses.
@Suite("Assistant examples")
struct AssistantExampleTests {
    /// Every text an assistant reads about the tools and resources.
    static var texts: [String] {
        AssistantCatalog.tools.flatMap { [$0.description] + $0.parameters.map(\.fullDescription) }
            + AssistantResources.templates.map(\.description)
    }

    static func matches(of pattern: String, in text: String) throws -> [String] {
        let expression = try NSRegularExpression(pattern: pattern)
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range, in: text).map { String(text[$0]) }
        }
    }

    @Test("Every rule id and edition id the descriptions show is a real id of the bundled editions")
    func examplesAreRealIDs() throws {
        let editions = Set((try BundleCorpus.corpus).sources.map(\.edition.id))
        let rules = Set((try BundleCorpus.corpus).sources.flatMap(\.rules).map(\.id))
        var shown: [String] = []
        for text in Self.texts {
            // An edition id of the bundle's form (line-year-month), with a rule's 8 hex digits or not.
            for id in try Self.matches(of: #"\b[a-z]+-\d{4}-\d{2}(-[0-9a-f]{8})?\b"#, in: text) {
                shown.append(id)
                #expect(editions.contains(id) || rules.contains(id), "\(id), shown in: \(text)")
            }
            // A former id: a bare year, or a year and 8 hex digits.
            let former = try Self.matches(of: #"(e\.g\. |\()(19|20)\d\d\b|\b(19|20)\d\d-[0-9a-f]{8}\b"#, in: text)
            #expect(former.isEmpty, "former ids \(former) in: \(text)")
        }
        #expect(Set(shown).isSuperset(of: [AssistantCatalog.exampleEdition, AssistantCatalog.exampleRule]))
    }

    @Test("The example rule id is the words its comment quotes")
    func exampleRuleWords() throws {
        let rule = try #require(
            (try BundleCorpus.corpus).sources.flatMap(\.rules).first { $0.id == AssistantCatalog.exampleRule })
        #expect(rule.draft.text.hasPrefix("The infrequency with which alerts appear helps users take them seriously."))
    }

    @Test("Each limit a description states is the limit the tools enforce")
    func limitsAreEnforced() throws {
        let query = try #require(AssistantCatalog.searchRules.parameter(named: "query"))
        #expect(query.fullDescription.contains("at most 64 different words and 1000 bytes"))
        let limit = try #require(AssistantCatalog.searchRules.parameter(named: "limit"))
        #expect(limit.fullDescription.hasSuffix("From 1 to 100; default 10."))
        let editionDiff = AssistantCatalog.editionDiff
        let lowConfidence = try #require(editionDiff.parameter(named: "low_confidence_only"))
        #expect(lowConfidence.fullDescription.contains("under \(LinkConfidence.lowBelow),"))
        #expect(try #require(editionDiff.parameter(named: "candidates")).fullDescription.contains("a link needs a score of 0.25"))
    }

    @Test("The documentation's table of MCP tools names each tool the server lists, in its order")
    func documentationListsEveryTool() throws {
        let page = try String(contentsOf: Fixtures.repository.appending(path: "docs/assistants.md"), encoding: .utf8)
        let table = try #require(page.components(separatedBy: "| tool | answers |").dropFirst().first)
        let rows = table.split(separator: "\n").dropFirst().prefix { $0.hasPrefix("|") }
        let named = try rows.map { row in try #require(try Self.matches(of: #"^\| `([a-z_]+)`"#, in: String(row)).first) }
        #expect(named == AssistantCatalog.tools.map { "| `\($0.name)`" })
    }
}
