/// A hash table by open addressing with linear probing, for entries whose keys are bytes that
/// the caller hashes and compares itself (a word read in a text, a packed cue word): so that
/// no String is made or hashed to look one up.
///
/// Slots are a power of two, at most half full; a table grows by doubling. Entries are never
/// removed. The caller finds a slot with `slot(for:where:)`, then reads, inserts or updates it.
///
/// Public and `@inlinable`, so that a user in another module (`TermScanner`, `LinkCorpus`) gets
/// it specialized for its entry type: called generically, a lookup asked the runtime for the
/// entry's metadata and copied entries through witness tables (6% of an import's samples at
/// 4 x 20k, `perf`). Public, not package: Swift 6.3 calls an `@inlinable package` member of
/// another module without inlining or specializing it (checked with `nm` on a two-module package).
public struct OpenAddressingTable<Entry> {
    @usableFromInline
    struct Slot {
        @usableFromInline var hash: UInt32
        @usableFromInline var entry: Entry

        @inlinable init(hash: UInt32, entry: Entry) {
            self.hash = hash
            self.entry = entry
        }
    }

    @usableFromInline var slots: [Slot?]
    @usableFromInline var count = 0

    @inlinable
    public init(minimumCapacity: Int = 32) {
        var size = 64
        while size < minimumCapacity * 2 { size *= 2 }
        slots = Array(repeating: nil, count: size)
    }

    /// The slot that holds the entry with `hash` for which `matches` is true, or the empty slot
    /// where such an entry would go.
    @inlinable @inline(__always)
    public func slot(for hash: UInt32, where matches: (Entry) -> Bool) -> Int {
        let mask = slots.count - 1
        var index = Int(hash) & mask
        while let slot = slots[index] {
            if slot.hash == hash, matches(slot.entry) { return index }
            index = (index + 1) & mask
        }
        return index
    }

    /// The entry in `slot`, or nil for an empty slot.
    @inlinable @inline(__always)
    public subscript(slot: Int) -> Entry? { slots[slot]?.entry }

    /// Puts `entry` in the empty `slot` that `slot(for: hash, where:)` gave, growing the table
    /// first when it would be more than half full.
    @inlinable
    public mutating func insert(_ entry: Entry, hash: UInt32, at slot: Int) {
        var index = slot
        if (count + 1) * 2 > slots.count {
            grow()
            index = emptySlot(for: hash)
        }
        slots[index] = Slot(hash: hash, entry: entry)
        count += 1
    }

    /// Changes the entry in the occupied `slot`.
    @inlinable @inline(__always)
    public mutating func update(at slot: Int, _ change: (inout Entry) -> Void) {
        change(&slots[slot]!.entry)
    }

    /// Calls `body` with every entry, in no particular order.
    func forEach(_ body: (Entry) -> Void) {
        for case let slot? in slots { body(slot.entry) }
    }

    @usableFromInline
    func emptySlot(for hash: UInt32) -> Int {
        let mask = slots.count - 1
        var index = Int(hash) & mask
        while slots[index] != nil { index = (index + 1) & mask }
        return index
    }

    @usableFromInline
    mutating func grow() {
        let old = slots
        slots = Array(repeating: nil, count: old.count * 2)
        for case let slot? in old { slots[emptySlot(for: slot.hash)] = slot }
    }
}

extension OpenAddressingTable: Sendable where Entry: Sendable {}
extension OpenAddressingTable.Slot: Sendable where Entry: Sendable {}

/// FNV-1a of a run of bytes, folded to 32 bits: the hash of byte-keyed tables.
@inlinable @inline(__always)
public func fnv1aHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
    return UInt32(truncatingIfNeeded: hash ^ (hash >> 32))
}
