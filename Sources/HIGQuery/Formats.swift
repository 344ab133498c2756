import ArgumentParser
import HIGStore

enum RuleListFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json, jsonl, csv, markdown
}

extension RuleKind: ExpressibleByArgument {}

/// Text columns padded to the widest cell, the last one cut to the terminal's width.
enum TextTable {
    static func render(header: [String], rows: [[String]], width: Int?, rightAligned: Set<Int> = []) -> String {
        let all = [header] + rows
        let count = header.count
        var widths = (0..<count).map { column in all.map { $0[column].count }.max() ?? 0 }
        if let width {
            let fixed = widths.dropLast().reduce(0, +) + 2 * (count - 1)
            widths[count - 1] = max(20, width - fixed)
        }
        return all.map { row in
            row.enumerated().map { column, cell in
                if rightAligned.contains(column) {
                    return String(repeating: " ", count: max(0, widths[column] - cell.count)) + cell
                }
                if column == count - 1 {
                    return cell.count > widths[column] ? String(cell.prefix(widths[column] - 1)) + "…" : cell
                }
                return cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}

import Foundation
