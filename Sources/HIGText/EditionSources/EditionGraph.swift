/// Editions as a family tree: each names the editions it was revised from (none, one or several),
/// and their order comes from that descent, with dates ordering only editions that do not
/// descend from one another.
///
/// Lineage links an edition to its predecessors; a diff compares an edition with one of its
/// descendants. Used by the manifest (to check and order what it declares) and by the readers of
/// a database (to find the editions between two others).
public struct EditionGraph: Sendable, Equatable {
    public struct Node: Sendable, Equatable {
        public let id: String
        /// 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD'; nil when undated.
        public let date: String?
        public let predecessors: [String]
        /// The family the edition belongs to (`macintosh`, `iphone-ios`, `web`), nil when not said.
        public let line: String?
        /// For a draft beside its final edition, that final edition.
        public let prereleaseOf: String?

        public init(id: String, date: String?, predecessors: [String], line: String?, prereleaseOf: String? = nil) {
            self.id = id
            self.date = date
            self.predecessors = predecessors
            self.line = line
            self.prereleaseOf = prereleaseOf
        }
    }

    /// What is wrong with a graph, in words a manifest's author can act on.
    public struct Invalid: Error, Equatable {
        public let reason: String
    }

    /// Every edition, oldest first: each after all its predecessors; among editions ready at the
    /// same time, the earliest dated first (an undated one takes its latest ancestor's date), then
    /// by id.
    public let ordered: [Node]
    private let index: [String: Int]

    public init(_ nodes: [Node]) throws(Invalid) {
        var byID: [String: Node] = [:]
        for node in nodes {
            guard byID.updateValue(node, forKey: node.id) == nil else {
                throw Invalid(reason: "edition '\(node.id)' is listed twice")
            }
        }
        for node in nodes {
            var seen = Set<String>()
            for predecessor in node.predecessors {
                guard predecessor != node.id else {
                    throw Invalid(reason: "edition '\(node.id)' names itself as its predecessor")
                }
                guard byID[predecessor] != nil else {
                    throw Invalid(
                        reason:
                            "edition '\(node.id)' names predecessor '\(predecessor)', which is not an edition here (declared: \(nodes.map(\.id).joined(separator: ", ")))"
                    )
                }
                guard seen.insert(predecessor).inserted else {
                    throw Invalid(reason: "edition '\(node.id)' names predecessor '\(predecessor)' twice")
                }
            }
        }
        ordered = try Self.order(nodes, byID)
        index = Dictionary(uniqueKeysWithValues: ordered.enumerated().map { ($1.id, $0) })
    }

    /// Kahn's algorithm, taking the ready edition with the smallest (date, id) each time.
    private static func order(_ nodes: [Node], _ byID: [String: Node]) throws(Invalid) -> [Node] {
        var waitingOn = Dictionary(uniqueKeysWithValues: nodes.map { ($0.id, $0.predecessors.count) })
        var successors: [String: [String]] = [:]
        for node in nodes { for predecessor in node.predecessors { successors[predecessor, default: []].append(node.id) } }
        // An undated edition is placed by the latest date of its ancestors.
        var sortDate: [String: String] = [:]
        var ready = nodes.filter { $0.predecessors.isEmpty }.map(\.id)
        var ordered: [Node] = []
        while !ready.isEmpty {
            for id in ready where sortDate[id] == nil {
                let inherited = byID[id]!.predecessors.compactMap { sortDate[$0] }.max() ?? ""
                sortDate[id] = byID[id]!.date ?? inherited
            }
            let next = ready.indices.min { a, b in
                (sortDate[ready[a]]!, ready[a]) < (sortDate[ready[b]]!, ready[b])
            }!
            let id = ready.remove(at: next)
            ordered.append(byID[id]!)
            for successor in successors[id] ?? [] {
                waitingOn[successor]! -= 1
                if waitingOn[successor] == 0 { ready.append(successor) }
            }
        }
        guard ordered.count == nodes.count else {
            throw Invalid(reason: "editions \(circle(nodes, left: waitingOn).joined(separator: ", ")) descend from one another in a circle")
        }
        return ordered
    }

    /// The editions of the circle Kahn's algorithm left (`left`: how many predecessors each still
    /// waits on): those left, less the ones that only descend from the circle (repeatedly, those
    /// no other edition left descends from).
    private static func circle(_ nodes: [Node], left waitingOn: [String: Int]) -> [String] {
        var stuck = Set(nodes.map(\.id).filter { waitingOn[$0]! > 0 })
        while true {
            let needed = Set(nodes.filter { stuck.contains($0.id) }.flatMap(\.predecessors))
            let leaves = stuck.subtracting(needed)
            guard !leaves.isEmpty else { break }
            stuck.subtract(leaves)
        }
        return nodes.map(\.id).filter(stuck.contains)
    }

    public func node(_ id: String) -> Node? { index[id].map { ordered[$0] } }

    /// The place of an edition in `ordered`.
    public func position(of id: String) -> Int? { index[id] }

    /// The editions `id` descends from, through any number of predecessors.
    public func ancestors(of id: String) -> Set<String> {
        var found = Set<String>()
        var stack = node(id)?.predecessors ?? []
        while let next = stack.popLast() {
            guard found.insert(next).inserted else { continue }
            stack += node(next)?.predecessors ?? []
        }
        return found
    }

    /// The editions on the way from `earlier` to `later`, both excluded: those that descend from
    /// `earlier` and that `later` descends from. Nil when `later` does not descend from `earlier`.
    public func between(_ earlier: String, _ later: String) -> [String]? {
        let ancestorsOfLater = ancestors(of: later)
        guard ancestorsOfLater.contains(earlier) else { return nil }
        return ordered.map(\.id).filter { ancestorsOfLater.contains($0) && ancestors(of: $0).contains(earlier) }
    }

    /// The editions that name `id` as a predecessor.
    public func successors(of id: String) -> [String] {
        ordered.filter { $0.predecessors.contains(id) }.map(\.id)
    }

    /// Every edition along the family tree, depth first: each branch to its end before the next
    /// one (branches in `ordered`'s order), an edition with several predecessors once all of them
    /// are placed. `ordered` interleaves two lines by date (iphone-2008-11 between macosx-2008-06
    /// and macosx-2009-08); a timeline read in this order never does.
    public var alongTree: [String] {
        var placed = Set<String>()
        var order: [String] = []
        func place(_ node: Node) {
            guard !placed.contains(node.id), node.predecessors.allSatisfy(placed.contains) else { return }
            placed.insert(node.id)
            order.append(node.id)
            for successor in ordered where successor.predecessors.contains(node.id) { place(successor) }
        }
        for root in ordered where root.predecessors.isEmpty { place(root) }
        return order
    }

    /// The line an edition belongs to: its own, else the line of its first predecessor that has one.
    public func line(of id: String) -> String? {
        var next = node(id)
        var seen = Set<String>()
        while let current = next, seen.insert(current.id).inserted {
            if let line = current.line { return line }
            next = current.predecessors.first.flatMap(node)
        }
        return nil
    }
}
