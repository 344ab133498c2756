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

/// Every `hig` process loads what its binary links: issue 33's largest cost was the MCP SDK's
/// HTTP code, which brought FoundationNetworking and libcurl (and the libraries behind it) into
/// every command. `hig mcp` speaks stdio only and links neither.
@Suite("What the binary links")
struct LinkedLibrariesTests {
    static let ldd = "/usr/bin/ldd"

    @Test(
        "hig loads neither FoundationNetworking nor libcurl",
        .enabled(if: FileManager.default.isExecutableFile(atPath: ldd), "lists a binary's libraries with ldd (Linux)"))
    func noNetworkingLibraries() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.ldd)
        process.arguments = [HigRunner.binary.path]
        let result = try HigRunner.run(process)
        #expect(result.status == 0, "\(result.stderr)")
        // The runtime and Foundation are there; the check would pass on an empty list otherwise.
        #expect(result.stdout.contains("libFoundation"))
        for library in ["libFoundationNetworking", "libcurl"] {
            #expect(!result.stdout.contains(library), "hig links \(library)")
        }
    }
}
