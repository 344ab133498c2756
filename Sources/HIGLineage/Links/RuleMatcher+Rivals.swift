extension RuleMatcher {
    /// `links` with each one's runner-up: the best score of another earlier rule among the later
    /// rule's candidates, or of another later rule among the earlier rule's, that no link joins
    /// to the rule it competes for. A link only a little above its runner-up is a choice the
    /// words do not settle (`LinkDoubt.rival`). A link of the same words has none.
    func withRunnersUp(_ links: [Link], _ candidates: CandidateLists, _ byEarlier: CandidatesByEarlier) -> [Link] {
        var linkedEarlier: [Int: [Int]] = [:]
        var linkedLater: [Int: [Int]] = [:]
        for link in links {
            linkedEarlier[link.later, default: []].append(link.earlier)
            linkedLater[link.earlier, default: []].append(link.later)
        }
        return links.map { link in
            guard link.evidence != .sameWords else { return link }
            var best: Double?
            let joined = linkedEarlier[link.later] ?? []
            for candidate in candidates.list(link.later) where !joined.contains(candidate.earlier) {
                best = max(best ?? candidate.score, candidate.score)
            }
            let joinedLater = linkedLater[link.earlier] ?? []
            for entry in byEarlier.list(link.earlier) where !joinedLater.contains(entry.later) {
                best = max(best ?? entry.score, entry.score)
            }
            var link = link
            link.runnerUp = best
            return link
        }
    }
}
