import HIGText

extension Linker {
    /// Rules that complete editions lacked, kept so that a later edition may bring them back
    /// (`ChangeClass.restored`): each with how many complete editions in a row lacked it.
    ///
    /// A rule is kept while at most `longestGap` complete editions lacked it: Apple dropped the
    /// Forgiveness paragraph ("Always warn users before they initiate a task that will cause
    /// irreversible loss of data") from both 2004 editions of the Mac OS X guidelines and put
    /// it back in 2005-09.
    struct Departed: Sendable {
        var terms: EditionTerms
        /// gaps[i]: how many complete editions in a row lacked rule i.
        var gaps: [Int]

        /// The longest run of complete editions a rule may be missing from and still be brought back.
        static let longestGap = LinkReach.longestGap

        /// Rules the edition after them lacked.
        init(_ terms: EditionTerms) {
            self.terms = terms
            gaps = [Int](repeating: 1, count: terms.rules.count)
        }

        private init(terms: EditionTerms, gaps: [Int]) {
            self.terms = terms
            self.gaps = gaps
        }

        /// The rules of all `parts` as one pool, each once (two predecessors may both have lost
        /// the same rule), with its shortest gap; nil when there are none.
        static func joining(_ parts: [Departed]) -> Departed? {
            let nonEmpty = parts.filter { !$0.terms.rules.isEmpty }
            guard !nonEmpty.isEmpty else { return nil }
            if nonEmpty.count == 1 { return nonEmpty[0] }
            var joined = Departed(terms: EditionTerms.joining(nonEmpty.map(\.terms)), gaps: nonEmpty.flatMap(\.gaps))
            var first: [String: Int] = [:]
            var keep: [Int] = []
            for index in joined.terms.rules.indices {
                if let earlier = first[joined.terms.rules[index].id] {
                    joined.gaps[earlier] = min(joined.gaps[earlier], joined.gaps[index])
                } else {
                    first[joined.terms.rules[index].id] = index
                    keep.append(index)
                }
            }
            guard keep.count < joined.terms.rules.count else { return joined }
            return Departed(terms: joined.terms.subset(keep), gaps: keep.map { joined.gaps[$0] })
        }

        /// The rules not in `broughtBack` (places in this pool), lacked by one more complete
        /// edition; those missing for longer than `longestGap` are let go. Nil when none is left.
        func lackedOnceMore(except broughtBack: Set<Int>) -> Departed? {
            let kept = terms.rules.indices.filter { !broughtBack.contains($0) && gaps[$0] < Self.longestGap }
            guard !kept.isEmpty else { return nil }
            return Departed(terms: terms.subset(kept), gaps: kept.map { gaps[$0] + 1 })
        }
    }
}
