import Foundation

/// What to generate.
public struct GeneratorOptions: Sendable, Codable, Equatable {
    /// Rules of the first edition (bullets count); later editions drift by the mix's additions and removals.
    public var rules: Int
    public var editions: Int
    public var seed: UInt64
    /// About this many rules per chunk file (PDF) or page (web).
    public var rulesPerFile: Int
    public var mix: ChangeMix

    public init(rules: Int, editions: Int = 4, seed: UInt64 = 1, rulesPerFile: Int = 400, mix: ChangeMix = ChangeMix()) {
        self.rules = rules
        self.editions = editions
        self.seed = seed
        self.rulesPerFile = rulesPerFile
        self.mix = mix
    }

    enum CodingKeys: String, CodingKey {
        case rules, editions, seed, mix
        case rulesPerFile = "rules_per_file"
    }
}

/// A generated editions folder: `editions.json`, the sources (one folder per edition),
/// `truth.jsonl` and `generated.json` (the options and counts).
public struct GeneratedCorpus: Sendable, Codable {
    public struct Edition: Sendable, Codable {
        public let id: String
        public let form: String
        public let rules: Int
        public let files: Int
        public let glued: Int
        public let bytes: Int
    }

    public struct Transition: Sendable, Codable {
        public let from: String
        public let to: String
        /// Truth lines per class, in `TruthChange` order.
        public let links: [String: Int]
    }

    public let generator: Int
    public let options: GeneratorOptions
    public let editions: [Edition]
    public let transitions: [Transition]

    public var totalRules: Int { editions.reduce(0) { $0 + $1.rules } }

    public static let fileName = "generated.json"
    static let version = 1

    public static func read(folder: URL) throws -> GeneratedCorpus {
        try JSONDecoder().decode(GeneratedCorpus.self, from: Data(contentsOf: folder.appending(path: fileName)))
    }
}

/// A rule as the generator wrote it: where it starts and the clean text `hig` should derive.
public struct ExpectedRule: Sendable {
    public let position: RulePosition
    public let text: String
}

/// Writes N-rule editions, each derived from the one before by known changes, with the truth.
public enum CorpusGenerator {
    public static func editionID(_ index: Int) -> String { "g\(index)" }

    /// Generates into `folder` (created; files already there are overwritten). With
    /// `expectations`, also returns every rule's position and clean text, for the check.
    @discardableResult
    public static func generate(
        _ options: GeneratorOptions, into folder: URL,
        expectations: Bool = false
    ) throws -> (GeneratedCorpus, [ExpectedRule]) {
        precondition(options.rules >= 1 && options.editions >= 1, "at least one rule and one edition")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let glue = Glue()
        var composer = Composer(rng: SplitMix64(seed: options.seed, stream: "compose"))
        var model = composer.firstEdition(rules: options.rules)

        let truthURL = folder.appending(path: TruthLink.fileName)
        guard FileManager.default.createFile(atPath: truthURL.path(percentEncoded: false), contents: nil) else {
            throw BenchError("cannot create \(truthURL.path(percentEncoded: false))")
        }
        let truth = try FileHandle(forWritingTo: truthURL)
        defer { try? truth.close() }

        var editions: [GeneratedCorpus.Edition] = []
        var transitions: [GeneratedCorpus.Transition] = []
        var manifestFiles: [Manifest.File] = []
        var expected: [ExpectedRule] = []
        var previous: (id: String, rendered: RenderedEdition)?

        for index in 1...options.editions {
            let id = editionID(index)
            var links: [Link] = []
            if index > 1 {
                var evolver = Evolver(composer: composer, mix: options.mix)
                evolver.composer.rng = SplitMix64(seed: options.seed, stream: "evolve \(index)")
                (model, links) = evolver.derive(model)
                composer = evolver.composer
            }
            let form: SourceForm = index == options.editions && options.editions > 1 ? .webText : .pdfMarkdown
            let document =
                form == .pdfMarkdown
                ? "Generated Human Interface Guidelines \(id).pdf"
                : "Generated Human Interface Guidelines (web) \(id)"
            var renderer = Renderer(
                form: form, editionID: id, document: document, rulesPerFile: options.rulesPerFile,
                rng: SplitMix64(seed: options.seed, stream: "render \(index)"), glue: glue)
            let rendered = try renderer.write(model, into: folder)
            for file in rendered.files {
                manifestFiles.append(
                    .init(
                        path: file.path, edition: id, document: document, chunk: file.chunk,
                        form: form.rawValue, coverage: "complete"))
            }
            editions.append(
                .init(
                    id: id, form: form.rawValue, rules: model.ruleCount, files: rendered.files.count,
                    glued: rendered.glued, bytes: rendered.bytes))
            if expectations {
                for rule in model.allRules {
                    expected.append(ExpectedRule(position: position(rule.uid, id, rendered), text: rule.cleanText))
                }
            }
            if let previous {
                let resolved = links.map { link in
                    TruthLink(
                        from: link.from.map { position($0, previous.id, previous.rendered) },
                        to: link.to.map { position($0, id, rendered) }, change: link.change)
                }
                // Reading order of the older edition; added rules last, in the newer edition's order.
                let ordered = resolved.sorted { a, b in
                    if (a.from == nil) != (b.from == nil) { return a.from != nil }
                    let (x, y) = (a.from ?? a.to!, b.from ?? b.to!)
                    if x != y { return x < y }
                    return (a.to?.file ?? "", a.to?.line ?? 0) < (b.to?.file ?? "", b.to?.line ?? 0)
                }
                var text = ""
                for link in ordered { text += link.jsonLine + "\n" }
                try truth.write(contentsOf: Data(text.utf8))
                var counts: [String: Int] = [:]
                for link in links { counts[link.change.rawValue, default: 0] += 1 }
                transitions.append(.init(from: previous.id, to: id, links: counts))
            }
            previous = (id, rendered)
        }

        let manifest = Manifest(
            editions: (1...options.editions).map { index in
                let web = index == options.editions && options.editions > 1
                return Manifest.Edition(
                    id: editionID(index), name: "Generated guidelines, edition \(index) of \(options.editions)\(web ? " (web)" : "")",
                    order: index, date: web ? nil : "\(2007 + index)", platformScope: web ? "Apple platforms" : "iOS",
                    platforms: web ? ["iOS", "iPadOS", "macOS"] : ["iOS"],
                    note: "Generated by hig-bench (seed \(options.seed), \(options.rules) rules in the first edition).")
            }, files: manifestFiles)
        try write(manifest, to: folder.appending(path: "editions.json"))
        let corpus = GeneratedCorpus(
            generator: GeneratedCorpus.version, options: options, editions: editions,
            transitions: transitions)
        try write(corpus, to: folder.appending(path: GeneratedCorpus.fileName))
        return (corpus, expected)
    }

    private static func position(_ uid: Int, _ edition: String, _ rendered: RenderedEdition) -> RulePosition {
        guard let at = rendered.positions[uid] else { preconditionFailure("rule \(uid) of \(edition) was not written") }
        return RulePosition(edition: edition, file: rendered.files[at.file].path, line: at.line)
    }

    private static func write<T: Encodable>(_ value: T, to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try (encoder.encode(value) + Data("\n".utf8)).write(to: url)
    }
}

/// `editions.json` in the format `hig` reads (README, `EditionManifest`).
struct Manifest: Encodable {
    struct Edition: Encodable {
        let id: String
        let name: String
        let order: Int
        let date: String?
        let platformScope: String
        let platforms: [String]
        let note: String

        enum CodingKeys: String, CodingKey {
            case id, name, order, date, platforms, note
            case platformScope = "platform_scope"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
            try container.encode(order, forKey: .order)
            try container.encode(date, forKey: .date)  // null when undated, as the seeds write it
            try container.encode(platformScope, forKey: .platformScope)
            try container.encode(platforms, forKey: .platforms)
            try container.encode(note, forKey: .note)
        }
    }

    struct File: Encodable {
        let path: String
        let edition: String
        let document: String
        let chunk: Int?
        let form: String
        let coverage: String

        enum CodingKeys: String, CodingKey { case path, edition, document, chunk, form, coverage }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(path, forKey: .path)
            try container.encode(edition, forKey: .edition)
            try container.encode(document, forKey: .document)
            try container.encode(chunk, forKey: .chunk)
            try container.encode(form, forKey: .form)
            try container.encode(coverage, forKey: .coverage)
        }
    }

    let format = 1
    let editions: [Edition]
    let files: [File]
}
