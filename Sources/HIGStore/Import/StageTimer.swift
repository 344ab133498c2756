import Foundation

/// Prints how long each import stage took to stderr when `HIG_TIMING` is set: for profiling
/// and the benchmarks, silent otherwise.
///
/// Wall time and the process's CPU time (user + system, all threads): on a machine shared with
/// other work the CPU time is the steadier of the two.
struct StageTimer {
    private let enabled = ProcessInfo.processInfo.environment["HIG_TIMING"] != nil
    private var last = ContinuousClock.now
    private var lastCPU = StageTimer.cpuSeconds()

    mutating func lap(_ stage: String) {
        guard enabled else { return }
        let now = ContinuousClock.now
        let cpu = Self.cpuSeconds()
        let seconds = Double((now - last).components.attoseconds) / 1e18 + Double((now - last).components.seconds)
        FileHandle.standardError.write(Data(String(format: "hig: timing: %@ %.3f s\nhig: cpu time: %@ %.3f s\n",
                                                   stage, seconds, stage, cpu - lastCPU).utf8))
        last = now
        lastCPU = cpu
    }

    private static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
