import Foundation

/// Prints how long each import stage took to stderr when `HIG_TIMING` is set: for profiling
/// and the benchmarks, silent otherwise.
struct StageTimer {
    private let enabled = ProcessInfo.processInfo.environment["HIG_TIMING"] != nil
    private var last = ContinuousClock.now

    mutating func lap(_ stage: String) {
        guard enabled else { return }
        let now = ContinuousClock.now
        let seconds = Double((now - last).components.attoseconds) / 1e18 + Double((now - last).components.seconds)
        FileHandle.standardError.write(Data(String(format: "hig: timing: %@ %.3f s\n", stage, seconds).utf8))
        last = now
    }
}
