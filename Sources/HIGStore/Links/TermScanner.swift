/// Cuts rule texts into the tokens the search index's tokenizer would make (`unicode61`: runs of
/// letters and digits, everything else a separator), each distinct token given a number.
///
/// The lineage matcher reads tokens this way instead of through `fts5vocab`: walking every
/// instance of the index cost most of the time of linking a pair of large editions, and reads
/// every edition when a pair needs two. The tokens are stemmed afterwards, once per distinct
/// token, by SQLite's own Porter tokenizer (`Stemmer`), so the terms are still the index's.
struct TermScanner {
    /// A token's bytes, ASCII letters lowercased; other scalars as written (the stemmer folds
    /// case and diacritics).
    private struct TokenBytes: Hashable {
        var bytes: [UInt8]
        func hash(into hasher: inout Hasher) { bytes.withUnsafeBytes { hasher.combine(bytes: $0) } }
    }

    private var numberOf: [TokenBytes: Int32] = [:]
    /// The tokens in the order they were first seen: `tokens[n]` is token number n.
    private(set) var tokens: [String] = []
    private var scratch = TokenBytes(bytes: [])

    /// The token numbers of `text`, in order.
    mutating func scan(_ text: String, into numbers: inout [Int32]) {
        scratch.bytes.removeAll(keepingCapacity: true)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 128 {
                if value >= 65 && value <= 90 {
                    scratch.bytes.append(UInt8(value + 32))
                } else if (value >= 97 && value <= 122) || (value >= 48 && value <= 57) {
                    scratch.bytes.append(UInt8(value))
                } else {
                    flush(into: &numbers)
                }
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                scratch.bytes.append(contentsOf: String(scalar).utf8)
            } else {
                flush(into: &numbers)
            }
        }
        flush(into: &numbers)
    }

    private mutating func flush(into numbers: inout [Int32]) {
        guard !scratch.bytes.isEmpty else { return }
        if let number = numberOf[scratch] {
            numbers.append(number)
        } else {
            let number = Int32(tokens.count)
            numberOf[scratch] = number
            tokens.append(String(decoding: scratch.bytes, as: UTF8.self))
            numbers.append(number)
        }
        scratch.bytes.removeAll(keepingCapacity: true)
    }
}
