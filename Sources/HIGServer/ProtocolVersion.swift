/// The revisions of the Model Context Protocol specification `hig mcp` answers (those swift-sdk
/// 0.12.1 answered, whose stdio subset hig keeps, and those the official Python client speaks).
/// hig's part of each is the same: newline-delimited JSON-RPC on stdio, initialize, ping,
/// tools, resources and progress notifications; none of them removes or renames a field hig uses.
enum ProtocolVersion {
    /// Oldest first.
    static let supported = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"]

    static var latest: String { supported.last! }

    /// The version to answer `initialize` with, as the specification's lifecycle says: the
    /// client's, when the server supports it; else the latest the server supports (the client
    /// then disconnects if it does not support that one).
    static func negotiate(requested: String) -> String {
        supported.contains(requested) ? requested : latest
    }
}
