import Foundation
import HIGText
import Testing

/// What every `hig` process does before its command's work, kept to what the command needs
/// (issue 33; the times are measured by the benchmark, `Benchmarks/README.md`, not here).
@Suite("A process's start")
struct ProcessStartTests {
    static let commands = Fixtures.repository.appending(path: "Sources/HIGQuery")

    /// Each `CommandConfiguration(` of the command line and what follows it, up to its first
    /// argument's label, by file.
    static func configurations() throws -> [(file: String, opening: String)] {
        let files = try #require(FileManager.default.enumerator(at: commands, includingPropertiesForKeys: nil))
        var found: [(file: String, opening: String)] = []
        for case let url as URL in files where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            for part in text.components(separatedBy: "CommandConfiguration(").dropFirst() {
                let opening = part.drop { $0 == " " || $0 == "\n" }.prefix { $0 != ":" }
                found.append((url.lastPathComponent, String(opening)))
            }
        }
        return found
    }

    @Test("Every command names itself, so that parsing never derives a name from a type's")
    func commandsNameThemselves() throws {
        // Without `commandName`, the argument parser names a command from its type's name
        // (`String(describing:)`), and builds every command's name so at each start: a cast
        // that searches all the conformances the binary loaded, several times per command.
        let configurations = try Self.configurations()
        #expect(configurations.count >= 20, "found \(configurations.count) configurations")
        for configuration in configurations {
            #expect(configuration.opening == "commandName", "\(configuration.file): a CommandConfiguration without commandName")
        }
    }
}
