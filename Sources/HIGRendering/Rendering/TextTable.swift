/// Text columns padded to the widest cell, the last one cut between words to the terminal's
/// width, with "…" where words were left out.
public enum TextTable {
    /// The narrowest the last column gets before a column in `cutFromStart` gives up room: half
    /// the width, and 30 characters in a narrow terminal. The last column holds the words read.
    static func minimumLastColumn(width: Int) -> Int { max(30, width / 2) }

    /// `cutFromStart`: columns that may be cut from their start ("…/Tab bars.md:45") when the
    /// other columns would leave the last one narrower than `minimumLastColumn`: long paths end
    /// in what tells them apart.
    public static func render(
        header: [String], rows: [[String]], width: Int?, rightAligned: Set<Int> = [], cutFromStart: Set<Int> = []
    ) -> String {
        let all = [header] + rows
        let count = header.count
        var widths = (0..<count).map { column in all.map { $0[column].count }.max() ?? 0 }
        if let width {
            var fixed = widths.dropLast().reduce(0, +) + 2 * (count - 1)
            let minimumLast = minimumLastColumn(width: width)
            for column in cutFromStart.sorted() where column < count - 1 && fixed + minimumLast > width {
                let room = max(header[column].count, 12, widths[column] - (fixed + minimumLast - width))
                fixed -= widths[column] - room
                widths[column] = room
            }
            widths[count - 1] = max(20, width - fixed)
        }
        return all.map { row in
            row.enumerated().map { column, cell in
                if rightAligned.contains(column) {
                    return String(repeating: " ", count: max(0, widths[column] - cell.count)) + cell
                }
                if column == count - 1 { return TextCut.words(cell, limit: widths[column]) }
                let shown = cell.count > widths[column] ? "…" + cell.suffix(widths[column] - 1) : cell
                return shown.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}

import Foundation
import HIGText
