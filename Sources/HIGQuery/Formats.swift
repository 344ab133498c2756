import ArgumentParser
import HIGStore
import HIGText

enum RuleListFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json, jsonl, csv, markdown
}

/// `--format` of the commands that answer as text or as JSON alone.
enum TextOrJSON: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

extension RuleKind: ExpressibleByArgument {}
