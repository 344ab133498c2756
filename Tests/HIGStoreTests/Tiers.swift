import Foundation
import HIGTestSupport
import Testing

// The suite's two tiers. Plain `swift test` runs every check that is cheap; the slow end-to-end
// checks (whole-archive imports, fuzz loops, many spawned `hig` processes) are tagged
// `.endToEnd` and run only with HIG_FULL_TESTS=1, which `.ci/run` sets in a step of its own
// (`--filter tag:endToEnd`), so that nothing is lost. CONTRIBUTING.md says how to run each.

extension Tag {
    /// A slow end-to-end check: see `fullRunOnly`.
    @Tag static var endToEnd: Self
}

/// Whether this run includes the slow tier.
enum TestTier {
    static let variable = "HIG_FULL_TESTS"
    static let isFull = ProcessInfo.processInfo.environment[variable] == "1"
}

extension Trait where Self == ConditionTrait {
    /// Runs only in the full tier: give it with `.tags(.endToEnd)`.
    static var fullRunOnly: Self {
        .enabled(if: TestTier.isFull, "slow end-to-end check: run with \(TestTier.variable)=1 (.ci/run does)")
    }

    /// Skips a suite that reads `../shared/archive` where the archive is absent.
    static var needsArchive: Self {
        .enabled(
            if: SharedArchive.isPresent, "needs the guideline archive at \(SharedArchive.documents.path) (or $HIG_ARCHIVE), absent here")
    }
}
