import Foundation

/// The resources `hig mcp` serves: a rule and an edition, each by a `hig://` URI.
public enum AssistantResources {
    public struct Template: Sendable {
        public let uriTemplate: String
        public let name: String
        public let description: String
    }

    public struct Listed: Sendable {
        public let uri: String
        public let name: String
        public let description: String
    }

    public static let mimeType = "application/json"

    public static let templates = [
        Template(
            uriTemplate: ruleURI("{id}"), name: "HIG rule",
            description:
                "One rule by id (e.g. \(ruleURI(AssistantCatalog.exampleRule))): what \(AssistantCatalog.getRule.name) answers, with its text, verbatim source, provenance and previous and next versions."
        ),
        Template(
            uriTemplate: editionURI("{id}"), name: "HIG edition",
            description:
                "One edition by id (e.g. \(editionURI(AssistantCatalog.exampleEdition))): its sources and coverage, and every rule of it with its citation, in reading order."
        ),
    ]

    static let rulePrefix = "hig://rule/"
    static let editionPrefix = "hig://edition/"
    static func ruleURI(_ id: String) -> String { rulePrefix + id }
    static func editionURI(_ id: String) -> String { editionPrefix + id }

    /// What a URI names.
    enum Target: Equatable {
        case rule(String)
        case edition(String)
    }

    static func parse(_ uri: String) throws(AssistantError) -> Target {
        for (prefix, make) in [(rulePrefix, Target.rule), (editionPrefix, Target.edition)] where uri.hasPrefix(prefix) {
            let id = String(uri.dropFirst(prefix.count))
            guard !id.isEmpty, !id.contains("/") else {
                throw .unknownResource(
                    uri: uri,
                    reason:
                        "give one id after \(prefix), e.g. \(prefix == rulePrefix ? ruleURI(AssistantCatalog.exampleRule) : editionURI(AssistantCatalog.exampleEdition))"
                )
            }
            return make(id.removingPercentEncoding ?? id)
        }
        throw .unknownResource(uri: uri, reason: "the resources are \(templates.map(\.uriTemplate).joined(separator: " and "))")
    }
}
