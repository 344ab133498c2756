// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "hig",
    products: [
        .executable(name: "hig", targets: ["HIGQuery"]),
        // The library, every layer (ARCHITECTURE.md): what the benchmarks and other clients import.
        .library(
            name: "HIGStore",
            targets: ["HIGText", "HIGDatabase", "HIGLineage", "HIGStore", "HIGRendering", "HIGAssistants"]
        ),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Tests only: a real RFC 4180 reader for the CSV round trip (one small target, no dependencies).
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        // Tests only: property-based checks that each byte-level fast path answers as its definition.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // SHA-256 of the source files comes from the system's libcrypto rather than a
        // hand-written digest or swift-crypto, whose BoringSSL build costs a minute per CI run.
        .systemLibrary(
            name: "CLibCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        // glibc's mallopt, for the import's one malloc arena (the Swift overlay of glibc lacks <malloc.h>).
        .systemLibrary(name: "CMalloc"),
        // Turns Migrations/*.sql and Data/ (lexicon, taxonomy, vocabulary) into Swift source at build time, so a
        // `hig` binary copied anywhere still carries its schema and word list.
        // It also writes each migration's SHA-256, so that opening a database (which checks every
        // applied migration against its file) does not start OpenSSL in every `hig` process.
        .executableTarget(name: "EmbedResourcesTool", dependencies: ["CLibCrypto"]),
        .plugin(
            name: "EmbedResources",
            capability: .buildTool(),
            dependencies: ["EmbedResourcesTool"]
        ),
        // The layers, along the data (ARCHITECTURE.md draws this graph; `.ci/check-layers.py`
        // holds the two equal). Each target sees only the ones below it, so a call against the
        // flow does not compile. What a layer above needs of one below is `package`, not `public`.
        // Sources, cleaned text and rules, and the text every layer writes; the embedded data.
        .target(
            name: "HIGText",
            dependencies: ["CLibCrypto"],
            exclude: ["Bytes/README.md"],
            plugins: ["EmbedResources"]
        ),
        // One owner type per SQLite handle, bound parameters only.
        .target(name: "HIGDatabase", dependencies: ["CSQLite"]),
        // The corpus an import reads, the topics, and lineage: links between editions' rules.
        .target(name: "HIGLineage", dependencies: ["HIGText", "HIGDatabase"]),
        // Storage and answers: the schema, the writer (import, link decisions), the read-only
        // store and every question asked of it.
        .target(name: "HIGStore", dependencies: ["HIGLineage", "HIGText", "HIGDatabase", "CSQLite"]),
        // What the command line prints and the files exports write.
        .target(name: "HIGRendering", dependencies: ["HIGStore", "HIGLineage", "HIGText"]),
        // The tools and resources of `hig mcp`, answered from the store.
        .target(name: "HIGAssistants", dependencies: ["HIGRendering", "HIGStore", "HIGLineage", "HIGText"]),
        // The protocol of `hig mcp`: MCP over stdio, in hig's own small JSON-RPC server (no MCP
        // SDK: its HTTP code loaded libcurl into every `hig` process), calls passed to `AssistantSession`.
        .target(name: "HIGServer", dependencies: ["HIGAssistants", "HIGStore", "HIGText", "HIGDatabase"]),
        .executableTarget(
            name: "HIGQuery",
            dependencies: [
                "HIGServer", "HIGAssistants", "HIGRendering", "HIGStore", "HIGLineage", "HIGText", "HIGDatabase", "CMalloc",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What many suites share, made once per test process: the seeds' and the bundle's
        // databases, the bundle's corpus, the built `hig` run as a user runs it, temporary
        // folders. Public API of the library only, so that it builds in any configuration.
        .target(
            name: "HIGTestSupport",
            dependencies: ["HIGStore", "HIGLineage", "HIGText"],
            path: "Tests/HIGTestSupport"
        ),
        .testTarget(
            name: "HIGStoreTests",
            dependencies: [
                "HIGText", "HIGDatabase", "HIGLineage", "HIGStore", "HIGRendering", "HIGAssistants", "HIGTestSupport",
                "CSQLite", .product(name: "CSV", package: "CSV.swift"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
