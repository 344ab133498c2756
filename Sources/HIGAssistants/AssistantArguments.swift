import Foundation

extension JSONValue {
    /// How a wrong value is named in an error.
    var shown: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .integer(let value): "\(value)"
        case .number(let value): "\(value)"
        case .string(let value): "\"\(value.prefix(60))\""
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A tool's arguments, checked against its parameters: no unknown name, no missing required
/// one, each of the declared type and range. A mistake is an `AssistantError.badArguments`
/// that says which argument and what it takes.
public struct AssistantArguments: Sendable {
    let tool: AssistantTool
    private var strings: [String: String] = [:]
    private var integers: [String: Int] = [:]
    private var booleans: [String: Bool] = [:]

    /// `json` is the arguments object as sent (empty data or `null`: no arguments).
    public init(tool: AssistantTool, json: Data) throws(AssistantError) {
        self.tool = tool
        let decoded: JSONValue
        do {
            decoded = json.isEmpty ? .null : try JSONDecoder().decode(JSONValue.self, from: json)
        } catch {
            throw .badArguments(tool: tool.name, reason: "the arguments are not valid JSON")
        }
        let values: [String: JSONValue]
        switch decoded {
        case .null: values = [:]
        case .object(let object): values = object
        default: throw .badArguments(tool: tool.name, reason: "the arguments must be an object, got \(decoded.shown)")
        }
        for name in values.keys.sorted() where tool.parameter(named: name) == nil {
            throw .badArguments(tool: tool.name, reason: "unknown argument '\(name)'; it takes \(acceptedNames)")
        }
        for parameter in tool.parameters {
            guard let value = values[parameter.name], value != .null else {
                if parameter.required {
                    throw .badArguments(
                        tool: tool.name, reason: "missing the required argument '\(parameter.name)' (\(parameter.expected))")
                }
                continue
            }
            try store(value, for: parameter)
        }
    }

    private var acceptedNames: String {
        tool.parameters.isEmpty ? "no arguments" : tool.parameters.map(\.name).joined(separator: ", ")
    }

    private mutating func store(_ value: JSONValue, for parameter: AssistantParameter) throws(AssistantError) {
        let wrong = AssistantError.badArguments(
            tool: tool.name, reason: "'\(parameter.name)' must be \(parameter.expected), got \(value.shown)")
        switch (parameter.kind, value) {
        case (.string, .string(let text)):
            guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw wrong }
            strings[parameter.name] = text
        case (.choice(let values), .string(let text)):
            guard values.contains(text) else { throw wrong }
            strings[parameter.name] = text
        case (.integer(let minimum, let maximum, _), .integer(let number)):
            guard (minimum...maximum).contains(number) else { throw wrong }
            integers[parameter.name] = number
        case (.integer(let minimum, let maximum, _), .number(let number)):
            // 5.0 is the integer 5 in JSON; 5.5 is not.
            guard number.rounded() == number, let whole = Int(exactly: number), (minimum...maximum).contains(whole) else { throw wrong }
            integers[parameter.name] = whole
        case (.boolean, .bool(let flag)):
            booleans[parameter.name] = flag
        default:
            throw wrong
        }
    }

    public func string(_ name: String) -> String? { strings[name] }

    /// The value given, else the parameter's default.
    public func integer(_ name: String) -> Int {
        if let value = integers[name] { return value }
        if case .integer(_, _, let defaultValue) = tool.parameter(named: name)?.kind { return defaultValue }
        return 0
    }

    public func boolean(_ name: String) -> Bool { booleans[name] ?? false }
}
