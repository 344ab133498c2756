// swift-tools-version: 6.1
import PackageDescription

// The benchmark: a separate package, so that the root package's `swift build` and `swift test`
// (what CI runs on every push) never compile it. It uses the root package's library by path.
let package = Package(
    name: "hig-benchmarks",
    products: [
        .executable(name: "hig-bench", targets: ["HIGBench"])
    ],
    dependencies: [
        .package(name: "hig", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(
            name: "BenchKit",
            dependencies: [.product(name: "HIGStore", package: "hig")]
        ),
        .testTarget(
            name: "BenchKitTests",
            dependencies: ["BenchKit", .product(name: "HIGStore", package: "hig")]
        ),
        .executableTarget(
            name: "HIGBench",
            dependencies: [
                "BenchKit",
                .product(name: "HIGStore", package: "hig"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
