// swift-tools-version: 6.0
import PackageDescription

// PureLive: live web pages over a `Pure` store, for any app. A package of its own, so that an
// app adopting it resolves the kit (by path, the repository root), Hummingbird and what a live
// engine needs (NIO, WebSockets), and nothing of the Persons example (no GRDB, no HTTP client,
// no templates). The Persons app (Examples/Persons) depends on it by path.
let nio = "swift-nio"

let package = Package(
    name: "PureLive",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "PureLive", targets: ["PureLive"])
    ],
    dependencies: [
        // Named, because a path dependency is otherwise known by its folder's name.
        .package(name: "Pure", path: ".."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
    ],
    targets: [
        // The engine: pages, parts and hubs at the top, the transport (NIO, framing, the socket
        // handlers) in its Transport folder, and the client script it serves.
        .target(
            name: "PureLive",
            dependencies: [
                .product(name: "Pure", package: "Pure"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: nio),
                .product(name: "NIOCore", package: nio),
                .product(name: "NIOHTTP1", package: nio),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOWebSocket", package: nio),
            ],
            resources: [.copy("Resources/live.js")]),
        .testTarget(
            name: "PureLiveTests",
            dependencies: [
                "PureLive",
                .product(name: "Pure", package: "Pure"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOConcurrencyHelpers", package: nio),
                .product(name: "NIOCore", package: nio),
                .product(name: "NIOEmbedded", package: nio),
                .product(name: "NIOPosix", package: nio),
                .product(name: "NIOWebSocket", package: nio),
            ]),
    ],
    swiftLanguageModes: [.v6]
)

// ThreadSanitizer for the engine's own code and tests, when the environment asks for it
// (`PURELIVE_THREAD_SANITIZER=1`, as scripts/test builds it): in the app's release folder, its
// dependencies as that build made them, only these two modules built again, instrumented, and
// `-enable-testing` for the tests' `@testable import`. Not a trait, as the app's is: SwiftPM
// refuses a package adopted by its URL whose manifest names unsafe flags at all, even behind a
// trait; without the variable this manifest names none.
if Context.environment["PURELIVE_THREAD_SANITIZER"] == "1" {
    for target in package.targets {
        target.swiftSettings = [.unsafeFlags(["-sanitize=thread", "-enable-testing"])]
        target.linkerSettings = [.unsafeFlags(["-sanitize=thread"])]
    }
}
