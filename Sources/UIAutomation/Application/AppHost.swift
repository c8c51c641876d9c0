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

/// Attaches to an app that is already running at a URL. Launch arguments and environment
/// are not delivered anywhere; state isolation comes from the fresh browser context alone.
public struct URLHost: AppHost {
    /// The URL every launch opens.
    public let url: String

    public init(_ url: String) { self.url = url }

    public func launch(arguments: [String], environment: [String: String]) async throws -> any RunningApp {
        Running(url: url)
    }

    private struct Running: RunningApp {
        let url: String
        func terminate() async {}
    }
}
