import HIGLineage

/// What a likely counterpart's order rests on besides its score, in the words every rendering
/// shows (text in parentheses, Markdown and HTML after the score): where its neighbours went
/// (ranked higher), kept word for word (after the others), unlike in length (last); in that
/// order, the order of `CounterpartCandidates.ordered`.
extension CounterpartCandidate {
    var marks: [String] {
        [
            whereNeighboursWent == true ? "where its neighbours went" : nil,
            keptWordForWord == true ? "kept word for word" : nil,
            unlikeInLength == true ? "unlike in length" : nil,
        ].compactMap { $0 }
    }
}
