// swift-tools-version: 6.2
import PackageDescription

// A user's own package whose app is not Swift at all: a Python web app (app/notes.py, standard
// library only) and a static help site (Site/), tested with XCUITest and with UIAutomation's
// async API. It depends on AutomationLab exactly as a user's package would; outside this
// repository, write `.package(url: "https://github.com/automationlab/AutomationLab.git", from: "0.1.0")`
// (a placeholder: the project has no published URL yet) or `.package(path:)` to a checkout.
let package = Package(
    name: "PythonNotes",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "AutomationLab", path: "../.."),
    ],
    targets: [
        // XCUITest written as on iOS; UITestTarget.swift names the two apps.
        .testTarget(
            name: "NotesXCUITests",
            dependencies: [.product(name: "XCUIAutomation", package: "AutomationLab")],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // The same apps through UIAutomation's async API, in Swift Testing.
        .testTarget(
            name: "NotesAsyncTests",
            dependencies: [
                .product(name: "UIAutomation", package: "AutomationLab"),
                .product(name: "UIAutomationTesting", package: "AutomationLab"),
            ]
        ),
    ]
)
