import ArgumentParser
import HIGStore
import HIGText

/// The rule filters shared by `rules`, `search` and `export`.
struct FilterOptions: ParsableArguments {
    @Option(help: "Only this edition (see `hig editions`).", completion: ValueCompletion.editions)
    var edition: String?

    @Option(help: "Only this topic: a slug, a name or a close spelling (see `hig topics`).", completion: ValueCompletion.topics)
    var topic: String?

    @Option(help: "Only this kind.")
    var kind: RuleKind?

    @Option(help: "Only rules that apply to this platform (e.g. macOS).")
    var platform: String?

    @Option(
        help: ArgumentHelp(
            "Only rules under these headings (e.g. \"Tab bars\", \"Bars > Tab Bar\"; see `hig sections`).",
            discussion: "Whole headings, one or several consecutive ones, anywhere in the section path; ASCII case ignored."))
    var section: String?

    /// The filter, with the topic resolved against the taxonomy (an unknown one is an error).
    func filter(_ store: RuleStore) throws -> RuleFilter {
        RuleFilter(
            edition: edition, kind: kind, platform: platform, topic: try topic.map { try store.resolveTopic($0).slug }, section: section)
    }
}
