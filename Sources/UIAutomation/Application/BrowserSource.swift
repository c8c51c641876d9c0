package import DevTools
public import Foundation

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
/// over its DevTools WebSocket); how it is driven stays inside UIAutomation.
public struct ObtainedBrowser: Sendable {
    /// The browser, driven over CDP.
    package let browser: Browser
    private let releaseBody: @Sendable () async -> Void

    package init(browser: Browser, release: @escaping @Sendable () async -> Void) {
        self.browser = browser
        self.releaseBody = release
    }

    /// A local Chromium launched with `options`, closed by ``release()``.
    public static func launch(_ options: BrowserLaunchOptions = BrowserLaunchOptions()) async throws(BrowserFailure) -> ObtainedBrowser {
        do {
            let browser = try await Browser.launch(options.devToolsOptions)
            return ObtainedBrowser(browser: browser) { await browser.close() }
        } catch let error as DevToolsError {
            throw BrowserFailure(error)
        } catch {
            throw BrowserFailure(kind: .launchFailed, description: "Could not launch a browser: \(error)")
        }
    }

    /// A running Chromium attached over its DevTools WebSocket (`ws://`, or `wss://` with the
    /// package's `TLS` trait; no `Origin` header is sent), sending `headers` with the upgrade. ``release()``
    /// disconnects and then runs `release` (a WebDriver source deletes its session there).
    /// `peer` names the browser in errors (default: the URL).
    public static func attach(
        webSocketURL: String, headers: [String: String] = [:], connectTimeout: Duration = .seconds(10),
        callTimeout: Duration = .seconds(30), peer: String? = nil, release: @escaping @Sendable () async -> Void = {}
    ) async throws(BrowserFailure) -> ObtainedBrowser {
        do {
            let browser = try await Browser.connect(
                webSocketURL: webSocketURL, callTimeout: callTimeout, connectTimeout: connectTimeout, headers: headers, peer: peer)
            return ObtainedBrowser(browser: browser) {
                await browser.close()
                await release()
            }
        } catch let error as DevToolsError {
            throw BrowserFailure(error)
        } catch {
            throw BrowserFailure(kind: .unreachable, subject: webSocketURL, description: "Could not attach to \(webSocketURL): \(error)")
        }
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

/// A browser source that `LAB_BROWSER_SOURCE` can name with a scheme of its own (`cdp:`,
/// `webdriver:`): the `RemoteBrowsers` module's sources, found when that module is linked
/// into the test process, so that UIAutomation itself links no HTTP client.
package protocol RemoteBrowserSourceParser {
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
        let remote = text.hasPrefix("cdp:") || text.hasPrefix("webdriver:")
        if remote, let parser = remoteParser {
            if let source = try parser.source(text) { return source }
        } else if remote {
            throw .invalidSource(
                "\(environmentVariable)=\(text) needs the RemoteBrowsers module: add it to the test target's dependencies")
        }
        throw .invalidSource(
            "\(environmentVariable)=\(text) is none of local, cdp:<ws:// or http:// URL>, webdriver:<http:// URL>")
    }

    /// `RemoteBrowsers.RemoteSources`, when that module is in the process (looked up by its
    /// mangled name: a module that is linked registers nothing, so this is how it is found).
    private static var remoteParser: (any RemoteBrowserSourceParser.Type)? {
        _typeByName("14RemoteBrowsers13RemoteSourcesO") as? any RemoteBrowserSourceParser.Type
    }
}
