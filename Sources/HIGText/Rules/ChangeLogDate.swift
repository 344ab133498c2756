/// The dates of change logs and revision histories, as `YYYY-MM-DD` (or `YYYY-MM`, `YYYY`):
/// "February 2, 2024", "Feb 2, 2024", "2 February 2024", "February 2024", "2024-02-02".
enum ChangeLogDate {
    static func iso(_ text: String) -> String? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        if words.count == 1, isISO(words[0]) { return words[0] }
        var month: Int?
        var day: Int?
        var year: Int?
        for word in words {
            if let number = Int(word) {
                if word.count == 4 { year = number } else if (1...31).contains(number) { day = number } else { return nil }
            } else if let named = monthNumber(word) {
                month = named
            } else {
                return nil
            }
        }
        guard let year else { return nil }
        guard let month else { return day == nil ? String(year) : nil }
        let monthText = month < 10 ? "0\(month)" : "\(month)"
        guard let day else { return "\(year)-\(monthText)" }
        return "\(year)-\(monthText)-\(day < 10 ? "0\(day)" : "\(day)")"
    }

    private static let months = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
        "december",
    ]

    /// 1 to 12 for a month's name or its abbreviation of three letters or more ("Sept.").
    private static func monthNumber(_ word: String) -> Int? {
        let lower = word.lowercased().trimmingSuffix(".")
        guard lower.count >= 3 else { return nil }
        return months.firstIndex { $0.hasPrefix(lower) }.map { $0 + 1 }
    }

    private static func isISO(_ word: String) -> Bool {
        let parts = word.split(separator: "-")
        return parts.count == 3 && parts[0].count == 4 && parts.allSatisfy { $0.allSatisfy(\.isASCII) && Int($0) != nil }
    }
}

private extension String {
    func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}
