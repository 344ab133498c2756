/// One result row, read by column name or position.
public struct Row: Sendable {
    let columns: [String]
    let values: [DatabaseValue]

    public subscript(_ index: Int) -> DatabaseValue { values[index] }

    public subscript(_ name: String) -> DatabaseValue {
        guard let index = columns.firstIndex(of: name) else {
            preconditionFailure("no column \(name) in \(columns)")
        }
        return values[index]
    }

    public func string(_ name: String) -> String { self[name].string ?? "" }
    public func optionalString(_ name: String) -> String? { self[name].string }
    public func int(_ name: String) -> Int { self[name].int ?? 0 }
    public func optionalInt(_ name: String) -> Int? { self[name].int }
}
