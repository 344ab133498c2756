import Foundation
import HIGStore
import HIGText

/// What `hig mcp` runs its calls through: one database, read by the tools and resources.
///
/// A store reads one snapshot (see `RuleStore`); a server runs for hours, so the store is
/// opened again when the database's files have changed since (an import meanwhile), and
/// every call answers from the latest committed content.
public final class AssistantSession {
    /// A tool's answer: JSON text, or the sentence of a mistake the assistant can correct.
    public struct Reply: Sendable, Equatable {
        public let text: String
        public let isError: Bool
    }

    public let path: String
    private var store: RuleStore
    private var fingerprint: [Int]

    /// `path` must hold a hig database (`RuleStore.open`'s checks and errors).
    public init(path: String) throws {
        self.path = path
        fingerprint = Self.fingerprint(of: path)
        store = try RuleStore.open(path: path)
    }

    /// The size and modification time of the database and its log: an import changes them.
    private static func fingerprint(of path: String) -> [Int] {
        [path, path + "-wal"].flatMap { file -> [Int] in
            var info = stat()
            guard stat(file, &info) == 0 else { return [-1, -1, -1] }
            return [Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
        }
    }

    private func currentStore() throws -> RuleStore {
        let now = Self.fingerprint(of: path)
        if now != fingerprint {
            store = try RuleStore.open(path: path)
            fingerprint = now
        }
        return store
    }

    /// Calls the tool `name` with `arguments` (its JSON object). A mistake in the arguments is a
    /// reply marked as an error, so that the assistant reads it and corrects the call; an
    /// unknown tool throws `AssistantError.unknownTool`; a database that fails throws its error.
    public func call(tool name: String, arguments: Data) throws -> Reply {
        guard let tool = AssistantCatalog.tool(named: name) else { throw AssistantError.unknownTool(name) }
        do {
            let parsed = try AssistantArguments(tool: tool, json: arguments)
            return Reply(text: try answer(tool, parsed), isError: false)
        } catch let error as AssistantError {
            return Reply(text: error.description, isError: true)
        } catch let error as HIGError {
            guard let mistake = AssistantError.mistake(in: error, tool: name) else { throw error }
            return Reply(text: mistake.description, isError: true)
        }
    }

    private func answer(_ tool: AssistantTool, _ arguments: AssistantArguments) throws -> String {
        let store = try currentStore()
        switch tool.name {
        case AssistantCatalog.searchRules.name: return try AssistantJSON.encode(store.searchAnswer(arguments))
        case AssistantCatalog.getRule.name: return try AssistantJSON.encode(store.ruleAnswer(id: arguments.string("id") ?? ""))
        case AssistantCatalog.ruleEvolution.name: return try AssistantJSON.encode(store.evolutionAnswer(arguments))
        case AssistantCatalog.editionDiff.name: return try AssistantJSON.encode(store.diffAnswer(arguments))
        case AssistantCatalog.whatChanged.name: return try AssistantJSON.encode(store.changesAnswer(arguments))
        case AssistantCatalog.listEditions.name: return try AssistantJSON.encode(store.editions().map(EditionJSON.init))
        case AssistantCatalog.listTopics.name: return try AssistantJSON.encode(store.topicsAnswer())
        case AssistantCatalog.listSections.name:
            return try AssistantJSON.encode(
                store.sections(
                    edition: arguments.string("edition") ?? EditionManifest.newestAlias, under: arguments.string("section"),
                    maxDepth: arguments.integer("depth")))
        default: throw AssistantError.unknownTool(tool.name)
        }
    }

    /// The editions, each a resource (rules are many: they are reached through the template).
    public func listedResources() throws -> [AssistantResources.Listed] {
        try currentStore().editions().map {
            .init(
                uri: AssistantResources.editionURI($0.id), name: "HIG edition \($0.id)",
                description: "\($0.name): \($0.rules) rules, \($0.coverage)")
        }
    }

    /// The JSON of the resource at `uri`; `AssistantError.unknownResource` when it names nothing.
    public func read(uri: String) throws -> String {
        let store = try currentStore()
        switch try AssistantResources.parse(uri) {
        case .rule(let id):
            do {
                return try AssistantJSON.encode(store.ruleAnswer(id: id))
            } catch HIGError.unknownRule(let id, let suggestions, _) {
                let hint = suggestions.isEmpty ? "find ids with search_rules" : "did you mean \(suggestions.joined(separator: ", "))?"
                throw AssistantError.unknownResource(uri: uri, reason: "no rule with id '\(id)'; \(hint)")
            }
        case .edition(let id):
            guard let answer = try store.editionAnswer(id: id) else {
                throw AssistantError.unknownResource(
                    uri: uri, reason: "no edition '\(id)'; the editions are \(try store.editionIDs().joined(separator: ", "))")
            }
            return try AssistantJSON.encode(answer)
        }
    }
}
