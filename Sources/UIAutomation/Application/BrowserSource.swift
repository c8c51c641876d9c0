public import Foundation
import Synchronization

/// Where the browsers of a ``SharedBrowser`` come from: launched here (the default,
/// ``LocalBrowserSource``), or — with the `RemoteBrowsers` module linked — attached over CDP
/// (`CDPBrowserSource`) or obtained from a WebDriver endpoint's new-session
/// (`WebDriverBrowserSource`: chromedriver, a Selenium Grid).
///
/// The process-wide ``SharedBrowser/shared`` takes its source from the `LAB_BROWSER_SOURCE`
/// environment variable (``BrowserSources/fromEnvironment(_:)``), so one suite runs locally or
/// remotely without code changes; a ``Configuration`` can name another one in code:
///
/// ```swift
/// import RemoteBrowsers
///
/// var configuration = Configuration()
/// configuration.browser = SharedBrowser(source: try WebDriverBrowserSource(endpoint: "http://grid:4444"))
/// ```
public protocol BrowserSource: Sendable, CustomStringConvertible {
    /// A browser ready for automation, with what gives it back. Fails with a typed error
    /// (``RemoteBrowserError`` or ``BrowserFailure``).
    func obtain() async throws -> ObtainedBrowser
}

/// A browser handed out by a ``BrowserSource`` and the way to give it back.
///
/// Sources make one with ``launch(_:)`` (a local Chromium) or
/// ``attach(webSocketURL:headers:connectTimeout:callTimeout:peer:release:)`` (a running one,
/// over its DevTools WebSocket), or — an engine of this package — from the `BrowserEngine`
/// that drives it; how it is driven stays inside the engine.
public struct ObtainedBrowser: Sendable {
    /// The engine that drives the browser and opens each launch's page.
    package let engine: any BrowserEngine
    private let releaseBody: @Sendable () async -> Void

    /// A browser `engine` drives; ``release()`` runs `release` (which closes or disconnects it).
    package init(engine: any BrowserEngine, release: @escaping @Sendable () async -> Void) {
        self.engine = engine
        self.releaseBody = release
    }

    /// Gives the browser back: closes a launched one, disconnects an attached one, deletes a
    /// WebDriver session (which ends its browser). Sources make a second call harmless.
    public func release() async { await releaseBody() }
}

/// Launches a local Chromium with ``BrowserLaunchOptions`` (the default source).
public struct LocalBrowserSource: BrowserSource {
    /// How the browser is launched.
    public var options: BrowserLaunchOptions

    /// A source launching with `options`.
    public init(options: BrowserLaunchOptions = BrowserLaunchOptions()) { self.options = options }

    public func obtain() async throws -> ObtainedBrowser {
        try await ObtainedBrowser.launch(options)
    }

    public var description: String { "local launch" }
}

/// Browser sources that `LAB_BROWSER_SOURCE` can name with a scheme of their own (`cdp:`,
/// `webdriver:`): the `RemoteBrowsers` module's sources, registered
/// (``BrowserSources/register(_:)``) when that module is loaded into the process, so that
/// UIAutomation itself links no HTTP client.
package protocol BrowserSourceParser: Sendable {
    /// The source `text` names (`cdp:…`, `webdriver:…`); `nil` for a scheme it does not know.
    static func source(_ text: String) throws(RemoteBrowserError) -> (any BrowserSource)?
}

/// Reads the browser source from the environment.
public enum BrowserSources {
    /// The environment variable naming the source: `local` (or unset), `cdp:<url>`
    /// (`cdp:ws://host:9222/devtools/browser/<id>` or `cdp:http://host:9222`, resolved through
    /// `/json/version`), or `webdriver:<url>` (`webdriver:http://127.0.0.1:9515`,
    /// `webdriver:http://user:password@grid:4444`). The remote ones need the `RemoteBrowsers`
    /// module linked into the test process (a dependency of the test target).
    public static let environmentVariable = "LAB_BROWSER_SOURCE"

    /// The source `LAB_BROWSER_SOURCE` names; a local launch when it is unset or empty.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws(RemoteBrowserError) -> any BrowserSource {
        try parse(environment[environmentVariable] ?? "")
    }

    /// The source `text` names (the syntax of ``environmentVariable``).
    public static func parse(_ text: String) throws(RemoteBrowserError) -> any BrowserSource {
        let text = text.trimmingCharacters(in: .whitespaces)
        if text.isEmpty || text == "local" { return LocalBrowserSource() }
        for parser in parsers.withLock({ $0 }) {
            if let source = try parser.source(text) { return source }
        }
        if text.hasPrefix("cdp:") || text.hasPrefix("webdriver:") {
            throw .invalidSource(
                "\(environmentVariable)=\(text) needs the RemoteBrowsers module: add it to the test target's dependencies")
        }
        throw .invalidSource(
            "\(environmentVariable)=\(text) is none of local, cdp:<ws:// or http:// URL>, webdriver:<http:// URL>")
    }

    /// The parsers of other modules' schemes, in the order they registered.
    private static let parsers = Mutex<[any BrowserSourceParser.Type]>([])

    /// Lets ``parse(_:)`` (and so `LAB_BROWSER_SOURCE`) name `parser`'s sources. The
    /// `RemoteBrowsers` module registers its `cdp:` and `webdriver:` parser as the process loads
    /// it; registering the same parser again changes nothing.
    package static func register(_ parser: any BrowserSourceParser.Type) {
        parsers.withLock { parsers in
            if !parsers.contains(where: { $0 == parser }) { parsers.append(parser) }
        }
    }
}
