import HIGText

/// Word-level differences between two texts, from the standard library's `CollectionDifference`.
public enum WordDiff {
    public enum Segment: Sendable, Equatable {
        case same(String)
        case removed(String)
        case inserted(String)
    }

    /// The words of a text as written (punctuation stays on its word), for display.
    static func displayWords(_ text: String) -> [String] {
        // Splitting on Characters looks up Unicode properties per character (most of the time a
        // diff of 100,000 rules took). In ASCII text every Character is one byte, and the
        // whitespace ones are exactly tab to carriage return and space, so bytes split the same.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return text.utf8.split(whereSeparator: { $0 == 0x20 || (0x09...0x0D).contains($0) })
                .map { String(decoding: $0, as: UTF8.self) }
        }
        return text.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// The words of a text for comparison: lowercase, quotes and apostrophes folded, punctuation dropped.
    static func comparableWords(_ text: String) -> [String] {
        Words.lowercased(text, digits: true, apostrophes: true)
    }

    /// 2 × shared words / all words, over the longest common subsequence.
    static func similarity(_ a: [String], _ b: [String]) -> Double {
        guard !a.isEmpty || !b.isEmpty else { return 1 }
        return 2 * Double(commonSubsequenceLength(a, b)) / Double(a.count + b.count)
    }

    /// The length of the longest common subsequence of two word lists: the words kept by a
    /// shortest edit, as `difference(from:)` makes one (its removals are the other words of `a`),
    /// without making the edit. The words both start and end with are in some longest common
    /// subsequence; between them, Myers' greedy search finds the length D of a shortest edit
    /// (removals and insertions), which keeps (n + m - D) / 2 words. It needs one row of
    /// furthest reaches and no list of changes, and words are compared as `==` compares them.
    static func commonSubsequenceLength(_ a: [String], _ b: [String]) -> Int {
        let (prefix, suffix) = sharedEnds(a, b)
        let n = a.count - prefix - suffix, m = b.count - prefix - suffix
        guard n > 0 && m > 0 else { return prefix + suffix }
        // furthest[k + offset]: the furthest x reached on diagonal k = x - y with d edits so far.
        let offset = n + m + 1
        var furthest = [Int](repeating: 0, count: 2 * offset + 1)
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                furthest.withUnsafeMutableBufferPointer { furthest in
                    for d in 0...(n + m) {
                        for k in stride(from: -d, through: d, by: 2) {
                            // Down (an insertion) from diagonal k + 1, or right (a removal) from k - 1.
                            var x =
                                k == -d || (k != d && furthest[offset + k - 1] < furthest[offset + k + 1])
                                ? furthest[offset + k + 1] : furthest[offset + k - 1] + 1
                            var y = x - k
                            while x < n && y < m && a[prefix + x] == b[prefix + y] {
                                x += 1
                                y += 1
                            }
                            furthest[offset + k] = x
                            if x >= n && y >= m { return prefix + suffix + (n + m - d) / 2 }
                        }
                    }
                    preconditionFailure("a shortest edit is at most n + m long")
                }
            }
        }
    }

    /// How many words two word lists start with alike, and how many they end with alike after
    /// those (the ends never overlap): words in some longest common subsequence of the two.
    static func sharedEnds(_ a: [String], _ b: [String]) -> (prefix: Int, suffix: Int) {
        var prefix = 0
        while prefix < a.count && prefix < b.count && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix && suffix < b.count - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        return (prefix, suffix)
    }

    /// The segments that turn `old` into `new`, runs of the same kind joined.
    public static func segments(from old: String, to new: String) -> [Segment] {
        let a = displayWords(old)
        let b = displayWords(new)
        // Compare folded words, so that a changed quote style is no change.
        let fold = { (word: String) -> String in
            guard word.utf8.contains(0xE2) else { return word }
            var folded = String.UnicodeScalarView()
            for scalar in word.unicodeScalars {
                switch scalar.value {
                case 0x2018, 0x2019: folded.append("'")
                case 0x201C, 0x201D: folded.append("\"")
                default: folded.append(scalar)
                }
            }
            return String(folded)
        }
        let (removedAt, insertedAt) = changedOffsets(from: a.map(fold), to: b.map(fold))
        var segments: [Segment] = []
        func append(_ segment: Segment) {
            switch (segments.last, segment) {
            case (.same(let x)?, .same(let y)): segments[segments.count - 1] = .same(x + " " + y)
            case (.removed(let x)?, .removed(let y)): segments[segments.count - 1] = .removed(x + " " + y)
            case (.inserted(let x)?, .inserted(let y)): segments[segments.count - 1] = .inserted(x + " " + y)
            default: segments.append(segment)
            }
        }
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, removedAt.contains(i) {
                append(.removed(a[i])); i += 1
            } else if j < b.count, insertedAt.contains(j) {
                append(.inserted(b[j])); j += 1
            } else {
                if j < b.count { append(.same(b[j])) }
                i += 1; j += 1
            }
        }
        return segments
    }

    /// The offsets of the words removed from `a` and inserted into `b`, as `difference(from:)`
    /// gives them. The words both start and end with are set aside first: the difference runs
    /// on what lies between (a word or two, for most changed rules), which gives the same
    /// offsets (Myers' search follows shared words at either end before anything else; a test
    /// compares the two on random texts) at a fraction of the cost.
    static func changedOffsets(from a: [String], to b: [String]) -> (removed: Set<Int>, inserted: Set<Int>) {
        var prefix = 0
        while prefix < a.count && prefix < b.count && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix && suffix < b.count - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        let middleOfA = Array(a[prefix..<(a.count - suffix)])
        let middleOfB = Array(b[prefix..<(b.count - suffix)])
        var removed = Set<Int>()
        var inserted = Set<Int>()
        // No word in common (a word swapped for another, words only added or only removed):
        // every word between goes and every word between comes, as any shortest edit has it.
        if Set(middleOfA).isDisjoint(with: middleOfB) {
            return (Set(prefix..<(a.count - suffix)), Set(prefix..<(b.count - suffix)))
        }
        for change in middleOfB.difference(from: middleOfA) {
            switch change {
            case .remove(let offset, _, _): removed.insert(prefix + offset)
            case .insert(let offset, _, _): inserted.insert(prefix + offset)
            }
        }
        return (removed, inserted)
    }

    /// `git diff --word-diff` style: `[-old-]{+new+}`.
    public static func plain(_ segments: [Segment]) -> String {
        segments.map { segment in
            switch segment {
            case .same(let words): words
            case .removed(let words): "[-\(words)-]"
            case .inserted(let words): "{+\(words)+}"
            }
        }.joined(separator: " ")
    }

    /// Red struck-through removals and green underlined insertions, for a terminal.
    public static func colored(_ segments: [Segment]) -> String {
        segments.map { segment in
            switch segment {
            case .same(let words): words
            case .removed(let words): "\u{1B}[31;9m\(words)\u{1B}[0m"
            case .inserted(let words): "\u{1B}[32;4m\(words)\u{1B}[0m"
            }
        }.joined(separator: " ")
    }
}

import Foundation
