// swift-tools-version: 6.0
import PackageDescription

// Synchronization (Atomic) and the Swift 6 async-sequence isolation need macOS 15 / iOS 18 and
// their siblings; Observation, used by the binding helper, needs one release less. See the
// README, "Platforms".
let platforms: [SupportedPlatform] = [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)]

let grdb = Target.Dependency.product(name: "GRDB", package: "GRDB.swift")
let hummingbird = Target.Dependency.product(name: "Hummingbird", package: "hummingbird")
let logging = Target.Dependency.product(name: "Logging", package: "swift-log")
let argumentParser = Target.Dependency.product(name: "ArgumentParser", package: "swift-argument-parser")
let serviceLifecycle = Target.Dependency.product(name: "ServiceLifecycle", package: "swift-service-lifecycle")

// The kit alone (`PURE_KIT_ONLY=1`): no dependency at all, so its ThreadSanitizer run does not
// have to build the app's dependencies under the sanitizer.
let kitOnly = Context.environment["PURE_KIT_ONLY"] != nil

let kitTargets: [Target] = [
    .target(name: "Pure"),
    .target(name: "PureTesting", dependencies: ["Pure"]),
    .testTarget(name: "PureTests", dependencies: ["Pure", "PureTesting"]),
    .testTarget(name: "PureTestingTests", dependencies: ["Pure", "PureTesting"]),
]

let appDependencies: [Package.Dependency] = [
    .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
    .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
    .package(url: "https://github.com/hummingbird-project/swift-mustache", exact: "2.1.1"),
    .package(url: "https://github.com/apple/swift-http-types", exact: "1.8.0"),
    .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
    // Benchmarks only: the article's store design is re-implemented on OpenCombine as a baseline.
    .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
]

let appTargets: [Target] = [
    // MARK: - The Persons app
    // The contract: model, app state, Serving, use case signatures, Working protocols.
    .target(name: "Persons", dependencies: ["Pure"]),
    // Gears: system-independent access to drivers (HTTP, the directory's API, SQLite files).
    .target(
        name: "PersonsGear", dependencies: [grdb, logging], resources: [.copy("Resources/randomuser-sample.json")]),
    // Workers: the Working protocols on top of the gears.
    .target(name: "PersonsWorker", dependencies: ["Persons", "PersonsGear", grdb, logging]),
    // The Vessel: factory and container, one file per use case.
    .target(name: "PersonsVessel", dependencies: ["Persons", "PersonsWorker", "Pure", logging]),
    // Shows: stateless HTML components, plain values rendered by mustache templates.
    .target(name: "PersonsShow", dependencies: [.product(name: "Mustache", package: "swift-mustache"), logging]),
    // Screens: web pages over Serving (never the Vessel or a worker), live over SSE, and the server.
    .target(
        name: "PersonsWeb",
        dependencies: [
            "Persons", "PersonsShow", "Pure", hummingbird, serviceLifecycle, logging,
            .product(name: "HTTPTypes", package: "swift-http-types"),
        ],
        resources: [.copy("Resources/public")]),
    // The `pure` command: parses arguments, builds the Vessel, serves or runs a command.
    .executableTarget(
        name: "PureCommand",
        dependencies: ["Persons", "PersonsVessel", "PersonsWeb", argumentParser, serviceLifecycle, logging]),

    // MARK: - Test support (never shipped)
    // A randomuser-format data generator and a test server with faults on demand.
    .target(name: "RandomUserFixtures", dependencies: [hummingbird, serviceLifecycle, logging]),
    // The test server as a process, for the browser tests.
    .executableTarget(
        name: "randomuser-fixture", dependencies: ["RandomUserFixtures"], path: "Tests/FixtureServer"),
    // Raft and recording workers for use case and screen tests.
    .target(name: "PersonsTestSupport", dependencies: ["Persons", "Pure"], path: "Tests/Support"),

    // MARK: - Tests
    .testTarget(name: "PersonsTests", dependencies: ["Persons"]),
    .testTarget(
        name: "PersonsGearTests", dependencies: ["PersonsGear", "RandomUserFixtures", hummingbird]),
    .testTarget(
        name: "PersonsWorkerTests",
        dependencies: ["PersonsWorker", "Persons", "PersonsGear", "RandomUserFixtures", grdb]),
    .testTarget(
        name: "PersonsVesselTests",
        dependencies: ["PersonsVessel", "Persons", "PersonsTestSupport", "Pure", "PureTesting"]),
    .testTarget(
        name: "PureCommandTests", dependencies: ["PureCommand", "RandomUserFixtures", "Persons"]),
    .testTarget(name: "PersonsShowTests", dependencies: ["PersonsShow"]),
    .testTarget(
        name: "PersonsWebTests",
        dependencies: [
            "PersonsWeb", "Persons", "PersonsTestSupport", "Pure", hummingbird,
            .product(name: "HummingbirdTesting", package: "hummingbird"),
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
        ]),

    // MARK: - Benchmarks
    .executableTarget(
        name: "StoreBenchmark",
        dependencies: ["Pure", "MallocCounter", .product(name: "OpenCombine", package: "OpenCombine")],
        path: "Benchmarks/StoreBenchmark"
    ),
    .target(name: "MallocCounter", path: "Benchmarks/MallocCounter"),
    .target(name: "BenchmarkSupport", dependencies: ["Persons", "RandomUserFixtures"], path: "Benchmarks/Support"),
    .executableTarget(
        name: "PersonsBenchmark",
        dependencies: [
            "BenchmarkSupport", "PersonsVessel", "PersonsWorker", "PersonsGear", "Persons", "RandomUserFixtures",
            grdb,
        ],
        path: "Benchmarks/PersonsBenchmark"
    ),
    .executableTarget(
        name: "WebBenchmark",
        dependencies: [
            "BenchmarkSupport", "MallocCounter", "PersonsVessel", "PersonsWeb", "PersonsWorker", "Persons",
            "RandomUserFixtures", hummingbird, serviceLifecycle,
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
        ],
        path: "Benchmarks/WebBenchmark"
    ),
]

let package = Package(
    name: "Pure",
    platforms: platforms,
    products: [
        .library(name: "Pure", targets: ["Pure"]),
        .library(name: "PureTesting", targets: ["PureTesting"]),
    ] + (kitOnly ? [] : [.executable(name: "pure", targets: ["PureCommand"])]),
    dependencies: kitOnly ? [] : appDependencies,
    targets: kitOnly ? kitTargets : kitTargets + appTargets,
    swiftLanguageModes: [.v6]
)
