import Foundation

/// Work started on another thread and joined later: for a stage that needs no database of its
/// own, run on the core SQLite leaves idle while this thread writes.
///
/// Its owner must call `wait` (or `cancelAndWait`) before it returns, on every path, errors
/// included, so the work never outlives the call that started it; `cancelAndWait` in a `defer`
/// does that and costs nothing once the work has been waited for. Cancelling only sets a flag
/// the work polls (`isCancelled`), so it stops at its next poll.
package final class BackgroundWork<Value: Sendable>: Sendable {
    private let finished = DispatchGroup()
    private let state = SharedState()

    package init(_ work: @escaping @Sendable (_ isCancelled: @Sendable () -> Bool) throws -> Value) {
        let state = self.state
        finished.enter()
        DispatchQueue.global(qos: .userInitiated).async { [finished] in
            let result = Result { try work { state.isCancelled } }
            state.set(result)
            finished.leave()
        }
    }

    /// Joins the work and hands over its outcome (a `CancellationError` if it stopped at a poll),
    /// keeping no copy: a large value is freed as soon as its new owner lets go of it. Once only;
    /// a second call gives a `CancellationError`.
    package func take() -> Result<Value, any Error> {
        finished.wait()
        return state.takeResult() ?? .failure(CancellationError())
    }

    /// Asks the work to stop, then joins it.
    package func cancelAndWait() {
        state.cancel()
        finished.wait()
    }

    /// The flag and the outcome, shared by the two threads.
    ///
    /// `nonisolated(unsafe)` instead of a lock-holding type the compiler checks (`Mutex` needs
    /// macOS 15): both stored properties are read and written only while `lock` is held, by the
    /// four members below and nowhere else, so no two threads ever touch them at once.
    private final class SharedState: Sendable {
        private let lock = NSLock()
        private nonisolated(unsafe) var cancelled = false
        private nonisolated(unsafe) var outcome: Result<Value, any Error>?

        var isCancelled: Bool { lock.withLock { cancelled } }
        func takeResult() -> Result<Value, any Error>? {
            lock.withLock {
                defer { outcome = nil }
                return outcome
            }
        }
        func cancel() { lock.withLock { cancelled = true } }
        func set(_ result: Result<Value, any Error>) { lock.withLock { outcome = result } }
    }
}
