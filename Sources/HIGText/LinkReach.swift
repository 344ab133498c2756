/// How far lineage reaches back for a rule that complete editions lacked. Defined here, below
/// lineage, because `HIGError` names it in a message; `Linker.Departed` reads it.
package enum LinkReach {
    /// The longest run of complete editions a rule may be missing from and still be brought back.
    package static let longestGap = 3
}
