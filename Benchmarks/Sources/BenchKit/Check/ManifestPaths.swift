/// Turns the source paths `hig` stores (from the repository root, or the editions folder's
/// parent) into the paths the manifest and the truth use (from the editions folder).
struct ManifestPaths {
    private let paths: Set<String>
    private var known: [String: String] = [:]

    init<S: Sequence>(_ manifestPaths: S) where S.Element == String {
        paths = Set(manifestPaths)
    }

    mutating func manifestPath(_ cited: String) -> String? {
        if let found = known[cited] { return found }
        let found = paths.first { cited == $0 || cited.hasSuffix("/" + $0) }
        known[cited] = found
        return found
    }
}
