import Foundation

/// One argument of an assistant tool, as its JSON schema declares it.
public struct AssistantParameter: Sendable {
    public enum Kind: Sendable, Equatable {
        case string
        case integer(minimum: Int, maximum: Int, defaultValue: Int)
        case boolean
        /// A string from a fixed list.
        case choice([String])
    }

    public let name: String
    public let kind: Kind
    public let required: Bool
    public let description: String

    /// The description an assistant reads: for an integer, with its range and default, so that
    /// they are written once, in `kind`.
    var fullDescription: String {
        guard case .integer(let minimum, let maximum, let defaultValue) = kind else { return description }
        return "\(description) From \(minimum) to \(maximum); default \(defaultValue)."
    }

    /// The JSON Schema of this argument.
    var schema: [String: Any] {
        var schema: [String: Any] = ["description": fullDescription]
        switch kind {
        case .string:
            schema["type"] = "string"
            schema["minLength"] = 1
        case .integer(let minimum, let maximum, let defaultValue):
            schema["type"] = "integer"
            schema["minimum"] = minimum
            schema["maximum"] = maximum
            schema["default"] = defaultValue
        case .boolean:
            schema["type"] = "boolean"
            schema["default"] = false
        case .choice(let values):
            schema["type"] = "string"
            schema["enum"] = values
        }
        return schema
    }

    /// How the argument is described in an error about it.
    var expected: String {
        switch kind {
        case .string: "a non-empty string"
        case .integer(let minimum, let maximum, _): "an integer from \(minimum) to \(maximum)"
        case .boolean: "true or false"
        case .choice(let values): "one of " + values.joined(separator: ", ")
        }
    }
}

/// A tool an assistant can call through `hig mcp`: its name, what it answers, and its arguments.
/// Every tool only reads the database.
public struct AssistantTool: Sendable {
    public let name: String
    public let title: String
    public let description: String
    public let parameters: [AssistantParameter]

    /// The JSON Schema of the tool's arguments (an object; no other keys allowed), as JSON text.
    public var inputSchema: Data {
        var properties: [String: Any] = [:]
        for parameter in parameters { properties[parameter.name] = parameter.schema }
        let schema: [String: Any] = [
            "type": "object",
            "properties": properties,
            "required": parameters.filter(\.required).map(\.name),
            "additionalProperties": false,
        ]
        // Only strings, numbers, booleans, arrays and dictionaries: serialization cannot fail.
        return (try? JSONSerialization.data(withJSONObject: schema, options: [.sortedKeys])) ?? Data("{}".utf8)
    }

    public func parameter(named name: String) -> AssistantParameter? {
        parameters.first { $0.name == name }
    }
}
