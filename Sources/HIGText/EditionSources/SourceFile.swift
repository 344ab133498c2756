import Foundation

/// One edition file as read from disk: its text, split into lines, and its digest.
public struct SourceFile: Sendable {
    /// Relative to the repository root when the folder lies inside one, else to the editions folder's parent.
    public let path: String
    public let entry: EditionManifest.File
    public let text: String
    /// The file's lines without their line ends; `lines[0]` is line 1. Ranges of `text`, so
    /// the file is held once.
    public let lines: SourceLines
    public let sha256: String

    /// The largest edition file hig reads: many times the largest the guidelines have (a whole
    /// edition as one web page is a few megabytes), and small enough that cleaning and splitting
    /// it stays a matter of seconds. A larger file is refused before it is read.
    public static let maximumSize = 16 * 1_048_576

    /// Reads `entry` from `folder`, refusing paths that leave the folder, files that are not
    /// regular files or are too large, non-UTF-8 and empty files.
    /// `displayPrefix` goes before the path shown (an archive document's `human-interface-markdown/`).
    public static func read(
        _ entry: EditionManifest.File, folder: URL, displayRoot: URL, displayPrefix: String = ""
    ) throws -> SourceFile {
        let url = try resolve(entry.path, in: folder)
        let path = url.path(percentEncoded: false)
        guard FileManager.default.fileExists(atPath: path) else { throw HIGError.sourceMissing(path: path) }
        let data = try readBounded(path)
        guard !data.isEmpty else { throw HIGError.sourceEmpty(path: path) }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw HIGError.sourceNotUTF8(path: path, byteOffset: firstInvalidUTF8Offset(data))
        }
        guard text.contains(where: { !$0.isWhitespace }) else { throw HIGError.sourceEmpty(path: path) }
        let lines = SourceLines(text)
        return SourceFile(
            path: displayPrefix + relativePath(of: url, to: displayRoot),
            entry: entry,
            text: lines.text,
            lines: lines,
            sha256: SHA256.hex(of: data))
    }

    /// The bytes of a regular file of at most `maximumSize` bytes. A pipe or device would block
    /// or never end, so it is refused before it is opened; the size is checked again while
    /// reading, in case the file grows meanwhile.
    static func readBounded(_ path: String) throws -> Data {
        let attributes: [FileAttributeKey: Any]
        do { attributes = try FileManager.default.attributesOfItem(atPath: path) } catch {
            throw HIGError.sourceUnreadable(path: path, reason: (error as NSError).localizedDescription)
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else { throw HIGError.sourceNotRegularFile(path: path) }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= maximumSize else { throw HIGError.sourceTooLarge(path: path, bytes: size, limit: maximumSize) }
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            let data = try handle.read(upToCount: maximumSize + 1) ?? Data()
            guard data.count <= maximumSize else {
                throw HIGError.sourceTooLarge(path: path, bytes: data.count, limit: maximumSize)
            }
            return data
        } catch let error as HIGError {
            throw error
        } catch {
            throw HIGError.sourceUnreadable(path: path, reason: (error as NSError).localizedDescription)
        }
    }

    /// Lines split on LF, CRLF or CR, without the terminators.
    static func splitLines(_ text: String) -> [String] {
        var text = text
        return text.withUTF8 { bytes in
            lineRanges(bytes).map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
        }
    }

    /// The byte ranges of the lines of `bytes`, split on LF, CRLF or CR, without the terminators.
    /// Both terminators are ASCII, which never occurs inside a multi-byte UTF-8 sequence.
    static func lineRanges(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 10 || byte == 13 {
                ranges.append(start..<index)
                index += byte == 13 && index + 1 < bytes.count && bytes[index + 1] == 10 ? 2 : 1
                start = index
            } else {
                index += 1
            }
        }
        if start < bytes.count { ranges.append(start..<bytes.count) }
        return ranges
    }

    /// The real location of `relative` inside `folder`; throws if it (or a link on its way) leaves the folder.
    package static func resolve(_ relative: String, in folder: URL) throws -> URL {
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
