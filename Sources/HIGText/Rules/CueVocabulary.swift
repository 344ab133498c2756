/// The words some cue phrases (of one or two words) are made of, each with the roles a caller
/// gives it, looked up from a word's bytes without making a String (`PlainText.WordReader`).
package struct CueVocabulary: Sendable {
    package struct Roles: OptionSet, Sendable {
        package let rawValue: UInt32

        package init(rawValue: UInt32) { self.rawValue = rawValue }
    }

    /// A word's lowercase bytes, packed (up to 16; a longer word is in no vocabulary).
    struct Key: Equatable, Sendable {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var length = 0

        mutating func append(_ byte: UInt8) {
            if length < 8 {
                low |= UInt64(byte) &<< (length &* 8)
            } else if length < 16 {
                high |= UInt64(byte) &<< ((length &- 8) &* 8)
            }
            length &+= 1
        }

        init() {}

        init(_ word: String) {
            precondition(word.utf8.count <= 16, "cue words have 16 bytes at most: \(word)")
            for byte in word.utf8 { append(byte) }
        }

        var hash: UInt32 {
            let mixed = (low ^ high &* 0xC2B2_AE3D_27D4_EB4F ^ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15
            return UInt32(truncatingIfNeeded: mixed &>> 32)
        }
    }

    /// Entry 0 is every word outside the vocabulary.
    private var words: [String] = [""]
    private var roles: [Roles] = [[]]
    /// By first word's entry times `words.count` plus the second's.
    private var pairRoles: [Roles] = []
    private var entries = OpenAddressingTable<(key: Key, entry: Int)>()

    package init(_ phrases: [(phrases: [[String]], role: Roles)]) {
        for (list, _) in phrases {
            for phrase in list {
                precondition((1...2).contains(phrase.count), "cue phrases have one or two words: \(phrase)")
                for word in phrase where !words.contains(word) { insert(word) }
            }
        }
        pairRoles = [Roles](repeating: [], count: words.count * words.count)
        for (list, role) in phrases {
            for phrase in list {
                let first = words.firstIndex(of: phrase[0])!
                if phrase.count == 1 {
                    roles[first].insert(role)
                } else {
                    pairRoles[first * words.count + words.firstIndex(of: phrase[1])!].insert(role)
                }
            }
        }
    }

    private mutating func insert(_ word: String) {
        let key = Key(word)
        words.append(word)
        roles.append([])
        entries.insert((key, words.count - 1), hash: key.hash, at: entries.slot(for: key.hash) { $0.key == key })
    }

    /// The word's entry, or 0.
    @inline(__always)
    func entry(_ key: Key) -> Int {
        guard key.length <= 16 else { return 0 }
        return entries[entries.slot(for: key.hash) { $0.key == key }]?.entry ?? 0
    }

    package func roles(of entry: Int) -> Roles {
        roles[entry]
    }

    /// The roles of the two words read one after the other.
    package func roles(of first: Int, _ second: Int) -> Roles {
        pairRoles[first * words.count + second]
    }
}
