import Foundation

/// A hash table from words, as UTF-8 bytes, to counts: looked up and counted on the bytes of a
/// text, so no String is made or hashed for a word. Keys are compared byte for byte (String's
/// `==` compares canonical equivalents as equal; callers that mix the two say why it is the same).
struct ByteWordTable: Sendable {
    private struct Entry: Sendable {
        var start: UInt32
        var length: UInt32
        var value: Int
    }

    /// Every key's bytes, one after another.
    private var keys: [UInt8] = []
    private var table: OpenAddressingTable<Entry>

    var count: Int { table.count }

    init(minimumCapacity: Int = 32) {
        table = OpenAddressingTable(minimumCapacity: minimumCapacity)
    }

    /// The slot that holds `key`, or the empty slot where it would go.
    @inline(__always)
    private func slot(of key: UnsafeBufferPointer<UInt8>, hash: UInt32) -> Int {
        keys.withUnsafeBufferPointer { stored in
            table.slot(for: hash) { entry in
                Int(entry.length) == key.count
                    && (key.isEmpty || memcmp(stored.baseAddress! + Int(entry.start), key.baseAddress!, key.count) == 0)
            }
        }
    }

    /// The value of `key`, or nil when it is not in the table.
    func value(of key: UnsafeBufferPointer<UInt8>) -> Int? {
        table[slot(of: key, hash: fnv1aHash(key))]?.value
    }

    func contains(_ key: UnsafeBufferPointer<UInt8>) -> Bool { value(of: key) != nil }

    /// Adds `amount` to the value of `key`, which is put in with 0 if it is not there.
    mutating func add(_ amount: Int, to key: UnsafeBufferPointer<UInt8>) {
        let hash = fnv1aHash(key)
        let slot = slot(of: key, hash: hash)
        if table[slot] == nil {
            table.insert(Entry(start: UInt32(keys.count), length: UInt32(key.count), value: amount), hash: hash, at: slot)
            keys.append(contentsOf: key)
        } else {
            table.update(at: slot) { $0.value += amount }
        }
    }

    /// Adds `amount` to the value of the word `key`.
    mutating func add(_ amount: Int, to key: some StringProtocol) {
        var key = String(key)
        key.withUTF8 { add(amount, to: $0) }
    }

    /// Calls `body` with every key and its value, in no particular order.
    func forEach(_ body: (UnsafeBufferPointer<UInt8>, Int) -> Void) {
        keys.withUnsafeBufferPointer { stored in
            table.forEach { entry in
                body(UnsafeBufferPointer(rebasing: stored[Int(entry.start)..<Int(entry.start + entry.length)]), entry.value)
            }
        }
    }
}
