import HIGText

/// Why an import removes an edition, in the words of the sources it reads: an edition leaves
/// the database because a source read again no longer has it, because another editions folder
/// was read instead, or because the user dropped the archive; never for a source left unread.
enum RemovalReasons {
    /// `fromArchive`: the edition's files were read from the archive. `previous`: what the
    /// database recorded before this import (nil: nothing, an older hig's database).
    static func reason(
        for edition: String, fromArchive: Bool, previous: ImportSources?, current: ImportSources, manifest: EditionManifest
    ) -> ImportReport.RemovalReason {
        if let dropped = previous?.captures.first(where: { $0.id == edition }), !current.captures.contains(where: { $0.id == edition }) {
            return .captureDropped(folder: dropped.absolutePath)
        }
        if fromArchive {
            guard let archive = current.archive else { return .archiveDropped(previous?.archive) }
            let document = ArchiveCatalogue.bundled.documents.first { $0.id == edition }
            if let bundled = document?.bundledAs?.edition, manifest.editions.contains(where: { $0.id == bundled }) {
                return .nowInEditionsFolder(edition: bundled)
            }
            return .leftArchiveCatalogue(archive)
        }
        if let before = previous?.editions, before.isSame(as: current.editions) { return .leftManifest(current.editions) }
        return .notInManifest(of: current.editions, replacing: previous?.editions)
    }
}
