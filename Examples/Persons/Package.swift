// swift-tools-version: 6.1
import PackageDescription

// The Persons app: the article's reference application, built on the kit at the repository root.
// Each line of the architecture is a target, so the compiler keeps the dependency rule:
// screens (PersonsWeb) see the contract (Persons) and the shows, never the Vessel or a worker.
let grdb = Target.Dependency.product(name: "GRDB", package: "GRDB.swift")
let hummingbird = Target.Dependency.product(name: "Hummingbird", package: "hummingbird")
let logging = Target.Dependency.product(name: "Logging", package: "swift-log")
let argumentParser = Target.Dependency.product(name: "ArgumentParser", package: "swift-argument-parser")
let serviceLifecycle = Target.Dependency.product(name: "ServiceLifecycle", package: "swift-service-lifecycle")
let pure = Target.Dependency.product(name: "Pure", package: "Pure")
let pureReplay = Target.Dependency.product(name: "PureReplay", package: "Pure")
let pureTesting = Target.Dependency.product(name: "PureTesting", package: "Pure")
let pureLive = Target.Dependency.product(name: "PureLive", package: "PureLive")
// NIO's lock, not `Synchronization.Mutex`: on Linux `Mutex` is built on futex calls that
// ThreadSanitizer cannot see, so every access under it reads as a race (the kit's `Locked` says
// the same); NIO's is a pthread mutex, which it sees.
let locks = Target.Dependency.product(name: "NIOConcurrencyHelpers", package: "swift-nio")

let package = Package(
    name: "Persons",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .executable(name: "pure", targets: ["PureCommand"]),
        // The modules the benchmarks (Benchmarks/) measure.
        .library(name: "Persons", targets: ["Persons"]),
        .library(name: "PersonsGear", targets: ["PersonsGear"]),
        .library(name: "PersonsWorker", targets: ["PersonsWorker"]),
        .library(name: "PersonsVessel", targets: ["PersonsVessel"]),
        .library(name: "PersonsWeb", targets: ["PersonsWeb"]),
        .library(name: "RandomUserFixtures", targets: ["RandomUserFixtures"]),
        .library(name: "CardDAVFixtures", targets: ["CardDAVFixtures"]),
    ],
    traits: [
        .trait(
            name: "ThreadSanitizer",
            description: "The app's own modules and tests built for ThreadSanitizer (scripts/test runs them so).")
    ],
    dependencies: [
        // The kit, by path: the repository root. Named, because a path dependency is otherwise
        // known by its folder's name, which differs from one checkout to the next.
        .package(name: "Pure", path: "../.."),
        // The live engine, a package of its own beside the kit (../../PureLive).
        .package(name: "PureLive", path: "../../PureLive"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // MARK: - The app
        // The contract: model, app state, Serving, use case signatures, Working protocols.
        .target(name: "Persons", dependencies: [pure]),
        // Gears: system-independent access to drivers (HTTP, the directory's API, SQLite files).
        .target(
            name: "PersonsGear",
            dependencies: [
                grdb, logging, .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            resources: [.copy("Resources/randomuser-sample.json")]),
        // Workers: the Working protocols on top of the gears.
        .target(
            name: "PersonsWorker",
            dependencies: [
                "Persons", "PersonsGear", grdb, logging, locks,
            ]),
        // The Vessel: factory and container, one file per use case.
        .target(
            name: "PersonsVessel", dependencies: ["Persons", "PersonsWorker", pure, serviceLifecycle, logging, locks]),
        // Shows: stateless HTML components, plain values rendered by mustache templates.
        .target(
            name: "PersonsShow",
            dependencies: [.product(name: "Mustache", package: "swift-mustache"), logging],
            resources: [.copy("Resources/public")]),
        // The journal read back for this app: the use cases and scenes it records, the people a
        // recorded range needs, and a range as a test. For the inspector, `pure export-test` and
        // the tests; the contract (Persons) does not carry it.
        // Its use cases are written from `Serving` at each build (JournaledUseCases).
        .target(
            name: "PersonsReplay", dependencies: ["Persons", pure, pureReplay],
            plugins: [.plugin(name: "JournaledUseCases")]),
        .plugin(
            name: "JournaledUseCases", capability: .buildTool(), dependencies: ["JournaledUseCasesWriter"],
            path: "Plugins/JournaledUseCases"),
        .executableTarget(name: "JournaledUseCasesWriter", path: "Plugins/JournaledUseCasesWriter"),
        // Screens: web pages over Serving (never the Vessel or a worker), live through PureLive,
        // and the server.
        .target(
            name: "PersonsWeb",
            dependencies: [
                "Persons", "PersonsReplay", "PersonsShow", pureLive, pure, pureReplay, hummingbird, serviceLifecycle,
                logging, locks,
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
            ]),
        // The `pure` command: parses arguments, builds the Vessel, serves or runs a command.
        .executableTarget(
            name: "PureCommand",
            dependencies: [
                "Persons", "PersonsReplay", "PersonsVessel", "PersonsWeb", pureReplay, argumentParser,
                serviceLifecycle, logging, locks,
            ]),

        // MARK: - Test support (never shipped)
        // A randomuser-format data generator and a test server with faults on demand.
        .target(name: "RandomUserFixtures", dependencies: ["Persons", hummingbird, serviceLifecycle, logging, locks]),
        // Real CardDAV servers (Radicale, Xandikos) started on loopback, for the tests and the
        // benchmarks.
        .target(
            name: "CardDAVFixtures",
            dependencies: [.product(name: "AsyncHTTPClient", package: "async-http-client"), locks]),
        // The test server as a process, for the browser tests.
        .executableTarget(
            name: "randomuser-fixture", dependencies: ["RandomUserFixtures"], path: "Tests/FixtureServer"),
        // The Raft (the real Vessel on workers in memory) and recording workers, for screen and
        // use case tests.
        .target(
            name: "PersonsTestSupport",
            dependencies: [
                "Persons", "PersonsGear", "PersonsWorker", "PersonsVessel", "PersonsReplay", pure, pureReplay,
                pureTesting, grdb, locks,
            ],
            path: "Tests/Support"),

        // MARK: - Tests
        .testTarget(name: "PersonsTests", dependencies: ["Persons", "PersonsTestSupport"]),
        .testTarget(
            name: "PersonsGearTests", dependencies: ["PersonsGear", "CardDAVFixtures", "RandomUserFixtures", locks]),
        .testTarget(
            name: "PersonsWorkerTests",
            dependencies: [
                "PersonsWorker", "Persons", "PersonsGear", "PersonsTestSupport", "RandomUserFixtures",
                "CardDAVFixtures",
                grdb, locks,
            ]),
        .testTarget(
            name: "PersonsVesselTests",
            dependencies: [
                "PersonsVessel", "Persons", "PersonsWorker", "PersonsGear", "PersonsReplay", "PersonsTestSupport",
                "RandomUserFixtures", "CardDAVFixtures", pureReplay, pureTesting, logging, grdb, locks,
            ]),
        .testTarget(
            name: "PureCommandTests",
            dependencies: [
                "PureCommand", "RandomUserFixtures", "CardDAVFixtures", "Persons", "PersonsVessel",
                "PersonsTestSupport",
                pureTesting, grdb,
            ]),
        .testTarget(
            name: "PersonsShowTests",
            dependencies: ["PersonsShow", .product(name: "Mustache", package: "swift-mustache")]),
        // Tests exported from the journal (the inspector's "Export as test", `pure export-test`),
        // and journal files replayed (Journals/): each replays a recorded session on the Raft and
        // checks every state change.
        .testTarget(
            name: "RecordedTests", dependencies: ["Persons", "PersonsTestSupport", pure, pureReplay, pureTesting],
            path: "Tests/Recorded",
            // The journals replayed, and each exported test's data, read from beside it.
            exclude: ["Journals", "FlipSearchOpenTests.json"]),
        .testTarget(
            name: "PersonsWebTests",
            dependencies: [
                "PersonsWeb", "PersonsShow", pureLive, "Persons", "PersonsReplay", "PersonsVessel", "PersonsWorker",
                "PersonsTestSupport",
                pure, pureReplay, hummingbird,
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                logging, pureTesting, locks,
            ]),
    ],
    swiftLanguageModes: [.v6]
)

// The build that ships is the build the tests run: in release the app's own modules are also
// built for `@testable import`, as `swift test -c release` needs, so `swift build -c release`
// makes the very `pure` binary that the app's tests and the browser tests run (and one release
// build serves both, not two that differ). What it may cost the binary, internal symbols kept
// visible, is not measured yet; CI had no room for two release builds of the app.
for target in package.targets where target.type != .test && target.type != .plugin {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .unsafeFlags(["-enable-testing"], .when(configuration: .release))
        ]
}

// ThreadSanitizer for the app's own code, its dependencies as they are built for release: with
// `--traits ThreadSanitizer` in the release build's folder, only the app's modules and tests are
// built again, instrumented, and linked with the sanitizer's runtime; `--sanitize=thread` built
// GRDB, NIO, Hummingbird and BoringSSL once more, 12 minutes of the test command. The
// synchronisation the dependencies do through the C library (locks, threads) ThreadSanitizer sees
// all the same, and a race in the app's code it reports (checked: two threads writing one
// property in PersonsGear, reported, the run failed).
for target in package.targets where target.type != .plugin {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [.unsafeFlags(["-sanitize=thread"], .when(traits: ["ThreadSanitizer"]))]
    target.linkerSettings =
        (target.linkerSettings ?? []) + [.unsafeFlags(["-sanitize=thread"], .when(traits: ["ThreadSanitizer"]))]
}
