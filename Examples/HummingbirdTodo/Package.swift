// swift-tools-version: 6.2
import PackageDescription

// A user's own package: a Hummingbird web app (TodoServer) and its UI tests, which depend on
// AutomationLab exactly as a user's package would. Outside this repository, write the
// dependency as `.package(url: "https://github.com/automationlab/AutomationLab.git", from: "0.1.0")`
// (a placeholder: the project has no published URL yet) or `.package(path:)` to a checkout.
let package = Package(
    name: "HummingbirdTodo",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "AutomationLab", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
    ],
    targets: [
        // The app: a to-do list served by Hummingbird (`TodoServer --port N`).
        .executableTarget(name: "TodoServer", dependencies: [.product(name: "Hummingbird", package: "hummingbird")]),
        // XCUITest written as on iOS. Depending on TodoServer makes `swift test` build it first.
        .testTarget(
            name: "TodoXCUITests",
            dependencies: ["TodoServer", .product(name: "XCUIAutomation", package: "AutomationLab")],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // The same app through UIAutomation's async API, in Swift Testing.
        .testTarget(
            name: "TodoAsyncTests",
            dependencies: [
                "TodoServer",
                .product(name: "UIAutomation", package: "AutomationLab"),
                .product(name: "UIAutomationTesting", package: "AutomationLab"),
            ]
        ),
    ]
)
