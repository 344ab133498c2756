import Foundation
@testable import HIGStore
@testable import HIGText

/// The web HIG of 2026-07-13 of the shared archive (`hig-web-2026-07/`), read by the web Markdown
/// reader from the bundle, which holds it byte for byte (`Data/editions/web-2026-07/`): the
/// suite needs no archive beside the repository.
enum WebMarkdownArchive {
    static let folder = Fixtures.bundle.appending(path: "web-2026-07")
    static let platforms = ["iOS", "iPadOS", "macOS", "tvOS", "visionOS", "watchOS"]

    struct Page {
        let path: String
        let lines: [String]
        let reading: SourceReading
    }

    /// Every `.md` file of the folder, by path.
    static let pages: [Page] = {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        var paths: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "md" {
                paths.append(String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1)))
            }
        }
        return paths.sorted().map(page)
    }()

    static func page(_ path: String) -> Page {
        let text = (try? String(contentsOf: folder.appending(path: path), encoding: .utf8)) ?? ""
        let lines = SourceFile.splitLines(text)
        return Page(path: path, lines: lines, reading: WebMarkdownReader(platforms: platforms).read(lines))
    }
}
