import HIGAssistants

/// Progress notifications for a request that waits for the database being built: MCP's only way
/// to report on a request in progress, and only when the request asked for it with a token
/// (`params._meta.progressToken`, a string or an integer).
struct ProgressReporter: Sendable {
    let session: SessionActor
    let writer: MessageWriter

    /// Runs `body`; while it waits for the database, sends `notifications/progress` for the
    /// request's token: at once, then every `SessionActor.progressInterval`. The import reports
    /// no fraction done, so each notification counts the seconds waited (which only grow, as
    /// the specification requires of `progress`), with no total, and says what is happening.
    func whileWaiting<T: Sendable>(
        _ params: JSONValue?, _ body: @Sendable () async throws(JSONRPCError) -> T
    ) async throws(JSONRPCError) -> T {
        guard let token = Self.token(in: params), await session.isPreparing else { return try await body() }
        let writer = writer
        let reporter = Task {
            let start = ContinuousClock.now
            while !Task.isCancelled {
                let waited = (ContinuousClock.now - start).components.seconds
                let message = "no database yet: importing the editions first (\(waited) s); this call answers when it is built"
                writer.send(
                    JSONRPCMessage.notification(
                        method: "notifications/progress",
                        params: .object(["progressToken": token, "progress": .integer(Int(waited)), "message": .string(message)])))
                try? await Task.sleep(for: SessionActor.progressInterval)
            }
        }
        // A cancelled request (`notifications/cancelled`) reports no more progress, though it
        // waits for the database like any other.
        let outcome: Result<T, JSONRPCError> = await withTaskCancellationHandler {
            do throws(JSONRPCError) { return .success(try await body()) } catch { return .failure(error) }
        } onCancel: {
            reporter.cancel()
        }
        // Ended before the answer is sent: no notification may follow the answer it is about.
        reporter.cancel()
        await reporter.value
        return try outcome.get()
    }

    /// The request's progress token, when it gave one of the two kinds the specification allows.
    static func token(in params: JSONValue?) -> JSONValue? {
        switch params?["_meta"]?["progressToken"] {
        case .string(let token): .string(token)
        case .integer(let token): .integer(token)
        default: nil
        }
    }
}
