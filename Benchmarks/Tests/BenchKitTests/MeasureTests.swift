import Foundation
import Testing
@testable import BenchKit

@Suite struct MeasureTests {
    @Test func percentilesUseNearestRank() {
        let samples = (1...100).map(Double.init)
        #expect(Statistics.percentile(samples, 0.5) == 50)
        #expect(Statistics.percentile(samples, 0.99) == 99)
        #expect(Statistics.percentile([3], 0.99) == 3)
        #expect(Statistics.median([4, 1, 3, 2]) == 2.5)
    }

    @Test func aChildProcessReportsItsOwnPeakMemory() throws {
        let run = try ChildProcess.run("/bin/sh", ["-c", "exit 0"])
        #expect(run.peakKiB > 0)
        #expect(run.seconds > 0)
        #expect(throws: BenchError.self) { try ChildProcess.run("/bin/sh", ["-c", "echo broken >&2; exit 3"]) }
    }
}
