// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "AutomationLab",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "DevTools", targets: ["DevTools"]),
        .library(name: "UIAutomation", targets: ["UIAutomation"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/swift-websocket.git", from: "1.6.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
    ],
    targets: [
        // posix_spawn with fds 3/4, close-on-exec pipes and eventfd: C APIs Swift cannot reach or express.
        .target(
            name: "CDevToolsSupport",
            cSettings: [.define("_GNU_SOURCE")]
        ),
        // Chrome DevTools Protocol: browser launch, transports, typed commands. Knows nothing of elements.
        .target(
            name: "DevTools",
            dependencies: [
                "CDevToolsSupport",
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "DevToolsTests", dependencies: ["DevTools", "TestSupport"]),
        // A tiny HTTP server of fixed pages for the tests (NIO only, no web framework).
        .target(
            name: "TestSupport",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Tests/TestSupport"
        ),
        // XCUITest-shaped queries, elements, predicates and actions over DevTools. Knows nothing of the apps.
        .target(name: "UIAutomation", dependencies: ["DevTools"]),
        .testTarget(name: "UIAutomationTests", dependencies: ["UIAutomation", "TestSupport"]),
        .executableTarget(name: "DevToolsBench", dependencies: ["DevTools"], path: "bench/DevToolsBench"),
        // UIAutomation benchmark: serves the journey app (--serve) and measures actions and the journey.
        .executableTarget(
            name: "UIAutomationBench", dependencies: ["UIAutomation", "DevTools", "TestSupport"],
            path: "bench/UIAutomationBench"),
    ],
    swiftLanguageModes: [.v6]
)
