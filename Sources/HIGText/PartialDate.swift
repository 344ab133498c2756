import Foundation

/// A date as the HIG gives them and a reader types them: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. A
/// shorter date stands for a span of days (`2023` is 2023-01-01 to 2023-12-31), and comparing
/// it with another needs its first or its last day: ISO dates of one length compare as text.
public struct PartialDate: Sendable, Equatable, CustomStringConvertible {
    public let description: String
    /// The span's first day, `YYYY-MM-DD`.
    public let first: String
    /// The span's last day, `YYYY-MM-DD`.
    public let last: String

    /// Nil unless `text` is a real date of one of the three shapes.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count),
            parts.enumerated().allSatisfy({ index, part in
                part.count == (index == 0 ? 4 : 2) && part.allSatisfy { $0.isASCII && $0.isNumber }
            })
        else { return nil }
        let numbers = parts.map { Int($0)! }
        let year = numbers[0]
        guard year >= 1 else { return nil }
        if numbers.count > 1 && !(1...12).contains(numbers[1]) { return nil }
        func days(in month: Int) -> Int {
            switch month {
            case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
            case 4, 6, 9, 11: 30
            default: 31
            }
        }
        if numbers.count == 3 && !(1...days(in: numbers[1])).contains(numbers[2]) { return nil }
        func day(_ year: Int, _ month: Int, _ day: Int) -> String {
            String(format: "%04d-%02d-%02d", year, month, day)
        }
        description = text
        switch numbers.count {
        case 1: (first, last) = (day(year, 1, 1), day(year, 12, 31))
        case 2: (first, last) = (day(year, numbers[1], 1), day(year, numbers[1], days(in: numbers[1])))
        default: (first, last) = (text, text)
        }
    }
}
