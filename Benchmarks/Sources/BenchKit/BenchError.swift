/// A failure of the benchmark itself (not of what it measures), said in one line.
public struct BenchError: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
