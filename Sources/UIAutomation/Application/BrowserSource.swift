import DevTools
import Foundation

/// Where the browsers of a ``SharedBrowser`` come from: launched here (the default), attached
/// over CDP (``CDPBrowserSource``), or obtained from a WebDriver endpoint's new-session
/// (``WebDriverBrowserSource``: chromedriver, a Selenium Grid).
///
/// The process-wide ``SharedBrowser/shared`` takes its source from the `LAB_BROWSER_SOURCE`
/// environment variable (``BrowserSources/fromEnvironment(_:)``), so one suite runs locally or
/// remotely without code changes; a ``Configuration`` can name another one in code:
///
/// ```swift
/// var configuration = Configuration()
/// configuration.browser = SharedBrowser(source: WebDriverBrowserSource(endpoint: "http://grid:4444"))
/// ```
public protocol BrowserSource: Sendable, CustomStringConvertible {
    /// A browser ready for CDP commands, with what gives it back. Fails with a typed error
    /// (``RemoteBrowserError`` or `DevToolsError`).
    func obtain() async throws -> ObtainedBrowser
}

/// A browser handed out by a ``BrowserSource`` and the way to give it back.
public struct ObtainedBrowser: Sendable {
    /// The browser, driven over CDP.
    public let browser: Browser
    private let releaseBody: @Sendable () async -> Void

    /// A browser whose ``release()`` runs `release`.
    public init(browser: Browser, release: @escaping @Sendable () async -> Void) {
        self.browser = browser
        self.releaseBody = release
    }

    /// Gives the browser back: closes a launched one, disconnects an attached one, deletes a
    /// WebDriver session (which ends its browser). Sources make a second call harmless.
    public func release() async { await releaseBody() }
}

/// Launches a local Chromium with DevTools' `LaunchOptions` (the default source).
public struct LocalBrowserSource: BrowserSource {
    /// How the browser is launched.
    public var options: LaunchOptions

    /// A source launching with `options`.
    public init(options: LaunchOptions = LaunchOptions()) { self.options = options }

    public func obtain() async throws -> ObtainedBrowser {
        let browser = try await Browser.launch(options)
        return ObtainedBrowser(browser: browser) { await browser.close() }
    }

    public var description: String { "local launch" }
}

/// Reads the browser source from the environment.
public enum BrowserSources {
    /// The environment variable naming the source: `local` (or unset), `cdp:<url>`
    /// (`cdp:ws://host:9222/devtools/browser/<id>` or `cdp:http://host:9222`, resolved through
    /// `/json/version`), or `webdriver:<url>` (`webdriver:http://127.0.0.1:9515`,
    /// `webdriver:http://user:password@grid:4444`).
    public static let environmentVariable = "LAB_BROWSER_SOURCE"

    /// The source `LAB_BROWSER_SOURCE` names; a local launch when it is unset or empty.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws(RemoteBrowserError) -> any BrowserSource {
        try parse(environment[environmentVariable] ?? "")
    }

    /// The source `text` names (the syntax of ``environmentVariable``).
    public static func parse(_ text: String) throws(RemoteBrowserError) -> any BrowserSource {
        let text = text.trimmingCharacters(in: .whitespaces)
        if text.isEmpty || text == "local" { return LocalBrowserSource() }
        if text.hasPrefix("cdp:") { return try CDPBrowserSource(endpoint: String(text.dropFirst(4))) }
        if text.hasPrefix("webdriver:") { return try WebDriverBrowserSource(endpoint: String(text.dropFirst(10))) }
        throw .invalidSource(
            "\(environmentVariable)=\(text) is none of local, cdp:<ws:// or http:// URL>, webdriver:<http:// URL>")
    }
}

/// An endpoint URL as given (`http://user:password@host:port/path`), split into the URL to
/// send requests to, a Basic `Authorization` header from its user info, and a name for
/// messages without the password.
struct RemoteEndpoint: Sendable {
    let url: URL
    let headers: [String: String]
    let name: String

    init(_ text: String, schemes: Set<String>) throws(RemoteBrowserError) {
        guard var components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              schemes.contains(scheme), let host = components.host, !host.isEmpty else {
            throw .invalidSource("\(text) is not a \(schemes.sorted().joined(separator: " or ")) URL with a host")
        }
        var headers: [String: String] = [:]
        if let user = components.user {
            let credentials = user + ":" + (components.password ?? "")  // URLComponents decodes them
            headers["Authorization"] = "Basic " + Data(credentials.utf8).base64EncodedString()
        }
        components.user = nil
        components.password = nil
        while components.path.hasSuffix("/") { components.path.removeLast() }
        guard let url = components.url else { throw .invalidSource("\(text) is not a URL") }
        self.url = url
        self.headers = headers
        self.name = url.absoluteString
    }

    /// `url` followed by `path` (which starts with `/`).
    func appending(_ path: String) -> URL {
        URL(string: url.absoluteString + path) ?? url
    }
}
