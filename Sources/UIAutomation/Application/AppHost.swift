/// Something that can start an app for a test and hand back the URL to open: a lab app's
/// server, a dev server, or simply a fixed URL (``URLHost``).
///
/// `Application.launch()` calls ``launch(arguments:environment:)`` once per launch; each
/// call must give the app fresh state of its own, as a relaunched iOS app would have.
public protocol AppHost: Sendable {
    /// Starts one isolated instance with XCUITest-style launch arguments and environment.
    func launch(arguments: [String], environment: [String: String]) async throws -> any RunningApp
}

/// One started instance of an app.
public protocol RunningApp: Sendable {
    /// The URL to open in the browser.
    var url: String { get }
    /// Stops the instance and discards its state.
    func terminate() async
}

/// Attaches to an app that is already running at a URL (`Application(url:)`). It has no way
/// to deliver launch arguments or environment, so a launch with any fails at once with
/// ``UIAutomationError/Reason/invalidRequest(_:)`` rather than ignoring them; state
/// isolation comes from the fresh browser context alone.
public struct URLHost: AppHost {
    /// The URL every launch opens.
    public let url: String

    public init(_ url: String) { self.url = url }

    public func launch(arguments: [String], environment: [String: String]) async throws -> any RunningApp {
        guard arguments.isEmpty, environment.isEmpty else {
            var given: [String] = []
            if !arguments.isEmpty { given.append("launchArguments \(arguments)") }
            if !environment.isEmpty { given.append("launchEnvironment \(environment.keys.sorted())") }
            throw UIAutomationError(query: "app.launch()", reason: .invalidRequest(
                "Application(url:) opens an app that is already running and cannot apply "
                    + given.joined(separator: " or ")
                    + "; launch it through an AppHost that starts it (LabAppHost for a lab app), or clear them"))
        }
        return Running(url: url)
    }

    private struct Running: RunningApp {
        let url: String
        func terminate() async {}
    }
}
