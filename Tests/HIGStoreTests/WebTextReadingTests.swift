import Foundation
import Testing
@testable import HIGStore
@testable import HIGText

@Suite("Reading web text: every line ends in a rule, a heading or a set-aside")
struct WebTextReadingTests {
    static let splitter = SourceSplitter(lexicon: .bundled)

    static func read(_ text: String) -> (lines: [String], reading: SourceReading) {
        let lines = SourceFile.splitLines(text)
        let marked = Self.splitter.markedLines(lines, form: .webText)
        return (lines, WebTextSplitter(platforms: ["iOS", "macOS"], restoredHeadings: []).read(marked))
    }

    @Test("A block of two sentences is two rules: neither line is thrown away as a table header")
    func twoLineBlockKeepsBothLines() throws {
        let (lines, reading) = Self.read(
            """
            Best practices

            Keep alerts short. People read them at a glance.
            Avoid alerts that scroll.
            """)
        #expect(reading.drafts.map(\.text) == ["Keep alerts short. People read them at a glance.", "Avoid alerts that scroll."])
        #expect(reading.drafts.map(\.lineStart) == [3, 4])
        #expect(ReadingPlaces.faults(lines, reading).isEmpty)
    }

    @Test("A heading over its paragraph with no blank line between is a heading and a rule")
    func headingGluedToItsParagraph() throws {
        let (lines, reading) = Self.read(
            """
            Buttons
            Use a Cancel button to dismiss an alert.
            """)
        #expect(reading.headings == [SectionHeading(line: 1, path: ["Buttons"])])
        #expect(reading.drafts.map(\.text) == ["Use a Cancel button to dismiss an alert."])
        #expect(reading.drafts.first?.section == "Buttons")
        #expect(ReadingPlaces.faults(lines, reading).isEmpty)
    }

    @Test("A flattened table's header line is set aside as a table header; headings are kept with their path")
    func tableHeaderAndHeadings() throws {
        let (lines, reading) = Self.read(
            """
            Platform considerations

            iOS, iPadOS

            Action Platform
            Exit to the Home Screen iOS, iPadOS
            Pressing Menu on the remote tvOS
            """)
        #expect(reading.headings.map(\.path) == [["Platform considerations"], ["Platform considerations", "iOS, iPadOS"]])
        #expect(reading.setAsides == [SetAside(lineStart: 5, lineEnd: 5, reason: .tableHeader)])
        #expect(reading.drafts.map(\.text) == ["Exit to the Home Screen (iOS, iPadOS)", "Pressing Menu on the remote (tvOS)"])
        #expect(ReadingPlaces.faults(lines, reading).isEmpty)
    }

    @Test("Every line of the bundled seed page ends in exactly one rule, heading or set-aside")
    func seedPageIsAccountedFor() throws {
        let url = Fixtures.editions.appending(path: "current-alerts.txt")
        let (lines, reading) = Self.read(try String(contentsOf: url, encoding: .utf8))
        #expect(ReadingPlaces.faults(lines, reading).map(\.line) == [])
        // Counted by hand: "Best practices", "Buttons", "Platform considerations" and its
        // platform headings; the two flattened tables' header lines (34, 70).
        #expect(reading.setAsides.map(\.lineStart) == [34, 70])
    }
}
