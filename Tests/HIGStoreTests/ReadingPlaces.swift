@testable import HIGStore
@testable import HIGText

/// Where each line of a source ends in a reading: the contract says every non-blank line ends in
/// exactly one rule, heading or set-aside.
enum ReadingPlaces {
    /// The non-blank lines (1-based) that end in none or in more than one place, with the count.
    static func faults(_ lines: [String], _ reading: SourceReading) -> [(line: Int, places: Int)] {
        var places = [Int](repeating: 0, count: lines.count + 2)
        for draft in reading.drafts {
            for line in draft.lineStart...draft.lineEnd where line <= lines.count { places[line] += 1 }
        }
        for heading in reading.headings where heading.line <= lines.count { places[heading.line] += 1 }
        for aside in reading.setAsides {
            for line in aside.lineStart...aside.lineEnd where line <= lines.count { places[line] += 1 }
        }
        return lines.indices.compactMap { index in
            let blank = lines[index].allSatisfy(\.isWhitespace)
            let count = places[index + 1]
            // A blank line inside a rule's or set-aside's range is fine; a line of words must be in one place.
            if blank { return count > 1 ? (index + 1, count) : nil }
            return count == 1 ? nil : (index + 1, count)
        }
    }

    /// The set-aside reason of `line`, if any.
    static func reason(of line: Int, in reading: SourceReading) -> SetAsideReason? {
        reading.setAsides.first { $0.lineStart <= line && line <= $0.lineEnd }?.reason
    }

    /// The set-aside reason of every set-aside line, by line.
    static func reasons(_ reading: SourceReading) -> [Int: SetAsideReason] {
        var reasons: [Int: SetAsideReason] = [:]
        for setAside in reading.setAsides {
            for line in setAside.lineStart...setAside.lineEnd { reasons[line] = setAside.reason }
        }
        return reasons
    }
}
