/// Rule ids: `<edition>-<8 hex digits>`, e.g. `2011-3f9a2c1d`.
///
/// The digits are the start of the SHA-256 of the edition id and the rule's source lines
/// (white space collapsed). So an id survives re-importing unchanged sources, improvements to
/// the cleaner, and other rules being added or removed around it; it changes only when the
/// words of its own source lines change, and then no old citation can silently point at new
/// words. Two rules of one edition with the same lines (or the same 32 bits) are told apart by
/// hashing again with a counter, in reading order.
package enum RuleIdentifier {
    /// How many hexadecimal digits of the digest an id keeps.
    package static let digits = 8

    /// The shape of every rule id: an edition id, a hyphen, `digits` lowercase hex digits.
    package static let pattern = "^[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?-[0-9a-f]{\(digits)}$"

    /// The edition a rule id names: all but its hyphen and hex digits.
    package static func edition(of id: String) -> String { String(id.dropLast(digits + 1)) }

    /// The first id a rule tries, and the whole digest it comes from, which stands for the
    /// rule's normalised lines (the same lines, the same digest).
    package struct FirstAttempt: Sendable {
        let digest: SHA256.Digest
        let id: String
    }

    /// The first attempts of a file's rules: the costly part (collapsing and hashing every
    /// rule's lines), independent of other files, so files can be hashed on every core.
    package static func firstAttempts(edition: String, verbatims: [some StringProtocol]) -> [FirstAttempt] {
        verbatims.map { verbatim in
            let digest = SHA256.digest(of: "\(edition)\n\(MarkupStripper.collapseWhitespace(String(verbatim)))")
            return FirstAttempt(digest: digest, id: "\(edition)-\(digest.hexPrefix(digits))")
        }
    }

    static func assign<Verbatim: StringProtocol>(edition: String, verbatims: [Verbatim], taken: inout Set<String>) -> [String] {
        assign(edition: edition, verbatims: verbatims, firstAttempts: firstAttempts(edition: edition, verbatims: verbatims), taken: &taken)
    }

    /// The ids of a file's rules, in reading order, from their first attempts.
    package static func assign<Verbatim: StringProtocol>(
        edition: String, verbatims: [Verbatim], firstAttempts: [FirstAttempt], taken: inout Set<String>
    ) -> [String] {
        // Where the search for each text's next free counter resumes: the counters below it were
        // taken when tried and stay taken, so a file of a thousand equal lines is not quadratic.
        var resume: [SHA256.Digest: Int] = [:]
        return zip(verbatims, firstAttempts).map { verbatim, first in
            var attempt = resume[first.digest, default: 0]
            while true {
                let id: String
                if attempt == 0 {
                    id = first.id
                } else {
                    let normalized = MarkupStripper.collapseWhitespace(String(verbatim))
                    id = "\(edition)-\(SHA256.hex(of: "\(edition)\n\(normalized)\n\(attempt)").prefix(digits))"
                }
                if taken.insert(id).inserted {
                    resume[first.digest] = attempt + 1
                    return id
                }
                attempt += 1
            }
        }
    }
}
