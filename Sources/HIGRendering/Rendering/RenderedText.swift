/// What a command prints: its answer on stdout, and notes (what was left out, why nothing
/// matched) on stderr, so that a pipe receives the answer alone.
public struct RenderedText: Sendable, Equatable {
    public var output: String
    public var notes: [String]

    public init(output: String, notes: [String] = []) {
        self.output = output
        self.notes = notes
    }
}
