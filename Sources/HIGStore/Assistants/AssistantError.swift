/// What an assistant can get wrong when it calls `hig mcp`, each as a sentence that says what is
/// wrong and what to do instead.
public enum AssistantError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No tool of that name (a protocol error: the request names nothing that exists).
    case unknownTool(String)
    /// The arguments of a known tool are wrong: the assistant can correct them and call again.
    case badArguments(tool: String, reason: String)
    /// A resource URI that names nothing (`hig://rule/2011-00000000`) or has no known form.
    case unknownResource(uri: String, reason: String)

    public var description: String {
        switch self {
        case .unknownTool(let name):
            "unknown tool '\(name)'; the tools are \(AssistantCatalog.tools.map(\.name).joined(separator: ", "))"
        case .badArguments(let tool, let reason):
            "\(tool): \(reason)"
        case .unknownResource(let uri, let reason):
            "no resource \(uri): \(reason)"
        }
    }

    /// A mistake in what the assistant asked for, in words that name the tools' arguments
    /// rather than the command line's options.
    static func from(_ error: HIGError, tool: String) -> AssistantError {
        let reason: String =
            switch error {
            case .unknownRule(let id, let suggestions, _):
                "no rule with id '\(id)'"
                    + (suggestions.isEmpty ? "" : "; did you mean \(suggestions.joined(separator: ", "))?")
                    + " (find ids with search_rules)"
            case .unknownEdition(let edition, let known):
                "unknown edition '\(edition)'; the editions are \(known.joined(separator: ", ")) (see list_editions)"
            case .unknownTopic(let topic, let nearest):
                "unknown topic '\(topic)'; nearest: \(nearest.joined(separator: ", ")) (see list_topics)"
            case .unknownSection(let section, let edition):
                "no section \(edition.map { "of \($0) " } ?? "")has the heading '\(section)' (see list_sections)"
            case .emptySearch:
                "nothing to search for; give one or more words in 'words'"
            case .editionsOutOfOrder(let from, let to):
                "\(from) does not come before \(to); give the older edition as 'from' (see list_editions)"
            default:
                error.description
            }
        return .badArguments(tool: tool, reason: reason)
    }
}
