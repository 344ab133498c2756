import Foundation
import HIGStore
import HIGRendering

/// Where output goes: results on stdout, notes and errors on stderr.
enum Console {
    static func print(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func note(_ text: String) {
        FileHandle.standardError.write(Data("hig: \(text)\n".utf8))
    }

    static func fail(_ text: String) -> Never {
        FileHandle.standardError.write(Data("hig: error: \(text)\n".utf8))
        exit(1)
    }

    /// True when stdout is a terminal that takes colour (not piped, NO_COLOR unset, TERM not dumb).
    static var colorful: Bool {
        let environment = ProcessInfo.processInfo.environment
        return isatty(STDOUT_FILENO) == 1 && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }

    /// The library's text renderer, for this terminal (or pipe).
    static var renderer: TextRenderer { TextRenderer(colored: colorful, width: width) }

    /// An answer on stdout, its notes on stderr.
    static func show(_ rendered: RenderedText) {
        print(rendered.output)
        for line in rendered.notes { note(line) }
    }

    /// A path relative to the current folder when it lies inside it.
    static func shortPath(_ url: URL) -> String {
        let full = url.standardizedFileURL.path(percentEncoded: false)
        let here = FileManager.default.currentDirectoryPath + "/"
        return full.hasPrefix(here) ? String(full.dropFirst(here.count)) : full
    }

    /// The terminal's width, or nil when stdout is not a terminal (then nothing is cut).
    static var width: Int? {
        guard isatty(STDOUT_FILENO) == 1 else { return nil }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 20 { return Int(size.ws_col) }
        return 100
    }
}
