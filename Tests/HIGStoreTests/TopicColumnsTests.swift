import Foundation
import Testing
@testable import HIGStore
@testable import HIGRendering

/// `hig topics` fits the terminal: a column per edition when they fit, else the rules of all
/// editions and each line by its newest edition, as many as fit, with a note on what was left out.
@Suite("Topic counts that fit the terminal")
struct TopicColumnsTests {
    static func table(_ path: String, width: Int?, chosen: [String]? = nil) throws -> RenderedText {
        let store = try RuleStore.open(path: path)
        let columns = TextRenderer.TopicColumns(chosen: chosen, editions: try store.editionLines())
        return TextRenderer(colored: false, width: width).topics(columns, topics: try store.topicMatrix(.top).topics, describe: false)
    }

    /// The last `columns` cells of each topic's row, by slug (the legend after the table aside).
    static func cells(_ table: RenderedText, columns: Int) -> [String: [String]] {
        let rows = table.output.split(separator: "\n").dropFirst().prefix { !$0.hasPrefix("\(TextRenderer.allEditionsColumn):") }
        return Dictionary(
            rows.map { row in
                let cells = row.split(separator: " ").map(String.init)
                return (cells[0], Array(cells.suffix(columns)))
            }, uniquingKeysWith: { first, _ in first })
    }

    /// What a cell says of `count`: the number, or `·` for none.
    static func cell(_ count: Int?) -> String { count.map(String.init) ?? TextRenderer.noRules }

    @Test("Piped or wide enough, a column per edition, as before")
    func everyEditionWhenItFits() throws {
        try LinkFixture.withDatabase({ try LineageRouteTests.branchingLines(in: $0) }) { path, _ in
            for width in [nil, 200] {
                let table = try Self.table(path, width: width)
                #expect(table.output.hasPrefix("TOPIC ") && table.notes.isEmpty)
                #expect(table.output.split(separator: "\n")[0].hasSuffix("mac-1  ios-1  mac-2  apps  ios-2  web"))
                let topics = try RuleStore.open(path: path).topicMatrix(.top).topics
                let shown = Self.cells(table, columns: 6)
                #expect(shown.count == topics.count)
                for topic in topics {
                    #expect(shown[topic.slug] == ["mac-1", "ios-1", "mac-2", "apps", "ios-2", "web"].map { Self.cell(topic.counts[$0]) })
                }
            }
        }
    }

    @Test("Too narrow for every edition: all editions' rules, then each line by its newest edition, newest line first")
    func byLineWhenTooNarrow() throws {
        try LinkFixture.withDatabase({ try LineageRouteTests.branchingLines(in: $0) }) { path, _ in
            let table = try Self.table(path, width: 60)
            let lines = table.output.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines[0].split(separator: " ").suffix(5) == ["ALL", "web", "ios", "apps", "mac"])
            // ALL sums a topic's rules over every edition; each line's column is its newest edition's.
            let topics = try RuleStore.open(path: path).topicMatrix(.top).topics
            let shown = Self.cells(table, columns: 5)
            #expect(shown.count == topics.count)
            for topic in topics {
                let all = topic.counts.isEmpty ? nil : topic.counts.values.reduce(0, +)
                #expect(shown[topic.slug] == [Self.cell(all)] + ["web", "ios-2", "apps", "mac-2"].map { Self.cell(topic.counts[$0]) })
            }
            #expect(lines.allSatisfy { $0.count <= 60 })
            #expect(
                table.output.replacingOccurrences(of: "\n", with: " ").contains(
                    "ALL: rules in all 6 editions; each line by its newest edition: web (web), ios (ios-2), apps (apps), mac (mac-2)"))
            #expect(table.notes.isEmpty)

            // Narrower still: the oldest lines go first, and a note says which.
            let narrow = try Self.table(path, width: 45)
            #expect(narrow.output.split(separator: "\n").allSatisfy { $0.count <= 45 })
            #expect(narrow.output.split(separator: "\n")[0].split(separator: " ").suffix(2) == ["ALL", "web"])
            #expect(
                narrow.notes == [
                    "3 columns left out to fit 45 characters: ios, apps, mac; a wider terminal, --line or --edition shows them"
                ])
        }
    }

    @Test("--line and --edition choose the columns; an unknown line is refused with the known ones")
    func chosenColumns() throws {
        try LinkFixture.withDatabase({ try LineageRouteTests.branchingLines(in: $0) }) { path, _ in
            let cli = HigRunner()
            try Fixtures.withTemporaryFolder { folder in
                let line = try cli.hig(["--db", path, "topics", "--line", "ios", "--edition", "web"], in: folder)
                #expect(line.status == 0)
                #expect(line.stdout.hasPrefix("TOPIC ") && line.stdout.split(separator: "\n")[0].hasSuffix("  ios-1  ios-2  web"))
                let unknown = try cli.hig(["--db", path, "topics", "--line", "nope"], in: folder)
                #expect(unknown.status == 1 && unknown.stdout.isEmpty)
                #expect(
                    unknown.stderr
                        == "hig: error: unknown line 'nope'; known lines: apps, ios, mac, web (see the family tree in `hig editions`)\n")
            }
        }
    }
}
