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
            uriTemplate: "hig://rule/{id}", name: "HIG rule",
            description:
                "One rule by id (e.g. hig://rule/2010-be6ca266): what get_rule answers, with its text, verbatim source, provenance and previous and next versions."
        ),
        Template(
            uriTemplate: "hig://edition/{id}", name: "HIG edition",
            description:
                "One edition by id (e.g. hig://edition/2011): its sources and coverage, and every rule of it with its citation, in reading order."
        ),
    ]

    static func editionURI(_ id: String) -> String { "hig://edition/\(id)" }

    /// What a URI names.
    enum Target: Equatable {
        case rule(String)
        case edition(String)
    }

    static func parse(_ uri: String) throws(AssistantError) -> Target {
        for (prefix, make) in [("hig://rule/", Target.rule), ("hig://edition/", Target.edition)] where uri.hasPrefix(prefix) {
            let id = String(uri.dropFirst(prefix.count))
            guard !id.isEmpty, !id.contains("/") else {
                throw .unknownResource(
                    uri: uri,
                    reason:
                        "give one id after \(prefix), e.g. \(prefix == "hig://rule/" ? "hig://rule/2010-be6ca266" : "hig://edition/2011")")
            }
            return make(id.removingPercentEncoding ?? id)
        }
        throw .unknownResource(uri: uri, reason: "the resources are \(templates.map(\.uriTemplate).joined(separator: " and "))")
    }
}
