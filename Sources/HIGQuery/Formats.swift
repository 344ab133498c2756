import ArgumentParser
import HIGStore

enum RuleListFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json, jsonl, csv, markdown
}

extension RuleKind: ExpressibleByArgument {}
