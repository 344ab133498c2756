import HIGText

/// Word-level differences between two texts: the words a shortest edit keeps, removes and inserts.
public enum WordDiff {
    public enum Segment: Sendable, Equatable {
        case same(String)
        case removed(String)
        case inserted(String)

        enum Kind { case same, removed, inserted }

        init(_ kind: Kind, _ words: String) {
            switch kind {
            case .same: self = .same(words)
            case .removed: self = .removed(words)
            case .inserted: self = .inserted(words)
            }
        }

        var kind: Kind {
            switch self {
            case .same: .same
            case .removed: .removed
            case .inserted: .inserted
            }
        }

        var words: String {
            switch self {
            case .same(let words), .removed(let words), .inserted(let words): words
            }
        }
    }

    /// The words of a text as written (punctuation stays on its word), for display.
    static func displayWords(_ text: String) -> [String] {
        // Splitting on Characters looks up Unicode properties per character (most of the time a
        // diff of 100,000 rules took). In ASCII text every Character is one byte, and the
        // whitespace ones are exactly tab to carriage return and space, so bytes split the same.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return text.utf8.split(whereSeparator: ASCII.isWhitespace)
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
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                // Between the shared ends, as `ShortestEdit` sets them aside.
                let box = ShortestEdit.Box(left: 0, top: 0, right: a.count, bottom: b.count).shrunk(a, b)
                let ends = a.count - box.width
                let (n, m) = (box.width, box.height)
                guard n > 0 && m > 0 else { return ends }
                // furthest[k + offset]: the furthest x reached on diagonal k = x - y with d edits so far.
                let offset = n + m + 1
                var furthest = [Int](repeating: 0, count: 2 * offset + 1)
                return furthest.withUnsafeMutableBufferPointer { furthest in
                    for d in 0...(n + m) {
                        for k in stride(from: -d, through: d, by: 2) {
                            // Down (an insertion) from diagonal k + 1, or right (a removal) from k - 1.
                            var x =
                                k == -d || (k != d && furthest[offset + k - 1] < furthest[offset + k + 1])
                                ? furthest[offset + k + 1] : furthest[offset + k - 1] + 1
                            var y = x - k
                            while x < n && y < m && a[box.left + x] == b[box.top + y] {
                                x += 1
                                y += 1
                            }
                            furthest[offset + k] = x
                            if x >= n && y >= m { return ends + (n + m - d) / 2 }
                        }
                    }
                    preconditionFailure("a shortest edit is at most n + m long")
                }
            }
        }
    }

    /// The segments that turn `old` into `new`, runs of the same kind joined.
    public static func segments(from old: String, to new: String) -> [Segment] {
        asciiSegments(from: old, to: new) ?? segmentsOfWords(from: old, to: new)
    }

    /// `segments(from:to:)` as written: words as `displayWords` splits them, compared folded.
    static func segmentsOfWords(from old: String, to new: String) -> [Segment] {
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
        let (removed, inserted) = changedOffsets(from: a.map(fold), to: b.map(fold))
        var segments: [Segment] = []
        walk(removed: removed, inserted: inserted) { kind, offset in
            let word = kind == .removed ? a[offset] : b[offset]
            if let last = segments.last, last.kind == kind {
                segments[segments.count - 1] = Segment(kind, last.words + " " + word)
            } else {
                segments.append(Segment(kind, word))
            }
        }
        return segments
    }

    /// `segmentsOfWords` for two ASCII texts (most rules; a test holds the two equal): no
    /// Unicode whitespace and no curly quote to fold, so words are runs of bytes between ASCII
    /// whitespace, compared and joined as bytes, without a `String` per word.
    static func asciiSegments(from old: String, to new: String) -> [Segment]? {
        let segments = old.utf8.withContiguousStorageIfAvailable { oldBytes in
            new.utf8.withContiguousStorageIfAvailable { newBytes -> [Segment]? in
                guard oldBytes.allSatisfy({ $0 < 0x80 }) && newBytes.allSatisfy({ $0 < 0x80 }) else { return nil }
                let a = ByteWord.words(of: oldBytes)
                let b = ByteWord.words(of: newBytes)
                let (removed, inserted) = a.withUnsafeBufferPointer { a in
                    b.withUnsafeBufferPointer { b in ShortestEdit.changes(from: a, to: b) }
                }
                var segments: [Segment] = []
                var run: [UInt8] = []
                var runKind = Segment.Kind.same
                walk(removed: removed, inserted: inserted) { kind, offset in
                    let word = kind == .removed ? a[offset] : b[offset]
                    if !run.isEmpty && kind != runKind {
                        segments.append(Segment(runKind, String(decoding: run, as: UTF8.self)))
                        run.removeAll(keepingCapacity: true)
                    }
                    if !run.isEmpty { run.append(0x20) }
                    run.append(contentsOf: UnsafeBufferPointer(start: word.start, count: word.count))
                    runKind = kind
                }
                if !run.isEmpty { segments.append(Segment(runKind, String(decoding: run, as: UTF8.self))) }
                return segments
            } ?? nil
        }
        return segments ?? nil
    }

    /// A word of an ASCII text: its bytes where the text lies, compared by content.
    struct ByteWord: Equatable {
        let start: UnsafePointer<UInt8>
        let count: Int

        static func == (lhs: ByteWord, rhs: ByteWord) -> Bool {
            lhs.count == rhs.count && (lhs.start == rhs.start || memcmp(lhs.start, rhs.start, lhs.count) == 0)
        }

        /// The runs of bytes between ASCII whitespace (tab to carriage return, and space), as
        /// `displayWords` splits an ASCII text.
        static func words(of bytes: UnsafeBufferPointer<UInt8>) -> [ByteWord] {
            var words: [ByteWord] = []
            guard let base = bytes.baseAddress else { return words }
            var start: Int? = nil
            for index in 0...bytes.count {
                let isSpace = index == bytes.count || ASCII.isWhitespace(bytes[index])
                if isSpace, let first = start {
                    words.append(ByteWord(start: base + first, count: index - first))
                    start = nil
                } else if !isSpace && start == nil {
                    start = index
                }
            }
            return words
        }
    }

    /// An edit's words in reading order, as a diff shows them: at each place, the words of `a`
    /// it removes, then the words of `b` it inserts; a kept word as `b` has it (its offset in `b`).
    static func walk(removed: [Bool], inserted: [Bool], _ visit: (Segment.Kind, Int) -> Void) {
        var i = 0, j = 0
        while i < removed.count || j < inserted.count {
            if i < removed.count, removed[i] {
                visit(.removed, i)
                i += 1
            } else if j < inserted.count, inserted[j] {
                visit(.inserted, j)
                j += 1
            } else {
                if j < inserted.count { visit(.same, j) }
                i += 1
                j += 1
            }
        }
    }

    /// Which words of `a` a shortest edit removes and which of `b` it inserts, as flags by
    /// offset: the edit Swift 6.3's `difference(from:)` makes (`ShortestEdit`).
    static func changedOffsets(from a: [String], to b: [String]) -> (removed: [Bool], inserted: [Bool]) {
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in ShortestEdit.changes(from: a, to: b) } }
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
