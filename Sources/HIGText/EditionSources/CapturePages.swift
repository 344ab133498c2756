import Foundation

/// What the folder of a web capture holds: each Markdown page, by its path inside the folder,
/// with the SHA-256 of its bytes. An import records it (the capture's rows of `sources`) and a
/// later import that reads the folder again compares the two: a folder updated in place (a
/// `git pull` in the same clone) would otherwise pass its newer pages off as the older edition's.
public struct CapturePages: Sendable, Equatable {
    /// The SHA-256 of each page's bytes, by its path inside the folder.
    public let digests: [String: String]

    public init(digests: [String: String]) { self.digests = digests }

    /// What the folder of `capture` holds now: the pages `EditionManifest.addingCapture` lists,
    /// each under the path and with the digest `SourceFile.read` gives its source.
    public static func read(_ capture: WebCapture) throws -> CapturePages {
        let root = capture.folder.standardizedFileURL.resolvingSymlinksInPath()
        var digests: [String: String] = [:]
        for page in try paths(in: root) {
            let url = try SourceFile.resolve(page, in: root)
            let bytes = try SourceFile.readBounded(url.path(percentEncoded: false))
            digests[SourceFile.relativePath(of: url, to: root)] = SHA256.hex(of: bytes)
        }
        return CapturePages(digests: digests)
    }

    /// The Markdown pages under `root`, relative to it, in the byte order of their paths. Hidden
    /// files and folders are left out: a clone's `.git` holds no page.
    static func paths(in root: URL) throws -> [String] {
        let suffix = "." + WebCapture.pageExtension
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        else {
            throw HIGError.captureMissing(path: root.path(percentEncoded: false))
        }
        var names: [String] = []
        while let url = walker.nextObject() as? URL {
            if url.lastPathComponent.lowercased().hasSuffix(suffix) { names.append(SourceFile.relativePath(of: url, to: root)) }
        }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// How these pages differ from `recorded`, page by page: a page renamed is one removed and
    /// one added.
    public func changes(since recorded: CapturePages) -> Changes {
        var changes = Changes()
        for (path, digest) in digests {
            if let before = recorded.digests[path] {
                if before != digest { changes.changed += 1 }
            } else {
                changes.added += 1
            }
        }
        changes.removed = recorded.digests.keys.filter { digests[$0] == nil }.count
        return changes
    }

    /// The pages changed, added and removed since a capture was recorded.
    public struct Changes: Sendable, Equatable, CustomStringConvertible {
        public var changed = 0
        public var added = 0
        public var removed = 0

        public var isEmpty: Bool { changed == 0 && added == 0 && removed == 0 }

        /// `2 pages changed, 1 added, 1 removed`: the counts that are not 0, the first naming pages.
        public var description: String {
            let counts = [(changed, "changed"), (added, "added"), (removed, "removed")].filter { $0.0 > 0 }
            return counts.enumerated().map { index, count in
                index > 0 ? "\(count.0) \(count.1)" : "\(count.0) \(count.0 == 1 ? "page" : "pages") \(count.1)"
            }
            .joined(separator: ", ")
        }
    }
}
