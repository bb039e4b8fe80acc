// swift-tools-version: 6.0
import PackageDescription

// The kit alone: `Pure`, `PureReplay` and `PureTesting`, with no dependency beyond the Swift toolchain, so a
// package that adopts it resolves no other package. The Persons app (Examples/Persons) and the
// benchmarks (Benchmarks) are packages of their own that depend on this one by path.
//
// Synchronization (Atomic) and the Swift 6 async-sequence isolation need macOS 15 / iOS 18 and
// their siblings; Observation, used by the binding helper, needs one release less. See the
// README, "Platforms".
let package = Package(
    name: "Pure",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Pure", targets: ["Pure"]),
        .library(name: "PureReplay", targets: ["PureReplay"]),
        .library(name: "PureTesting", targets: ["PureTesting"]),
    ],
    targets: [
        // The store, selections, `UiState`, the journal and scenes: what an app ships.
        .target(name: "Pure"),
        // A journal read back: journal files, excerpts, the declared use cases and scenes, and
        // test export. For the tools an app opts into (an inspector, a command, its tests).
        .target(name: "PureReplay", dependencies: ["Pure"]),
        .target(name: "PureTesting", dependencies: ["Pure", "PureReplay"]),
        .testTarget(name: "PureTests", dependencies: ["Pure", "PureReplay", "PureTesting"]),
        .testTarget(name: "PureTestingTests", dependencies: ["Pure", "PureReplay", "PureTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
