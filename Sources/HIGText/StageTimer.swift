import Foundation

/// Prints how long each import stage took to stderr when `HIG_TIMING` is set: for profiling
/// and the benchmarks, silent otherwise.
///
/// Wall time and the process's CPU time (user + system, all threads): on a machine shared with
/// other work the CPU time is the steadier of the two.
package struct StageTimer {
    static let isEnabled = ProcessInfo.processInfo.environment["HIG_TIMING"] != nil
    private var last = ContinuousClock.now
    private var lastCPU = StageTimer.cpuSeconds()

    package init() {}

    package mutating func lap(_ stage: String) {
        guard Self.isEnabled else { return }
        let now = ContinuousClock.now
        let cpu = Self.cpuSeconds()
        Self.report(stage, now - last, cpuSeconds: cpu - lastCPU)
        last = now
        lastCPU = cpu
    }

    /// Prints one stage's line (and its CPU time when known): for stages timed in pieces, such
    /// as lineage's, whose parts interleave.
    package static func report(_ stage: String, _ wall: Duration, cpuSeconds: Double? = nil) {
        guard isEnabled else { return }
        let seconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18
        var text = String(format: "hig: timing: %@ %.3f s\n", stage, seconds)
        if let cpuSeconds { text += String(format: "hig: cpu time: %@ %.3f s\n", stage, cpuSeconds) }
        FileHandle.standardError.write(Data(text.utf8))
    }

    private static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
