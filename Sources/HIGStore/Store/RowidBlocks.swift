import HIGDatabase

/// One fixed-width number per rule, stored 1,024 rules to a row: row `block` holds the numbers of
/// rowids `block * 1024 ..< (block + 1) * 1024` as little-endian integers in one BLOB, 0 where
/// there is no rule. Search's statistics are stored so (`search_lengths`, `search_rule_blocks`),
/// that a query reads one row per 1,024 matched rules instead of one per rule.
enum RowidBlocks {
    static let size = 1024

    /// The block of `rowid` and its place in it; nil for a rowid no block holds (a negative one).
    static func place(of rowid: Int64) -> (block: Int, offset: Int)? {
        guard rowid >= 0 else { return nil }
        return (Int(rowid / Int64(size)), Int(rowid % Int64(size)))
    }

    /// A stored block's numbers: the inverse of `littleEndianBytes`.
    static func values<Value: FixedWidthInteger & UnsignedInteger>(_ bytes: UnsafeRawBufferPointer, as: Value.Type) -> [Value] {
        let width = Value.bitWidth / 8
        return (0..<bytes.count / width).map { index in
            (0..<width).reduce(Value.zero) { value, byte in value | Value(bytes[width * index + byte]) << (8 * byte) }
        }
    }

    static func littleEndianBytes<Value: FixedWidthInteger & UnsignedInteger>(_ values: [Value]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(values.count * Value.bitWidth / 8)
        for value in values {
            for byte in 0..<Value.bitWidth / 8 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * byte))) }
        }
        return bytes
    }

    /// Writes the blocks of a table whose key column is `block`, given each rule's number in
    /// ascending rowid order.
    struct Writer<Value: FixedWidthInteger & UnsignedInteger> {
        private var insert: BatchInsert
        private var block = -1
        private var values = [Value](repeating: 0, count: RowidBlocks.size)

        init(_ db: Database, into table: String, column: String) {
            insert = BatchInsert(db, into: table, columns: ["block", column], rowsPerStatement: 16)
        }

        /// Sets the number of `rowid` (above every rowid set before); a negative rowid is skipped.
        mutating func set(_ value: Value, of rowid: Int64) throws {
            guard let place = RowidBlocks.place(of: rowid) else { return }
            if place.block != block {
                try flush()
                block = place.block
            }
            values[place.offset] = value
        }

        mutating func finish() throws {
            try flush()
            try insert.finish()
        }

        private mutating func flush() throws {
            guard block >= 0 else { return }
            try insert.append([block, RowidBlocks.littleEndianBytes(values)])
            values = [Value](repeating: 0, count: RowidBlocks.size)
        }
    }

    /// Reads the blocks of a table as a search needs them, each on first use, and keeps them.
    final class Reader<Value: FixedWidthInteger & UnsignedInteger> {
        private let blocks: UnsafeMutableBufferPointer<UnsafeMutablePointer<Value>?>
        private let query: String
        private unowned let db: Database

        /// The blocks of `table` (`column` holding the numbers); nil when it has none. Rowids
        /// past 2^30 (a billion: hig numbers rules from 1) read as 0.
        static func stored(in db: Database, table: String, column: String) -> Reader? {
            let blocks = (try? db.scalar("SELECT max(block) + 1 FROM \(table)"))??.int ?? 0
            guard blocks > 0 else { return nil }
            return Reader(db: db, blocks: min(blocks, 1 << 20), query: "SELECT \(column) FROM \(table) WHERE block = ?")
        }

        private init(db: Database, blocks: Int, query: String) {
            self.blocks = .allocate(capacity: blocks)
            self.blocks.initialize(repeating: nil)
            self.query = query
            self.db = db
        }

        deinit {
            for block in blocks { block?.deallocate() }
            blocks.deallocate()
        }

        /// The stored number of `rowid`; 0 when none is stored.
        func value(of rowid: Int64) -> Value {
            guard let (block, offset) = RowidBlocks.place(of: rowid), block < blocks.count else { return 0 }
            let values = blocks[block] ?? read(block)
            return values[offset]
        }

        private func read(_ block: Int) -> UnsafeMutablePointer<Value> {
            let values = UnsafeMutablePointer<Value>.allocate(capacity: RowidBlocks.size)
            values.initialize(repeating: 0, count: RowidBlocks.size)
            // A failure to read leaves the block's numbers 0: not stored, so asked another way.
            try? db.forEachRow(query, arguments: [block]) { row in
                let stored = row.withBlob(0) { RowidBlocks.values($0, as: Value.self) }
                for (offset, value) in stored.prefix(RowidBlocks.size).enumerated() { values[offset] = value }
            }
            blocks[block] = values
            return values
        }
    }
}
