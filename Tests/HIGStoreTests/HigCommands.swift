import Foundation

/// The commands of the built `hig`, read from its own help, so that tests meant for "every
/// command" also cover the commands added after them.
struct HigCommand: Sendable {
    struct Option: Sendable {
        let name: String
        /// A closed set of values (`(values: ...)`) or a number: the argument parser answers before any query.
        let isParsed: Bool
        /// `<file>`: a file the command writes, not a value it looks up.
        let namesOutputFile: Bool
    }

    let name: String
    let options: [Option]
    /// Positional arguments; the last may take several words.
    let arguments: [String]

    /// The command with `value` in every positional argument (and the bundled editions for
    /// `import`, so that what fails is the database, not the editions folder).
    func invocation(database: String, value: String = "x") -> [String] {
        var arguments = ["--db", database, name]
        if name == "import" { arguments += ["--editions", Fixtures.editions.path] }
        return arguments + self.arguments.map { _ in value }
    }

    static let all: [HigCommand] = {
        let names =
            sections(of: help([]))["SUBCOMMANDS"]?.compactMap { line -> String? in
                guard line.hasPrefix("  "), !line.hasPrefix("   "), let name = line.split(separator: " ").first,
                    name.allSatisfy({ $0.isLowercase || $0 == "-" })
                else { return nil }
                return String(name)
            } ?? []
        precondition(names.contains("rules"), "cannot read the commands from `hig --help`")
        return names.filter { $0 != "help" }.map { name in
            let parts = sections(of: help([name]))
            // Each option's help starts at "  -" and may run onto further, deeper lines.
            var blocks: [String] = []
            for line in parts["OPTIONS"] ?? [] {
                if line.hasPrefix("  -") { blocks.append(line) } else if !blocks.isEmpty { blocks[blocks.count - 1] += " " + line }
            }
            let options = blocks.compactMap { block -> Option? in
                let words = block.split(separator: " ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ",")) }
                guard let index = words.firstIndex(where: { $0.hasPrefix("--") }), index + 1 < words.count,
                    words[index + 1].hasPrefix("<"), words[index] != "--db"
                else { return nil }
                let isParsed = block.contains("(values:") || block.range(of: #"\(default: \d+\)"#, options: .regularExpression) != nil
                return Option(name: words[index], isParsed: isParsed, namesOutputFile: words[index + 1] == "<file>")
            }
            let arguments = (parts["ARGUMENTS"] ?? []).compactMap { line -> String? in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard line.hasPrefix("  <"), let end = trimmed.firstIndex(of: ">") else { return nil }
                return String(trimmed[...end])
            }
            return HigCommand(name: name, options: options, arguments: arguments)
        }
    }()

    private static func help(_ command: [String]) -> String {
        let process = Process()
        process.executableURL = HigRunner.binary
        process.arguments = command + ["--help"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return "" }
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text
    }

    /// The lines under each "NAME:" heading of a help text.
    private static func sections(of help: String) -> [String: [String]] {
        var result: [String: [String]] = [:]
        var current: String?
        for line in help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if let first = line.first, first.isUppercase, line.hasSuffix(":") || line.contains(": ") && !line.hasPrefix(" ") {
                let heading = String(line.prefix { $0 != ":" })
                current = heading.allSatisfy({ $0.isUppercase || $0 == " " }) ? heading : nil
                continue
            }
            if let current { result[current, default: []].append(line) }
        }
        return result
    }
}
