import Foundation
import HIGStore
import HIGAssistants
import HIGDatabase
import HIGText

/// The session, one call at a time (a store is one SQLite connection), over a database that
/// may still be being built.
///
/// With no database yet, `hig mcp` used to import the editions before it answered anything, so
/// that a client's `initialize` waited out the whole import and could time out. The import now
/// runs on a thread of its own (not one of the cooperative pool, which a long synchronous
/// import would starve), and each call that needs the database awaits it.
actor SessionActor {
    /// How often a call waiting for the database reports progress.
    static let progressInterval = Duration.seconds(2)

    private let path: String
    private var session: AssistantSession?
    /// The database being built; it fails with the import's error, which every call then gives.
    private let preparation: Task<Void, Error>?

    init(path: String, preparing: (@Sendable () throws -> Void)?) throws {
        self.path = path
        if let preparing {
            preparation = Task { try await Self.onOwnThread(preparing) }
        } else {
            preparation = nil
            session = try AssistantSession(path: path)
        }
    }

    /// Whether a call would wait for the database to be built.
    var isPreparing: Bool { session == nil && preparation != nil }

    private static func onOwnThread(_ work: @escaping @Sendable () throws -> Void) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            Thread.detachNewThread {
                do {
                    try work()
                    continuation.resume()
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    /// The session, once the database is there.
    private func ready() async throws -> AssistantSession {
        if let session { return session }
        try await preparation?.value
        // Another call may have opened it while this one waited.
        if let session { return session }
        let opened = try AssistantSession(path: path)
        session = opened
        return opened
    }

    func call(tool: String, arguments: Data) async throws(JSONRPCError) -> AssistantSession.Reply {
        try await translating { try await ready().call(tool: tool, arguments: arguments) }
    }

    func listedResources() async throws(JSONRPCError) -> [AssistantResources.Listed] {
        try await translating { try await ready().listedResources() }
    }

    func read(uri: String) async throws(JSONRPCError) -> String {
        try await translating { try await ready().read(uri: uri) }
    }

    /// HIGStore's errors as JSON-RPC errors: a request naming nothing that exists is invalid
    /// params (-32602) or, for a resource, not found (-32002, as the specification says); a
    /// database that fails, or could not be built, is an internal error with hig's sentence for it.
    private func translating<T>(_ body: () async throws -> T) async throws(JSONRPCError) -> T {
        do {
            return try await body()
        } catch let error as AssistantError {
            if case .unknownResource = error { throw .resourceNotFound(error.description) }
            throw .invalidParams(error.description)
        } catch let error as HIGError {
            throw .internalError(error.description)
        } catch let error as SQLiteError {
            throw .internalError(RuleStore.describe(error).description)
        } catch {
            throw .internalError(String(describing: error))
        }
    }
}
