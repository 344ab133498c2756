/// A shared fixture that could not be made (an import that failed, a corpus that did not load),
/// kept as a value: each test that asks for the fixture fails with it, instead of the whole
/// test process stopping at its first use.
public struct FixtureFailure: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }

    /// `body`'s value, or its error as a `FixtureFailure` naming `what`.
    public static func capture<T>(_ what: String, _ body: () throws -> T) -> Result<T, FixtureFailure> {
        do { return .success(try body()) } catch { return .failure(FixtureFailure("cannot make \(what): \(error)")) }
    }
}
