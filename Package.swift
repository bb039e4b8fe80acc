// swift-tools-version: 6.0
import PackageDescription

// Synchronization (Mutex, Atomic) needs macOS 15 / iOS 18 and their siblings; Observation,
// used by the binding helper, needs one release less. See the README, "Platforms".
let platforms: [SupportedPlatform] = [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)]

let package = Package(
    name: "Pure",
    platforms: platforms,
    products: [
        .library(name: "Pure", targets: ["Pure"]),
        .library(name: "PureTesting", targets: ["PureTesting"]),
    ],
    dependencies: [
        // Benchmarks only: the article's store design is re-implemented on OpenCombine as a baseline.
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0")
    ],
    targets: [
        // MARK: - The kit
        .target(name: "Pure"),
        .target(name: "PureTesting", dependencies: ["Pure"]),

        // MARK: - Tests
        .testTarget(name: "PureTests", dependencies: ["Pure", "PureTesting"]),
        .testTarget(name: "PureTestingTests", dependencies: ["Pure", "PureTesting"]),

        // MARK: - Benchmarks
        .executableTarget(
            name: "StoreBenchmark",
            dependencies: ["Pure", "MallocCounter", .product(name: "OpenCombine", package: "OpenCombine")],
            path: "Benchmarks/StoreBenchmark"
        ),
        .target(name: "MallocCounter", path: "Benchmarks/MallocCounter"),
    ],
    swiftLanguageModes: [.v6]
)
