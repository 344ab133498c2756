/// Every rule's id, parent and whether it is a figure, by position in rowid order: what topic
/// inheritance needs, read in one pass.
struct RuleTree {
    private(set) var rowID: [Int] = []
    private(set) var id: [String] = []
    private(set) var parent: [Int?] = []
    private(set) var isFigure: [Bool] = []

    var count: Int { id.count }

    static func load(_ db: Database) throws -> RuleTree {
        var tree = RuleTree()
        var parentRowID: [Int?] = []
        try db.forEachRow(
            """
            SELECT r.rowid, r.id, p.rowid, r.kind = 'figure'
            FROM rules r LEFT JOIN rules p ON p.id = r.parent_id
            ORDER BY r.rowid
            """
        ) { row in
            tree.rowID.append(row.int(0))
            tree.id.append(row.string(1))
            parentRowID.append(row.isNull(2) ? nil : row.int(2))
            tree.isFigure.append(row.int(3) != 0)
        }
        tree.parent = parentRowID.map { $0.flatMap { tree.position(ofRowID: $0) } }
        return tree
    }

    /// The position of the rule with `rowID`, by binary search: the positions are in rowid order.
    func position(ofRowID target: Int) -> Int? {
        var low = 0, high = rowID.count
        while low < high {
            let middle = (low + high) / 2
            if rowID[middle] < target { low = middle + 1 } else { high = middle }
        }
        return low < rowID.count && rowID[low] == target ? low : nil
    }
}
