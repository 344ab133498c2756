import Foundation

/// One edition file as read from disk: its text, split into lines, and its digest.
public struct SourceFile: Sendable {
    /// Relative to the repository root when the folder lies inside one, else to the editions folder's parent.
    public let path: String
    public let entry: EditionManifest.File
    public let text: String
    /// The file's lines without their line ends; `lines[0]` is line 1.
    public let lines: [String]
    public let sha256: String

    /// Reads `entry` from `folder`, refusing paths that leave the folder, non-UTF-8 and empty files.
    public static func read(_ entry: EditionManifest.File, folder: URL, displayRoot: URL) throws -> SourceFile {
        let url = try resolve(entry.path, in: folder)
        let path = url.path(percentEncoded: false)
        guard FileManager.default.fileExists(atPath: path) else { throw HIGError.sourceMissing(path: path) }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw HIGError.sourceUnreadable(path: path, reason: (error as NSError).localizedDescription)
        }
        guard !data.isEmpty else { throw HIGError.sourceEmpty(path: path) }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw HIGError.sourceNotUTF8(path: path, byteOffset: firstInvalidUTF8Offset(data))
        }
        guard text.contains(where: { !$0.isWhitespace }) else { throw HIGError.sourceEmpty(path: path) }
        return SourceFile(
            path: relativePath(of: url, to: displayRoot),
            entry: entry,
            text: text,
            lines: splitLines(text),
            sha256: SHA256.hex(of: data))
    }

    /// Lines split on LF, CRLF or CR, without the terminators.
    static func splitLines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = ""
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                if !previousWasCR { lines.append(current) }
                current = ""
                previousWasCR = false
            } else if scalar == "\r" {
                lines.append(current)
                current = ""
                previousWasCR = true
            } else {
                current.unicodeScalars.append(scalar)
                previousWasCR = false
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// The real location of `relative` inside `folder`; throws if it (or a link on its way) leaves the folder.
    static func resolve(_ relative: String, in folder: URL) throws -> URL {
        guard !relative.hasPrefix("/"), !relative.isEmpty else { throw HIGError.sourceOutsideFolder(path: relative) }
        let base = folder.standardizedFileURL.resolvingSymlinksInPath().path(percentEncoded: false)
        let candidate = folder.appending(path: relative).standardizedFileURL
        let real = candidate.resolvingSymlinksInPath().path(percentEncoded: false)
        let prefix = base.hasSuffix("/") ? base : base + "/"
        guard real.hasPrefix(prefix) else { throw HIGError.sourceOutsideFolder(path: relative) }
        return URL(fileURLWithPath: real)
    }

    static func relativePath(of url: URL, to root: URL) -> String {
        let full = url.standardizedFileURL.resolvingSymlinksInPath().path(percentEncoded: false)
        var base = root.standardizedFileURL.resolvingSymlinksInPath().path(percentEncoded: false)
        if !base.hasSuffix("/") { base += "/" }
        return full.hasPrefix(base) ? String(full.dropFirst(base.count)) : full
    }

    /// The offset of the first byte that does not start or continue a valid UTF-8 sequence.
    private static func firstInvalidUTF8Offset(_ data: Data) -> Int {
        var iterator = data.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while case .scalarValue(let scalar) = decoder.decode(&iterator) {
            offset += UTF8.width(scalar)
        }
        return offset
    }
}
