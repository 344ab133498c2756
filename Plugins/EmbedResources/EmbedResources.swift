import Foundation
import PackagePlugin

/// Embeds the package's run-time resources (the numbered migrations, the word lists, the
/// topic taxonomy, the cue vocabulary and the archive's catalogue) in the HIGText module as Swift source,
/// `package`-visible to the layers above it (one copy for the whole package).
///
/// SwiftPM's `Bundle.module` calls `fatalError` on Linux when the resource bundle is not next
/// to the binary, so a `hig` copied elsewhere would crash. Compiling the files in avoids that,
/// and keeps `Migrations/` the only place the schema is written.
@main
struct EmbedResources: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let migrations = try files(in: root.appending(path: "Migrations"), withExtension: "sql")
        let lexicon = try files(in: root.appending(path: "Data/lexicon"), withExtension: "txt")
            .filter { !$0.lastPathComponent.hasPrefix("SCOWL") }
        let taxonomy = try files(in: root.appending(path: "Data/taxonomy"), withExtension: "json")
        let vocabulary = try files(in: root.appending(path: "Data/vocabulary"), withExtension: "json")
        let archive = try files(in: root.appending(path: "Data/archive"), withExtension: "json")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedResources.swift")
        var arguments = [output.path(percentEncoded: false)]
        arguments += migrations.map { "migration=" + $0.path(percentEncoded: false) }
        arguments += lexicon.map { "lexicon=" + $0.path(percentEncoded: false) }
        arguments += taxonomy.map { "taxonomy=" + $0.path(percentEncoded: false) }
        arguments += vocabulary.map { "vocabulary=" + $0.path(percentEncoded: false) }
        arguments += archive.map { "archive=" + $0.path(percentEncoded: false) }
        return [
            .buildCommand(
                displayName:
                    "Embedding \(migrations.count) migrations, \(lexicon.count) word lists, \(taxonomy.count) taxonomies, \(vocabulary.count) vocabularies, \(archive.count) archive catalogues",
                executable: try context.tool(named: "EmbedResourcesTool").url,
                arguments: arguments,
                inputFiles: migrations + lexicon + taxonomy + vocabulary + archive,
                outputFiles: [output]
            )
        ]
    }

    private func files(in folder: URL, withExtension ext: String) throws -> [URL] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path(percentEncoded: false))
        return names.filter { $0.hasSuffix("." + ext) }.sorted().map { folder.appending(path: $0) }
    }
}
