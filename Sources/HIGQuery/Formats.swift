import ArgumentParser
import HIGStore

enum RuleListFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json, csv, markdown
}

extension RuleKind: ExpressibleByArgument {}
