import ArgumentParser
import HIGStore

struct Topics: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The topic taxonomy, with rule counts per topic and edition.",
        discussion: "A blank cell is a topic an edition says nothing about: where guidance grew or vanished.")

    @ParentCommand var root: HIG

    @Flag(help: "Also print each topic's description.")
    var describe = false

    func run() throws {
        let (editions, topics) = try root.openStore().topicMatrix()
        let header = ["TOPIC", "NAME"] + editions
        let rows = topics.map { topic in
            [topic.slug, topic.name] + editions.map { edition in topic.counts[edition].map(String.init) ?? "·" }
        }
        Console.print(TextTable.render(header: header, rows: rows, width: nil, rightAligned: Set(2..<header.count)))
        if describe {
            Console.print("\n" + topics.map { "\($0.slug): \($0.description)" }.joined(separator: "\n") + "\n")
        }
    }
}
