import Foundation

/// A copy of the web HIG a user imports beside the bundle (`hig import --capture DIR --date D`):
/// a folder of Markdown pages, in any of the converters' forms the web Markdown reader knows,
/// read as one more edition of the web line after the newest capture.
///
/// A web capture is data like the bundled ones: nothing about it is compiled in, so the date,
/// which no page says reliably, is the user's to give.
public struct WebCapture: Sendable, Equatable {
    /// The edition id (`web-<date>` unless the user names one).
    public let id: String
    /// `YYYY-MM-DD`: the day the pages were copied from Apple's site.
    public let date: String
    public let folder: URL
    /// The edition it follows; nil for a capture being imported for the first time, which
    /// follows the newest web capture then present (`addingCapture`).
    public let predecessor: String?

    public init(id: String, date: String, folder: URL, predecessor: String?) {
        self.id = id
        self.date = date
        self.folder = folder
        self.predecessor = predecessor
    }

    /// The folder as the user gave it (relative to where hig runs, if they gave it so), for the
    /// errors that name it.
    public var shownFolder: String { folder.relativePath }

    /// The folder's absolute path, without `.`, `..` or a final "/": how it is recorded and shown
    /// once imported, however it was given.
    public var absolutePath: String {
        let path = folder.standardizedFileURL.path(percentEncoded: false)
        return path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// The line captures belong to.
    public static let line = "web"
    /// The extension of a page: what the three converters write.
    static let pageExtension = "md"

    /// The id a capture dated `date` gets unless the user names one: `web-2026-11-20`.
    public static func defaultID(date: String) -> String { "\(line)-\(date)" }

    /// `date` as the day it names, when it is one: `YYYY-MM-DD` and a day of the calendar
    /// (not 2026-02-30).
    public static func isDay(_ date: String) -> Bool {
        PartialDate(date).map { $0.first == $0.last } ?? false
    }

    /// The latest day it is anywhere on Earth (UTC+14): a capture copied "today" where its user
    /// lives is never dated after it, and a later day is a mistake.
    public static func latestDayOnEarth(now: Date = Date()) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 14 * 3600)!
        let day = calendar.dateComponents([.year, .month, .day], from: now)
        return String(format: "%04d-%02d-%02d", day.year!, day.month!, day.day!)
    }

    /// Whether `date` (a day) comes after `earlier` (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`): after
    /// the whole year or month a shorter date names, so a capture is never placed after one it
    /// may predate.
    static func day(_ date: String, isAfter earlier: String) -> Bool {
        guard let earlier = PartialDate(earlier) else { return false }
        return date > earlier.last
    }
}

extension EditionManifest {
    /// The manifest with the capture `capture` added: one edition of the web line, after the
    /// capture's predecessor (for a first import, the newest complete web capture of the
    /// manifest), with one file per Markdown page of its folder, its subfolders included.
    /// Throws, with what to do, when the folder is missing, not a folder or holds no page, when
    /// the id is taken, when there is no web capture to follow, or when the date is not after it.
    public func addingCapture(_ capture: WebCapture) throws -> EditionManifest {
        let root = capture.folder.standardizedFileURL.resolvingSymlinksInPath()
        let rootPath = root.path(percentEncoded: false)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: rootPath, isDirectory: &isFolder) else {
            throw HIGError.captureMissing(path: capture.shownFolder)
        }
        guard isFolder.boolValue else { throw HIGError.captureNotFolder(path: capture.shownFolder) }
        let taken = Set(editions.map(\.id) + editions.flatMap { $0.formerIDs ?? [] })
        guard capture.id.range(of: Self.editionIDPattern, options: .regularExpression) != nil, capture.id != Self.newestAlias else {
            throw HIGError.captureIDInvalid(id: capture.id)
        }
        guard !taken.contains(capture.id) else { throw HIGError.captureEditionTaken(id: capture.id) }
        let predecessor =
            try capture.predecessor.map { id in
                guard let edition = editions.first(where: { $0.id == id }) else {
                    throw HIGError.capturePredecessorGone(capture: capture.id, predecessor: id)
                }
                return edition
            } ?? newestWebCapture()
        guard let predecessor else { throw HIGError.captureFollowsNothing(line: WebCapture.line) }
        if let earlier = predecessor.date, !WebCapture.day(capture.date, isAfter: earlier) {
            throw HIGError.captureNotAfter(date: capture.date, newest: predecessor.id, newestDate: earlier)
        }
        let pages = try CapturePages.paths(in: root)
        guard !pages.isEmpty else { throw HIGError.captureHoldsNoPages(path: capture.shownFolder) }

        var manifest = self
        manifest.editions.append(
            Edition(
                id: capture.id, name: "Human Interface Guidelines (web, captured \(capture.date))", order: nil, date: capture.date,
                platformScope: predecessor.platformScope, platforms: predecessor.platforms,
                note: "A copy of the web HIG imported with `hig import --capture` from \(rootPath).", formerIDs: nil,
                predecessors: [predecessor.id], line: WebCapture.line, prereleaseOf: nil))
        let document = "Human Interface Guidelines (web), captured \(capture.date)"
        for page in pages {
            manifest.files.append(
                File(
                    path: page, edition: capture.id, document: document, chunk: nil, form: .webMarkdown, coverage: .complete,
                    restoredHeadings: nil, restoredPlatforms: nil, root: root, capture: true))
        }
        manifest.format = 2
        try manifest.placeEditions(path: rootPath)
        return manifest
    }

    /// The newest complete edition of the web line read from a folder of web Markdown pages:
    /// the newest capture, the one a new capture is compared with.
    func newestWebCapture() -> Edition? {
        let captures = editions.filter { edition in
            edition.line == WebCapture.line && edition.date != nil
                && files.contains { $0.edition == edition.id && $0.form == .webMarkdown && $0.coverage == .complete }
        }
        return captures.max { ($0.date!, $0.id) < ($1.date!, $1.id) }
    }
}
