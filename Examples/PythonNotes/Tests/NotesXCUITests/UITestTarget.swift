import XCUIAutomation

/// The apps this UI test target drives, as an Xcode UI test target names its target
/// application. Paths are relative to the package's folder, where `swift test` runs.
enum UITestTarget: UITestTargetConfiguration {
    static let applications = [
        // XCUIApplication(): the Python app, a fresh process on a free port for every launch.
        TargetApplication.process(
            executable: "python3", arguments: ["app/notes.py", "--port", "{port}"], bundleIdentifier: "org.example.notes"),
        // XCUIApplication(bundleIdentifier: "org.example.notes.help"): the static help site.
        TargetApplication.folder("Site", bundleIdentifier: "org.example.notes.help"),
    ]
}
