/// Apple platform names as the guidelines write them.
enum Platforms {
    static let known = ["iPhone OS", "iOS", "iPadOS", "macOS", "tvOS", "visionOS", "watchOS", "Mac OS X", "OS X"]

    /// The platforms of a heading like "iOS, iPadOS", or nil when the heading names something else.
    static func heading(_ text: String) -> [String]? {
        let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard !parts.isEmpty, parts.allSatisfy({ known.contains($0) }) else { return nil }
        return parts
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
