// swift-tools-version: 6.0
import PackageDescription

// The benchmarks: the kit against the article's store design (rebuilt on OpenCombine, which
// nothing else needs), and the Persons app's sync, reads, first bytes and live updates.
// Run each with `swift run -c release NAME` from this folder; BENCHMARKS.md has the figures.
let persons = "Persons"
let hummingbird = Target.Dependency.product(name: "Hummingbird", package: "hummingbird")
let argumentParser = Target.Dependency.product(name: "ArgumentParser", package: "swift-argument-parser")

let package = Package(
    name: "PureBenchmarks",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [
        // Named, because a path dependency is otherwise known by its folder's name.
        .package(name: "Pure", path: ".."),
        .package(name: "Persons", path: "../Examples/Persons"),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .executableTarget(
            name: "StoreBenchmark",
            dependencies: [
                .product(name: "Pure", package: "Pure"), "MallocCounter", argumentParser,
                .product(name: "OpenCombine", package: "OpenCombine"),
            ]),
        .target(name: "MallocCounter"),
        .target(name: "BenchmarkSupport"),
        .executableTarget(
            name: "PersonsBenchmark",
            dependencies: [
                "BenchmarkSupport", argumentParser,
                .product(name: "Persons", package: persons),
                .product(name: "PersonsGear", package: persons),
                .product(name: "PersonsWorker", package: persons),
                .product(name: "PersonsVessel", package: persons),
                .product(name: "RandomUserFixtures", package: persons),
                .product(name: "CardDAVFixtures", package: persons),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]),
        .executableTarget(
            name: "WebBenchmark",
            dependencies: [
                "BenchmarkSupport", "MallocCounter", argumentParser,
                .product(name: "Persons", package: persons),
                .product(name: "PersonsWorker", package: persons),
                .product(name: "PersonsVessel", package: persons),
                .product(name: "PersonsWeb", package: persons),
                .product(name: "RandomUserFixtures", package: persons),
                hummingbird,
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
