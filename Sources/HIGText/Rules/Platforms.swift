/// Apple platform names as the guidelines write them.
enum Platforms {
    static let known = ["iPhone OS", "iOS", "iPadOS", "macOS", "tvOS", "visionOS", "watchOS", "Mac OS X", "OS X"]
    /// The first bytes of the `known` names.
    static let initials = Set(known.map { $0.utf8.first! })

    /// The platforms of a heading like "iOS, iPadOS", or nil when the heading names something else.
    static func heading(_ text: String) -> [String]? {
        // Every known name opens with one of these letters, after any white space (which may be
        // beyond ASCII): most headings name something else.
        guard let first = text.utf8.first(where: { $0 != 32 && $0 != 9 }), first >= 0x80 || Self.initials.contains(first)
        else { return nil }
        let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard !parts.isEmpty, parts.allSatisfy({ known.contains($0) }) else { return nil }
        return parts
    }

    /// The platforms, among `table`'s, that a table row names in its words ("macOS automatically
    /// displays your app icon") or its label, in `table`'s order; nil when it names none of them.
    /// A row whose words name none keeps the table's platforms: where the copy lost what the
    /// source said, the manifest puts it back (`restored_platforms`).
    static func named(inRow text: String, label: String?, among table: [String]) -> [String]? {
        var found = mentioned(in: text)
        if let label { found.formUnion(mentioned(in: label)) }
        let narrowed = table.filter(found.contains)
        return narrowed.isEmpty ? nil : narrowed
    }

    /// The known platform names `text` holds as whole words, written as the guidelines write
    /// them ("macOS", not the "macos" of a link target).
    static func mentioned(in text: String) -> Set<String> {
        var found = Set<String>()
        for name in known {
            var searchStart = text.startIndex
            while let range = text.range(of: name, range: searchStart..<text.endIndex) {
                let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
                let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
                if !(before?.isLetter ?? false) && !(before?.isNumber ?? false) && !(after?.isLetter ?? false)
                    && !(after?.isNumber ?? false)
                {
                    found.insert(name)
                    break
                }
                searchStart = range.upperBound
            }
        }
        return found
    }

    /// Splits a flattened table row that ends with a platform list ("Exit to the Home Screen
    /// iOS, iPadOS") into its words and its platforms.
    static func trailingList(_ text: String) -> (rest: String, platforms: [String])? {
        var words = text.split(separator: " ").map(String.init)
        var found: [String] = []
        while let last = words.last {
            let bare = last.hasSuffix(",") ? String(last.dropLast()) : last
            if known.contains(bare) {
                found.append(bare)
                words.removeLast()
            } else if words.count >= 2, known.contains(words[words.count - 2] + " " + bare) {
                found.append(words[words.count - 2] + " " + bare)
                words.removeLast(2)
            } else {
                break
            }
        }
        guard !found.isEmpty, !words.isEmpty else { return nil }
        // Collected from the end; appending and reversing once keeps a long list linear.
        return (words.joined(separator: " "), found.reversed())
    }
}

import Foundation
