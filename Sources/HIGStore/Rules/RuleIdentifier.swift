/// Rule ids: `<edition>-<8 hex digits>`, e.g. `2011-3f9a2c1d`.
///
/// The digits are the start of the SHA-256 of the edition id and the rule's source lines
/// (white space collapsed). So an id survives re-importing unchanged sources, improvements to
/// the cleaner, and other rules being added or removed around it; it changes only when the
/// words of its own source lines change, and then no old citation can silently point at new
/// words. Two rules of one edition with the same lines (or the same 32 bits) are told apart by
/// hashing again with a counter, in reading order.
enum RuleIdentifier {
    static func assign<Verbatim: StringProtocol>(edition: String, verbatims: [Verbatim], taken: inout Set<String>) -> [String] {
        // Where the search for each text's next free counter resumes: the counters below it were
        // taken when tried and stay taken, so a file of a thousand equal lines is not quadratic.
        var resume: [String: Int] = [:]
        return verbatims.map { verbatim in
            let normalized = MarkupStripper.collapseWhitespace(String(verbatim))
            var attempt = resume[normalized, default: 0]
            while true {
                let input = attempt == 0 ? "\(edition)\n\(normalized)" : "\(edition)\n\(normalized)\n\(attempt)"
                let id = "\(edition)-\(SHA256.hex(of: input).prefix(8))"
                if taken.insert(id).inserted {
                    resume[normalized] = attempt + 1
                    return id
                }
                attempt += 1
            }
        }
    }
}
