import Foundation

/// A hash table from words, as UTF-8 bytes, to counts: looked up and counted on the bytes of a
/// text, so no String is made or hashed for a word. Keys are compared byte for byte (String's
/// `==` compares canonical equivalents as equal; callers that mix the two say why it is the same).
struct ByteWordTable: Sendable {
    private struct Slot {
        /// `UInt32.max` marks an empty slot.
        var start: UInt32 = .max
        var length: UInt32 = 0
        var hash: UInt32 = 0
        var value = 0
    }

    /// Every key's bytes, one after another.
    private var keys: [UInt8] = []
    /// A power of two, at most half full.
    private var slots: [Slot]
    private(set) var count = 0

    init(minimumCapacity: Int = 64) {
        var size = 64
        while size < minimumCapacity * 2 { size *= 2 }
        slots = Array(repeating: Slot(), count: size)
    }

    /// FNV-1a, folded to 32 bits.
    @inline(__always)
    private static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in key { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return UInt32(truncatingIfNeeded: hash ^ (hash >> 32))
    }

    /// The slot that holds `key`, or the empty slot where it would go.
    @inline(__always)
    private func slot(of key: UnsafeBufferPointer<UInt8>, hash: UInt32) -> Int {
        let mask = slots.count - 1
        var index = Int(hash) & mask
        return keys.withUnsafeBufferPointer { stored in
            while true {
                let slot = slots[index]
                if slot.start == .max { return index }
                if slot.hash == hash, Int(slot.length) == key.count,
                   key.isEmpty || memcmp(stored.baseAddress! + Int(slot.start), key.baseAddress!, key.count) == 0 {
                    return index
                }
                index = (index + 1) & mask
            }
        }
    }

    /// The value of `key`, or nil when it is not in the table.
    func value(of key: UnsafeBufferPointer<UInt8>) -> Int? {
        let slot = slots[slot(of: key, hash: Self.hash(key))]
        return slot.start == .max ? nil : slot.value
    }

    func contains(_ key: UnsafeBufferPointer<UInt8>) -> Bool { value(of: key) != nil }

    /// Adds `amount` to the value of `key`, which is put in with 0 if it is not there.
    mutating func add(_ amount: Int, to key: UnsafeBufferPointer<UInt8>) {
        let hash = Self.hash(key)
        var index = slot(of: key, hash: hash)
        if slots[index].start == .max {
            if (count + 1) * 2 > slots.count {
                grow()
                index = slot(of: key, hash: hash)
            }
            slots[index] = Slot(start: UInt32(keys.count), length: UInt32(key.count), hash: hash, value: 0)
            keys.append(contentsOf: key)
            count += 1
        }
        slots[index].value += amount
    }

    /// Adds `amount` to the value of the word `key`.
    mutating func add(_ amount: Int, to key: some StringProtocol) {
        var key = String(key)
        key.withUTF8 { add(amount, to: $0) }
    }

    /// Calls `body` with every key and its value, in no particular order.
    func forEach(_ body: (UnsafeBufferPointer<UInt8>, Int) -> Void) {
        keys.withUnsafeBufferPointer { stored in
            for slot in slots where slot.start != .max {
                body(UnsafeBufferPointer(rebasing: stored[Int(slot.start)..<Int(slot.start + slot.length)]), slot.value)
            }
        }
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(), count: old.count * 2)
        let mask = slots.count - 1
        for slot in old where slot.start != .max {
            var index = Int(slot.hash) & mask
            while slots[index].start != .max { index = (index + 1) & mask }
            slots[index] = slot
        }
    }
}
