import Foundation
import HIGText

/// One numbered file of Migrations/, compiled into the binary.
struct Migration: Sendable {
    let version: Int
    let name: String
    let sql: String
    /// SHA-256 of the file's text: an applied migration whose file has since changed is refused.
    /// Computed at build time (EmbedResourcesTool): hashing here started OpenSSL's providers in
    /// every process that opens a database, about a tenth of `hig editions`.
    let checksum: String

    /// A migration; its checksum is the text's SHA-256 unless given (the embedded ones give theirs).
    init(version: Int, name: String, sql: String, checksum: String? = nil) {
        self.version = version
        self.name = name
        self.sql = sql
        self.checksum = checksum ?? SHA256.hex(of: Data(sql.utf8))
    }

    /// The migrations this binary knows, oldest first. File names are `NNNN_name.sql`.
    static let all: [Migration] = EmbeddedResources.migrations.compactMap { file in
        // Not Foundation's `replacingOccurrences`: every query's start reads this list, and
        // the bridged call was the costliest part of it.
        let stem = file.name.hasSuffix(".sql") ? String(file.name.dropLast(4)) : file.name
        let parts = stem.split(separator: "_", maxSplits: 1)
        guard let number = parts.first.flatMap({ Int($0) }) else { return nil }
        return Migration(version: number, name: stem, sql: file.sql, checksum: file.sha256)
    }.sorted { $0.version < $1.version }
}
