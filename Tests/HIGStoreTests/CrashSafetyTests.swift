import Foundation
import Testing
@testable import HIGStore
@testable import HIGDatabase
@testable import HIGText

/// A real `hig import` killed with SIGKILL at many moments, from its start to its last write:
/// each time the database passes `PRAGMA integrity_check` and holds the complete old or the
/// complete new content, and the temporary files of killed first imports are cleaned up.
@Suite("Crash safety: a killed import leaves the old or the new database, whole")
struct CrashSafetyTests {
    /// Kills spread over the whole run, aimed at its writing phase, and aimed just after its
    /// commit, in turn (see `killPoint`).
    static let updateKills = 24
    static let firstImportKills = 12
    static let copies = 2

    struct Timing {
        /// From the start to the first sign of writing, and to the end.
        let writeStarts: Duration
        let ends: Duration
    }

    /// Runs `hig` to its end, noting when `writing()` first holds.
    func timedRun(_ arguments: [String], in folder: URL, writing: () -> Bool) throws -> Timing {
        let clock = ContinuousClock()
        let start = clock.now
        let process = try RunningHig.start(arguments, in: folder)
        _ = RunningHig.wait(for: process, until: writing)
        let writeStarts = clock.now - start
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return Timing(writeStarts: writeStarts, ends: clock.now - start)
    }

    /// When to kill run `index`, in turn: anywhere in the whole run (from its start); anywhere
    /// in its writing phase (from the first sign of writing); or just after its writes land
    /// (from the commit filling the log, or the new database appearing at its path).
    enum KillPoint {
        case anywhere(Duration)
        case whileWriting(Duration)
        case justAfterCommit(Duration)
    }

    func killPoint(_ index: Int, _ timing: Timing, _ random: inout SeededRandom) -> KillPoint {
        switch index % 3 {
        case 0: .anywhere(timing.ends * Double.random(in: 0...1.05, using: &random))
        case 1: .whileWriting((timing.ends - timing.writeStarts) * Double.random(in: 0...1.2, using: &random))
        default: .justAfterCommit(.microseconds(Int.random(in: 0...1_000, using: &random)))
        }
    }

    /// Waits for `point` in the run of `process`: a delay, or a delay after the import starts
    /// writing or has committed; false when the process ended before the moment came.
    func approach(_ point: KillPoint, of process: Process, writing: () -> Bool, committed: () -> Bool) -> Bool {
        switch point {
        case .anywhere(let after):
            sleep(after)
            return true
        case .whileWriting(let after):
            let reached = RunningHig.wait(for: process, until: writing)
            sleep(after)
            return reached
        case .justAfterCommit(let after):
            let reached = RunningHig.wait(for: process, until: committed)
            sleep(after)
            return reached
        }
    }

    func sleep(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        usleep(UInt32(seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
    }

    /// The state of the database at `path`: nil when there is none, else its dump, after checking it.
    func survivor(at path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        // Opening it for writing replays or discards what the killed import left in its log.
        let db = try Database(path: path)
        #expect(try db.scalar("PRAGMA integrity_check")?.string == "ok", sourceLocation: sourceLocation)
        #expect(try db.scalar("PRAGMA foreign_key_check") == nil, sourceLocation: sourceLocation)
        return try Fixtures.dump(db)
    }

    @Test("An import updating a database, killed at 24 moments", .tags(.endToEnd), .fullRunOnly)
    func killedUpdates() throws {
        try Fixtures.withTemporaryFolder { folder in
            let old = try GeneratedCorpus.write(in: folder, copies: Self.copies, variant: "old")
            let new = try GeneratedCorpus.write(in: folder, copies: Self.copies, variant: "new")
            let pristine = folder.appending(path: "pristine.sqlite").path
            let path = folder.appending(path: "hig.sqlite").path
            _ = try StoreWriter.importEditions(from: old, into: pristine)
            let oldDump = try #require(try survivor(at: pristine))
            func reset() throws {
                for file in [path, path + "-wal", path + "-shm"] { try? FileManager.default.removeItem(atPath: file) }
                try FileManager.default.copyItem(atPath: pristine, toPath: path)
            }
            let arguments = ["--db", path, "import", "--editions", new.path]
            let wal = path + "-wal"
            try reset()
            let timing = try timedRun(arguments, in: folder) { FileManager.default.fileExists(atPath: wal) }
            let newDump = try #require(try survivor(at: path))
            #expect(newDump != oldDump)

            var random = SeededRandom(seed: 0xC4A5_0001)
            var outcomes: [String: Int] = [:]
            for index in 0..<Self.updateKills {
                try reset()
                let resetTime = RunningHig.modified(path)
                let point = killPoint(index, timing, &random)
                let process = try RunningHig.start(arguments, in: folder)
                // In WAL mode the database file itself is first written when the checkpoint
                // copies the committed log into it.
                let reached = approach(
                    point, of: process,
                    writing: { FileManager.default.fileExists(atPath: wal) },
                    committed: { RunningHig.modified(path) != resetTime })
                let killed = reached && RunningHig.kill(process)
                if !killed { process.waitUntilExit() }
                let logLeft = (RunningHig.fileSize(wal) ?? 0) > 0
                let dump = try survivor(at: path)
                #expect(dump == oldDump || dump == newDump, "kill \(index) (\(point)) left a mixed database")
                let content = dump == oldDump ? "old" : dump == newDump ? "new" : "other"
                outcomes[killed ? "\(content)\(logLeft ? ", log left" : "")" : "finished first", default: 0] += 1
            }
            print("killed updates: \(outcomes.sorted { $0.key < $1.key }); writing from \(timing.writeStarts) to \(timing.ends)")
            // The kills did strike on both sides of the commit.
            #expect(outcomes.filter { $0.key.hasPrefix("old") }.values.reduce(0, +) > 0)
            #expect(outcomes.filter { $0.key.hasPrefix("new") }.values.reduce(0, +) > 0)
        }
    }

    @Test("A first import, killed at 12 moments, leaves no database or a whole one; the next cleans up", .tags(.endToEnd), .fullRunOnly)
    func killedFirstImports() throws {
        try Fixtures.withTemporaryFolder { folder in
            let new = try GeneratedCorpus.write(in: folder, copies: Self.copies, variant: "new")
            let path = folder.appending(path: "hig.sqlite").path
            let reference = folder.appending(path: "reference.sqlite").path
            _ = try StoreWriter.importEditions(from: new, into: reference)
            let newDump = try #require(try survivor(at: reference))
            let arguments = ["--db", path, "import", "--editions", new.path]
            func temporaries() throws -> [String] {
                try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("hig.sqlite.importing-") }
            }
            let timing = try timedRun(arguments, in: folder) { (try? temporaries().isEmpty) == false }
            try FileManager.default.removeItem(atPath: path)

            var random = SeededRandom(seed: 0xC4A5_0002)
            var outcomes: [String: Int] = [:]
            var mostLeftBehind = 0
            for index in 0..<Self.firstImportKills {
                for file in [path, path + "-wal", path + "-shm"] { try? FileManager.default.removeItem(atPath: file) }
                let point = killPoint(index, timing, &random)
                let process = try RunningHig.start(arguments, in: folder)
                let temporary = "\(path).importing-\(process.processIdentifier)"
                let reached = approach(
                    point, of: process,
                    writing: { FileManager.default.fileExists(atPath: temporary) },
                    committed: { FileManager.default.fileExists(atPath: path) })
                let killed = reached && RunningHig.kill(process)
                if !killed { process.waitUntilExit() }
                let dump = try survivor(at: path)
                #expect(dump == nil || dump == newDump, "kill \(index) (\(point)) left a partial database at the final path")
                mostLeftBehind = max(mostLeftBehind, try temporaries().count)
                outcomes[killed ? (dump == nil ? "none" : "new") : "finished first", default: 0] += 1
                // Stale temporary files stay until an import that gets as far as writing.
            }
            print(
                "killed first imports: \(outcomes.sorted { $0.key < $1.key }), at most \(mostLeftBehind) temporary files left; writing from \(timing.writeStarts) to \(timing.ends)"
            )
            #expect(mostLeftBehind > 0, "no kill struck while the temporary database was being built")
            try? FileManager.default.removeItem(atPath: path)
            let last = try HigRunner().hig(arguments, in: folder)
            #expect(last.status == 0)
            #expect(try survivor(at: path) == newDump)
            #expect(try temporaries().isEmpty, "stale temporary files were not removed")
        }
    }

    @Test func staleTemporaryFilesAreRemovedButLiveOnesKept() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "hig.sqlite").path
            // A killed import's files, and a side file whose database is gone.
            for name in [
                "hig.sqlite.importing-999999", "hig.sqlite.importing-999999-journal", "hig.sqlite.importing-1234-wal",
                "other.sqlite.importing-5",
            ] {
                #expect(FileManager.default.createFile(atPath: folder.appending(path: name).path, contents: Data("x".utf8)))
            }
            // A file that only looks like one: not a process id.
            #expect(
                FileManager.default.createFile(atPath: folder.appending(path: "hig.sqlite.importing-notes").path, contents: Data("x".utf8)))
            // A live import's file: locked by its owner. An import waits for it (and here fails
            // after its timeout), having removed the stale ones.
            do {
                let live = try ImportTemporaryFile(besides: path)
                RuleStore.$busyTimeoutOverride.withValue(.milliseconds(50)) {
                    #expect(throws: HIGError.databaseBusy(path: path)) {
                        try StoreWriter.importEditions(from: Fixtures.editions, into: path)
                    }
                }
                let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
                #expect(
                    left == [
                        live.path.split(separator: "/").last.map(String.init)!, "hig.sqlite.importing-notes",
                        "other.sqlite.importing-5",
                    ])
            }
            _ = try StoreWriter.importEditions(from: Fixtures.editions, into: path)
            // A second name of the database, left by a kill between linking it and removing the
            // temporary name, goes too; the database stays.
            let db = try Database(path: path)
            try db.execute("BEGIN IMMEDIATE")
            #expect(link(path, path + ".importing-777") == 0)
            RuleStore.$busyTimeoutOverride.withValue(.milliseconds(50)) {
                #expect(throws: HIGError.databaseBusy(path: path)) { try StoreWriter.importEditions(from: Fixtures.editions, into: path) }
            }
            #expect(!FileManager.default.fileExists(atPath: path + ".importing-777"))
            try db.execute("ROLLBACK")
            #expect(try RuleStore.open(path: path).rules().count == 114)
        }
    }
}
