import HIGDatabase
import HIGText

/// Every rule's id, parent, whether it is a figure, its source's title and its section, by
/// position in rowid order: what topic assignment needs, read in one pass.
struct RuleTree {
    private(set) var rowID: [Int] = []
    private(set) var id: [String] = []
    private(set) var parent: [Int?] = []
    private(set) var isFigure: [Bool] = []
    /// The title of the rule's source when it has one (a web page's).
    private(set) var sourceTitle: [String?] = []
    /// The path of the rule's source (a web page's folders are its place).
    private(set) var sourcePath: [String] = []
    private(set) var section: [String?] = []
    /// The rowid of the rule's source file.
    private(set) var source: [Int] = []

    var count: Int { id.count }

    static func load(_ db: Database) throws -> RuleTree {
        var tree = RuleTree()
        var parentRowID: [Int?] = []
        try db.forEachRow(
            """
            SELECT r.rowid, r.id, p.rowid, r.kind = 'figure', s.title, r.section, r.source_id, s.path
            FROM rules r LEFT JOIN rules p ON p.id = r.parent_id JOIN sources s ON s.id = r.source_id
            ORDER BY r.rowid
            """
        ) { row in
            tree.rowID.append(row.int(0))
            tree.id.append(row.string(1))
            parentRowID.append(row.isNull(2) ? nil : row.int(2))
            tree.isFigure.append(row.int(3) != 0)
            tree.sourceTitle.append(row.isNull(4) ? nil : row.string(4))
            tree.section.append(row.isNull(5) ? nil : row.string(5))
            tree.source.append(row.int(6))
            tree.sourcePath.append(row.string(7))
        }
        tree.parent = parentRowID.map { $0.flatMap { tree.position(ofRowID: $0) } }
        return tree
    }

    /// The position of the rule with `rowID`, by binary search: the positions are in rowid order.
    func position(ofRowID target: Int) -> Int? {
        let low = rowID.partitioningIndex(where: { $0 >= target })
        return low < rowID.count && rowID[low] == target ? low : nil
    }
}
