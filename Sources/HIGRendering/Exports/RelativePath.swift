import Foundation
import HIGLineage
import HIGText

/// Paths from one folder to another, for links a report makes to its source files.
public enum RelativePath {
    /// The prefix that turns a path relative to `root` into one relative to `folder`: `""`,
    /// `"../"`, `"../../Data/"`; ends with `/` unless empty. Both are absolute, or relative to the
    /// current folder.
    public static func prefix(from folder: URL, to root: URL) -> String {
        let from = components(folder)
        let to = components(root)
        var common = 0
        while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
        let parts = Array(repeating: "..", count: from.count - common) + to[common...]
        return parts.isEmpty ? "" : parts.joined(separator: "/") + "/"
    }

    /// The prefix for links from a report in `reportFolder` to `files` (paths relative to the
    /// repository they were imported from): from the report to the first of `roots` that holds
    /// every one of them. When none does, `""`: the links are then relative to the report.
    public static func sourceBase(files: [String], reportFolder: URL, roots: [URL]) -> String {
        let wanted = Set(files)
        guard
            let root = roots.first(where: { root in
                wanted.allSatisfy { FileManager.default.fileExists(atPath: root.appending(path: $0).path(percentEncoded: false)) }
            })
        else { return "" }
        return prefix(from: reportFolder, to: root)
    }

    private static func components(_ url: URL) -> [String] {
        url.standardizedFileURL.resolvingSymlinksInPath().path(percentEncoded: false)
            .split(separator: "/").map(String.init)
    }
}

extension EditionsLocator {
    /// The folder source paths are relative to (`Data/editions/...`): the repository that holds
    /// `editions`, as at import.
    public static func repositoryRoot(of editions: URL) -> URL {
        Corpus.repositoryRoot(containing: editions)
    }
}
