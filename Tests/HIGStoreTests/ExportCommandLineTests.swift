import Foundation
import Testing

@Suite("The hig command line: exports")
struct ExportCommandLineTests {
    let cli = HigRunner()
    let env = ["HIG_EDITIONS": Fixtures.editions.path, "SOURCE_DATE_EPOCH": "1700000000"]

    @Test("--output writes the same bytes as stdout, for every format, and says what it wrote")
    func outputMatchesStdout() throws {
        try Fixtures.withTemporaryFolder { folder in
            _ = try cli.hig(["import"], in: folder, environment: env)
            for format in ["json", "csv", "markdown", "html"] {
                let piped = try cli.hig(["export", "--format", format, "--edition", "2010"], in: folder, environment: env)
                #expect(piped.status == 0 && piped.stderr.isEmpty)
                let written = try cli.hig(
                    ["export", "--format", format, "--edition", "2010", "--output", "out.\(format)"], in: folder, environment: env)
                #expect(written.status == 0 && written.stdout.isEmpty)
                #expect(written.stderr.hasPrefix("hig: wrote 24 rules to out.\(format) (\(format), "))
                #expect(FileManager.default.contents(atPath: folder.appending(path: "out.\(format)").path) == Data(piped.stdout.utf8))
            }
            let dash = try cli.hig(["export", "--format", "csv", "-o", "-"], in: folder, environment: env)
            #expect(dash.status == 0 && dash.stdout.hasPrefix("id,edition,section,kind,topics,"))
        }
    }

    @Test("The HTML report's source links work from where it is saved")
    func htmlLinksReachTheSources() throws {
        try Fixtures.withTemporaryFolder { folder in
            let docs = folder.appending(path: "docs/site")
            try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
            let result = try cli.hig(
                ["export", "--format", "html", "--topic", "button-placement", "--output", "docs/site/report.html"],
                in: folder, environment: env)
            #expect(result.status == 0)
            let report = docs.appending(path: "report.html")
            let html = try String(contentsOf: report, encoding: .utf8)
            let hrefs = html.components(separatedBy: "class=\"src\" href=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
            #expect(!hrefs.isEmpty)
            for href in Set(hrefs) {
                // Resolved against the report itself, as a browser does.
                let file = URL(fileURLWithPath: String(href), relativeTo: report).standardizedFileURL
                #expect(FileManager.default.fileExists(atPath: file.path), "\(href) leads nowhere")
            }
        }
    }

    @Test("A bad --output is one clear line, exit 1, and nothing is written, not even a database")
    func badOutput() throws {
        try Fixtures.withTemporaryFolder { folder in
            cli.expectOneLineError(
                try cli.hig(["export", "--format", "html", "--output", "nowhere/report.html"], in: folder, environment: env),
                mentioning: "cannot write nowhere/report.html: there is no folder nowhere")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
            try FileManager.default.createDirectory(at: folder.appending(path: "out"), withIntermediateDirectories: true)
            cli.expectOneLineError(
                try cli.hig(["export", "--output", "out"], in: folder, environment: env),
                mentioning: "cannot write out: it is a folder")
            cli.expectOneLineError(
                try cli.hig(["export", "--format", "csv", "--group-by", "topic"], in: folder, environment: env),
                mentioning: "--group-by applies only to --format markdown")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out"])
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appending(path: "out").path).isEmpty)
        }
    }

    @Test func markdownGroupedByTopic() throws {
        try Fixtures.withTemporaryFolder { folder in
            let result = try cli.hig(
                ["export", "--format", "markdown", "--group-by", "topic", "--kind", "guideline"], in: folder,
                environment: env)
            #expect(result.status == 0)
            #expect(
                result.stdout.hasPrefix("# HIG rules by topic\n\n96 rules (kind guideline) from editions 2008, 2010, 2011 and web-2022-23"))
            #expect(result.stdout.contains("on 2023-11-14."))
            #expect(result.stdout.contains("\n## Destructive actions\n"))
        }
    }

    @Test("-o into a named pipe feeds its reader; -o /dev/full fails in one line; neither is replaced")
    func outputIntoPipesAndDevices() throws {
        try Fixtures.withTemporaryFolder { folder in
            _ = try cli.hig(["import"], in: folder, environment: env)
            let expected = try cli.hig(["export"], in: folder, environment: env).stdout
            let pipe = folder.appending(path: "rules.fifo").path
            #expect(mkfifo(pipe, 0o600) == 0)
            // The reader is another process, as in `hig export -o fifo & cat fifo > copy`.
            let copy = folder.appending(path: "copy.json")
            #expect(FileManager.default.createFile(atPath: copy.path, contents: nil))
            let reader = Process()
            reader.executableURL = URL(fileURLWithPath: "/bin/cat")
            reader.arguments = [pipe]
            reader.standardOutput = try FileHandle(forWritingTo: copy)
            try reader.run()
            let written = try cli.hig(["export", "-o", "rules.fifo"], in: folder, environment: env)
            // Were the pipe replaced, cat would wait for a writer forever: it is stopped instead.
            for _ in 0..<250 where reader.isRunning { usleep(20_000) }
            if reader.isRunning { kill(reader.processIdentifier, SIGKILL) }
            reader.waitUntilExit()
            let data = try Data(contentsOf: copy)
            try FileManager.default.removeItem(at: copy)
            #expect(written.status == 0)
            #expect(written.stderr.hasPrefix("hig: wrote 114 rules to rules.fifo (json, "))
            #expect(String(decoding: data, as: UTF8.self) == expected)
            var status = stat()
            #expect(lstat(pipe, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)

            // Device nodes of the test's own where it may make them (as root), so that a broken
            // build cannot replace the machine's; else the machine's, which a user cannot replace.
            let full = folder.appending(path: "full").path, null = folder.appending(path: "null").path
            let fullPath = mknod(full, S_IFCHR | 0o666, Fixtures.device(major: 1, minor: 7)) == 0 ? "full" : "/dev/full"
            let nullPath = mknod(null, S_IFCHR | 0o666, Fixtures.device(major: 1, minor: 3)) == 0 ? "null" : "/dev/null"
            func inFolder(_ path: String) -> String { path.hasPrefix("/") ? path : folder.appending(path: path).path }
            let failed = try cli.hig(["export", "-o", fullPath], in: folder, environment: env)
            cli.expectOneLineError(failed, mentioning: "cannot write \(fullPath) (no space left on the device)")
            #expect(stat(inFolder(fullPath), &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
            let discarded = try cli.hig(["export", "--format", "csv", "-o", nullPath], in: folder, environment: env)
            #expect(discarded.status == 0)
            #expect(stat(inFolder(nullPath), &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }.isEmpty)
        }
    }

    @Test("hig export and hig rules guard formula-like CSV cells; --csv-raw-formulas writes them as they are")
    func csvFormulasFromAnEdition() throws {
        try Fixtures.withTemporaryFolder { folder in
            let manifest = Fixtures.manifest([("one", "one.txt")], form: "web-text")
            let text =
                "=HYPERLINK(\"https://example.com/x\",\"Use alerts sparingly\")\n\n@SUM(A1:A2) should never run.\n\nUse a = b where you should.\n"
            let editions = try Fixtures.writeEditions(in: folder, manifest: manifest, files: ["one.txt": Data(text.utf8)])
            #expect(try cli.hig(["import", "--editions", editions.path], in: folder).status == 0)
            for command in [["export", "--format", "csv"], ["rules", "--format", "csv"]] {
                let guarded = try cli.hig(command, in: folder)
                #expect(guarded.status == 0)
                #expect(guarded.stdout.contains(#","'=HYPERLINK(""https://example.com/x"",""Use alerts sparingly"")","#))
                #expect(guarded.stdout.contains(",'@SUM(A1:A2) should never run.,"))
                #expect(guarded.stdout.contains(",Use a = b where you should.,"))
            }
            let raw = try cli.hig(["export", "--format", "csv", "--csv-raw-formulas"], in: folder)
            #expect(raw.stdout.contains(#","=HYPERLINK(""https://example.com/x"",""Use alerts sparingly"")","#))
            #expect(raw.stdout.contains(",@SUM(A1:A2) should never run.,"))
            cli.expectOneLineError(
                try cli.hig(["export", "--csv-raw-formulas"], in: folder),
                mentioning: "--csv-raw-formulas applies only to --format csv; drop it or add --format csv")
        }
    }
}
