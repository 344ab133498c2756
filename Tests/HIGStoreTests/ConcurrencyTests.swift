import Foundation
import Testing
@testable import HIGStore
@testable import HIGDatabase

/// Readers and writers at the same time: readers see the old or the new content, never a mix,
/// and never wait for a writer; two writers take turns or one says it is locked; nothing breaks.
@Suite("Concurrent use: whole snapshots for readers, one writer at a time")
struct ConcurrencyTests {
    let cli = HigRunner()

    @Test("A store reads one snapshot: an import committing meanwhile shows none of its work")
    func aStoreIsASnapshot() throws {
        try Fixtures.withTemporaryFolder { folder in
            let old = try GeneratedCorpus.write(in: folder, copies: 1, variant: "old")
            let new = try GeneratedCorpus.write(in: folder, copies: 1, variant: "new")
            let path = folder.appending(path: "hig.sqlite").path
            _ = try StoreWriter.importEditions(from: old, into: path)
            let reader = try RuleStore.open(path: path)
            let rules = try reader.rules()
            // The import is not held up by the open reader (write-ahead log), and commits.
            let report = try StoreWriter.importEditions(from: new, into: path)
            #expect(report.changedAnything)
            #expect(try reader.rules() == rules)
            #expect(try reader.editions().allSatisfy { $0.name.hasSuffix(" old") })
            #expect(try reader.detail(id: rules[0].id).record == rules[0])
            let later = try RuleStore.open(path: path)
            #expect(try later.editions().allSatisfy { $0.name.hasSuffix(" new") })
            #expect(Set(try later.rules().map(\.id)).isDisjoint(with: rules.map(\.id)))
        }
    }

    @Test("Queries running while imports write see the old or the new content, and never fail", .tags(.endToEnd), .fullRunOnly)
    func readersDuringImports() throws {
        try Fixtures.withTemporaryFolder { folder in
            let old = try GeneratedCorpus.write(in: folder, copies: 1, variant: "old")
            let new = try GeneratedCorpus.write(in: folder, copies: 1, variant: "new")
            // What each query prints for each content, from databases of their own.
            var expected: [String: Set<String>] = [:]
            let queries = [["editions"], ["export", "--format", "json"], ["rules", "--edition", "2011", "--format", "csv"]]
            for (name, corpus) in [("a", old), ("b", new)] {
                let db = folder.appending(path: "\(name).sqlite").path
                _ = try StoreWriter.importEditions(from: corpus, into: db)
                for query in queries {
                    let result = try cli.hig(["--db", db] + query, in: folder)
                    #expect(result.status == 0)
                    expected[query.joined(separator: " "), default: []].insert(result.stdout)
                }
            }
            #expect(expected.values.allSatisfy { $0.count == 2 })

            let path = folder.appending(path: "hig.sqlite").path
            _ = try StoreWriter.importEditions(from: old, into: path)
            // Eight imports in a row, each replacing every rule, from a process of their own.
            let hig = HigRunner.binary.path
            let script = (0..<4).map { _ in
                "\"\(hig)\" --db \"\(path)\" import --editions \"\(new.path)\" && \"\(hig)\" --db \"\(path)\" import --editions \"\(old.path)\""
            }.joined(separator: " && ")
            let writer = Process()
            writer.executableURL = URL(fileURLWithPath: "/bin/sh")
            writer.arguments = ["-c", script]
            writer.standardOutput = FileHandle.nullDevice
            try writer.run()
            var reads = 0
            var seen: Set<String> = []
            while writer.isRunning || reads < queries.count {
                let query = queries[reads % queries.count]
                let result = try cli.hig(["--db", path] + query, in: folder)
                #expect(result.status == 0 && result.stderr.isEmpty, "\(query): \(result.stderr)")
                #expect(expected[query.joined(separator: " ")]!.contains(result.stdout), "\(query) printed a mix of two imports")
                seen.insert(result.stdout)
                reads += 1
            }
            writer.waitUntilExit()
            #expect(writer.terminationStatus == 0)
            print("readers during imports: \(reads) queries, \(seen.count) distinct answers")
        }
    }

    @Test("A held write lock: queries answer at once, an import says it is locked after its timeout")
    func aHeldWriteLock() throws {
        try Fixtures.withTemporaryFolder { folder in
            let path = folder.appending(path: "hig.sqlite").path
            _ = try StoreWriter.importEditions(from: Fixtures.editions, into: path)
            let writer = try Database(path: path)
            let before = try Fixtures.dump(writer)
            try writer.execute("BEGIN IMMEDIATE")
            try writer.execute("DELETE FROM rules")
            // Not blocked: were the query waiting for the lock, it would fail after 5 s.
            let rules = try cli.hig(["--db", path, "export"], in: folder)
            #expect(rules.status == 0)
            let exported = try JSONSerialization.jsonObject(with: Data(rules.stdout.utf8)) as? [Any]
            #expect(exported?.count == 114)
            let other = try GeneratedCorpus.write(in: folder, copies: 1, variant: "other")
            let blocked = try cli.hig(
                ["--db", path, "import", "--editions", other.path], in: folder,
                environment: ["HIG_BUSY_TIMEOUT": "0.3"])
            cli.expectOneLineError(blocked, mentioning: "is locked by another hig writing to it; wait for it to finish")
            try writer.execute("ROLLBACK")
            #expect(try Fixtures.dump(writer) == before)
            #expect(try writer.scalar("PRAGMA integrity_check")?.string == "ok")
        }
    }

    @Test("Two imports at once, into a database or where none is yet: both complete, one after the other", .tags(.endToEnd), .fullRunOnly)
    func twoImportsAtOnce() throws {
        try Fixtures.withTemporaryFolder { folder in
            let old = try GeneratedCorpus.write(in: folder, copies: 1, variant: "old")
            let corpora = [
                try GeneratedCorpus.write(in: folder, copies: 1, variant: "b"),
                try GeneratedCorpus.write(in: folder, copies: 1, variant: "c"),
            ]
            var exports: [String] = []
            for (index, corpus) in corpora.enumerated() {
                let db = folder.appending(path: "reference-\(index).sqlite").path
                _ = try StoreWriter.importEditions(from: corpus, into: db)
                exports.append(try cli.hig(["--db", db, "export"], in: folder).stdout)
            }
            for round in 0..<4 {
                let path = folder.appending(path: "race-\(round).sqlite").path
                // Rounds 0 and 1 race two first imports; rounds 2 and 3 two updates.
                if round >= 2 { _ = try StoreWriter.importEditions(from: old, into: path) }
                let processes = try corpora.map { corpus in
                    try RunningHig.start(["--db", path, "import", "--editions", corpus.path], in: folder)
                }
                for process in processes {
                    process.waitUntilExit()
                    #expect(process.terminationStatus == 0, "round \(round)")
                }
                let db = try Database(path: path)
                #expect(try db.scalar("PRAGMA integrity_check")?.string == "ok")
                let final = try cli.hig(["--db", path, "export"], in: folder).stdout
                #expect(exports.contains(final), "round \(round): the database holds neither import whole")
                let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".importing-") }
                #expect(leftovers.isEmpty, "round \(round): \(leftovers)")
            }
        }
    }
}
