import ArgumentParser
import HIGStore
import HIGLineage
import HIGRendering

struct Link: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "link",
        abstract: "Confirm or reject a lineage link, forget such a decision, or list them.",
        discussion: HelpText.discussion(
            """
            A decision names two rules by id, the earlier first (see `hig diff --candidates` and \
            `hig evolution --candidates` for likely counterparts). It is kept in the database across \
            imports, and every edition is relinked with it at once: a confirmed link is a curated \
            link; a rejected pair is never linked, and the matcher looks for other counterparts.
            """,
            examples: [
                .init("The decisions: the editions' curated links and yours", "hig link list")
            ]),
        subcommands: [Confirm.self, Reject.self, Forget.self, List.self], defaultSubcommand: List.self)

    @ParentCommand var root: HIG

    struct Confirm: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "confirm",
            abstract: "Link two rules: the later one continues the earlier one.",
            discussion: HelpText.discussion(examples: [
                .init(
                    "Confirm that a 2014 rule continues a 2011 one",
                    "hig link confirm ios-2011-03-e8257895 ios-2014-03-3ceb9503 \\\n      --why \"The same advice against needless alerts\""
                )
            ]))

        @ParentCommand var link: Link

        @OptionGroup var rules: RulePair

        @Option(help: "The change class (default: read off the two texts, as the matcher's links are).")
        var change: ChangeClass?

        @Option(help: "Why the two rules are the same guidance (required).") var why: String

        func run() throws {
            let outcome = try StoreWriter.decide(
                .confirm, from: rules.from, to: rules.to, change: change, why: why, path: link.root.databasePath)
            Console.print(Console.renderer.linkDecisionOutcome(outcome))
        }
    }

    struct Reject: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reject",
            abstract: "Forbid a link between two rules; the matcher looks for other counterparts.",
            discussion: HelpText.discussion(examples: [
                .init(
                    "Say that a 2014 rule does not continue a 2011 one",
                    "hig link reject ios-2011-03-e8257895 ios-2014-03-3ceb9503 \\\n      --why \"Different advice\"")
            ]))

        @ParentCommand var link: Link

        @OptionGroup var rules: RulePair

        @Option(help: "Why the two rules are not the same guidance (required).") var why: String

        func run() throws {
            let outcome = try StoreWriter.decide(.reject, from: rules.from, to: rules.to, why: why, path: link.root.databasePath)
            Console.print(Console.renderer.linkDecisionOutcome(outcome))
        }
    }

    struct Forget: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "forget",
            abstract: "Remove your decision on a link, and relink.",
            discussion: HelpText.discussion(examples: [
                .init(
                    "Remove your decision on two rules: the matcher decides again",
                    "hig link forget ios-2011-03-e8257895 ios-2014-03-3ceb9503")
            ]))

        @ParentCommand var link: Link

        @OptionGroup var rules: RulePair

        func run() throws {
            let outcome = try StoreWriter.forgetDecision(from: rules.from, to: rules.to, path: link.root.databasePath)
            Console.print(Console.renderer.linkDecisionOutcome(outcome, forgot: (rules.from, rules.to)))
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the decisions: the editions' curated links and yours, and whether each is in force.",
            discussion: HelpText.discussion(examples: [
                .init("The decisions, and whether each is in force", "hig link list"),
                .init("The same as JSON, for a script", "hig link list --format json"),
            ]))

        @ParentCommand var link: Link

        @Option(help: "text or json.") var format: TextOrJSON = .text

        func run() throws {
            let decisions = try link.root.openStore().linkDecisions()
            switch format {
            case .text: Console.print(Console.renderer.linkDecisions(decisions))
            case .json: Console.print(try JSONText.encode(decisions))
            }
        }
    }
}

/// The two rules a decision is about, the earlier first.
struct RulePair: ParsableArguments {
    @Argument(help: "The earlier rule's id.") var from: String
    @Argument(help: "The later rule's id.") var to: String
}

/// A confirmed link's `--change`: one of the classes a link may be given (`CuratedLink.changeClasses`).
extension ChangeClass: ExpressibleByArgument {
    public init?(argument: String) {
        guard let change = ChangeClass(rawValue: argument), CuratedLink.changeClasses.contains(change) else { return nil }
        self = change
    }

    public static var allValueStrings: [String] { CuratedLink.changeClasses.map(\.rawValue) }
}
