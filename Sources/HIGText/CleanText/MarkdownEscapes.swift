/// Markdown's backslash escapes in PDF-derived Markdown: `\(`, `\)`, `\_`, `\*`, `\[`, `\$` and
/// every other ASCII punctuation character after a backslash is that character, as CommonMark
/// reads it (the converters escape the parentheses of "\(page 120\)" and the underscores of
/// "kAudioSessionProperty\_OtherAudioIsPlaying"). The escaped character is a character of the
/// words: no markup pass may read it as markup (`\]` closes no link, `\*` opens no emphasis and
/// is no bullet), so `protect` stands each one in for a placeholder that no pass reads, and
/// `restore` puts the character back once the markup is gone. The source is never edited: only
/// the clean text loses the backslash.
///
/// The placeholders are the 32 noncharacters U+FDD0 to U+FDEF, one for each of the 32 ASCII
/// punctuation characters: a noncharacter is never text, so no source word holds one. A line
/// that does hold one (a damaged or hostile file) is not protected: its escapes are only read
/// once its markup is gone (`unescaped`), so that no character of it is ever changed.
enum MarkdownEscapes {
    /// ASCII punctuation, in code point order: what a backslash escapes.
    static let punctuation: [Unicode.Scalar] = Array(##"!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~"##.unicodeScalars)
    static let firstPlaceholder: UInt32 = 0xFDD0

    static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool { punctuation.contains(scalar) }

    static func isPlaceholder(_ scalar: Unicode.Scalar) -> Bool {
        (firstPlaceholder..<firstPlaceholder + UInt32(punctuation.count)).contains(scalar.value)
    }

    /// `s` with each escape (`\` then ASCII punctuation) made its placeholder, or nil when `s`
    /// holds no escape or already holds a placeholder.
    static func protect(_ s: String) -> String? {
        guard s.unicodeScalars.contains("\\"), !s.unicodeScalars.contains(where: isPlaceholder) else { return nil }
        var out = String.UnicodeScalarView()
        var changed = false
        var scalars = s.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            if scalar == "\\", let next = pending, let index = punctuation.firstIndex(of: next) {
                out.append(Unicode.Scalar(firstPlaceholder + UInt32(index))!)
                pending = scalars.next()
                changed = true
            } else {
                out.append(scalar)
            }
        }
        return changed ? String(out) : nil
    }

    /// `s` with each placeholder made the character it stands for again.
    static func restore(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: isPlaceholder) else { return s }
        var out = String.UnicodeScalarView()
        for scalar in s.unicodeScalars {
            out.append(isPlaceholder(scalar) ? punctuation[Int(scalar.value - firstPlaceholder)] : scalar)
        }
        return String(out)
    }

    /// `s` with each escape read as its character: for a line `protect` could not protect.
    static func unescaped(_ s: String) -> String {
        guard s.unicodeScalars.contains("\\") else { return s }
        var out = String.UnicodeScalarView()
        var scalars = s.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            if scalar == "\\", let next = pending, isPunctuation(next) {
                out.append(next)
                pending = scalars.next()
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}

extension MarkdownEscapes {
    /// A repair made while the escapes stood in for their placeholders, as the clean text reads.
    static func restore(_ repair: Repair) -> Repair {
        Repair(line: repair.line, kind: repair.kind, original: restore(repair.original), replacement: restore(repair.replacement))
    }
}
