public import Foundation
public import UIAutomation

/// Obtains browsers through a WebDriver endpoint's new-session (`POST /session`): a
/// chromedriver, a Selenium Grid 4 router or standalone server, or a cloud that speaks the
/// protocol. The browser is then driven over CDP as a local one is; releasing it deletes the
/// session (`DELETE /session/{id}`), which ends the browser.
///
/// The CDP endpoint comes from the new session's capabilities: Selenium Grid's `se:cdp` (a
/// WebSocket URL through the Grid) when present, else chromedriver's
/// `goog:chromeOptions.debuggerAddress` (`host:port`, resolved through `/json/version`).
/// A user name and password in the endpoint (`http://user:password@grid:4444`) are sent as
/// Basic authentication, also on the CDP WebSocket.
///
/// Every session created is deleted once: on release, when setting it up fails, and at
/// process exit or on SIGINT, SIGTERM and SIGHUP (see `WebDriverSessions`); a SIGKILL of the
/// test process leaves its sessions to the server's own timeout.
public struct WebDriverBrowserSource: BrowserSource {
    /// The endpoint as given.
    public let endpoint: String
    /// The `browserName` capability.
    public var browserName: String = "chrome"
    /// `goog:chromeOptions.args`: headless, sized and quiet like the local launch, and
    /// `--remote-allow-origins=*` for CDP clients that send an `Origin` (this one sends none;
    /// a proxy between, or another tool attaching to the same browser, may).
    public var arguments: [String] = WebDriverBrowserSource.defaultArguments
    /// `goog:chromeOptions.binary`, when the driver must be told which browser to start
    /// (leave `nil` for a Grid, whose nodes know their browsers).
    public var binary: String?
    /// How long `POST /session` may take (a Grid may queue the request until a slot is free).
    public var newSessionTimeout: Duration = .seconds(90)
    /// How long `DELETE /session/{id}` may take.
    public var deleteTimeout: Duration = .seconds(10)
    /// How long connecting to the CDP endpoint may take.
    public var connectTimeout: Duration = .seconds(10)
    /// The timeout of CDP calls that name none.
    public var callTimeout: Duration = .seconds(30)
    private let parsed: RemoteEndpoint

    /// Headless, sized like the local launch's, no first-run work, and any CDP client's origin allowed.
    public static let defaultArguments = [
        "--headless", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--no-first-run",
        "--disable-back-forward-cache", "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
        "--disable-backgrounding-occluded-windows", "--hide-scrollbars", "--mute-audio", "--remote-allow-origins=*",
    ]

    /// A source creating sessions at `endpoint` (`http://` or `https://`, optionally with a
    /// user name and password).
    public init(endpoint: String) throws(RemoteBrowserError) {
        self.endpoint = endpoint
        parsed = try RemoteEndpoint(endpoint, schemes: ["http", "https"])
    }

    public var description: String { "WebDriver endpoint \(parsed.name)" }

    /// The new-session request body (W3C capabilities).
    public var newSessionBody: Data {
        var chromeOptions: [String: Any] = ["args": arguments]
        if let binary { chromeOptions["binary"] = binary }
        let match: [String: Any] = ["browserName": browserName, "goog:chromeOptions": chromeOptions]
        let capabilities: [String: Any] = ["alwaysMatch": match]
        return (try? JSONSerialization.data(withJSONObject: ["capabilities": capabilities], options: [.sortedKeys])) ?? Data()
    }

    public func obtain() async throws -> ObtainedBrowser {
        let answer = try await RemoteHTTP.exchange(
            "POST", parsed.appending("/session"), body: newSessionBody, headers: parsed.headers,
            timeout: newSessionTimeout, endpoint: parsed.name)
        let session = try WebDriverNewSession(status: answer.status, body: answer.body, endpoint: parsed.name)
        let deleteURL = parsed.appending("/session/\(session.id)")
        WebDriverSessions.shared.add(.init(url: deleteURL, headers: parsed.headers))
        let delete: @Sendable () async -> Void = { [parsed, deleteTimeout] in
            guard let entry = WebDriverSessions.shared.remove(deleteURL) else { return }
            _ = try? await RemoteHTTP.exchange(
                "DELETE", entry.url, headers: entry.headers, timeout: deleteTimeout, endpoint: parsed.name)
        }
        do {
            let webSocketURL: String
            switch session.cdp {
            case .webSocket(let url)?:
                webSocketURL = url
            case .debuggerAddress(let address)?:
                let http = try RemoteEndpoint("http://" + Self.loopbackAsIPv4(address), schemes: ["http"])
                webSocketURL = try await CDPBrowserSource.webSocketURL(of: http, timeout: connectTimeout)
            case nil:
                throw RemoteBrowserError.noCDPEndpoint(endpoint: parsed.name, sessionID: session.id, capabilities: session.capabilityNames)
            }
            return try await ObtainedBrowser.attach(
                webSocketURL: webSocketURL, headers: parsed.headers, connectTimeout: connectTimeout, callTimeout: callTimeout,
                peer: "WebDriver session \(session.id) of \(parsed.name)", release: delete)
        } catch {
            await delete()
            throw error
        }
    }

    /// chromedriver answers `localhost:port`, while Chromium listens on 127.0.0.1 only: asking
    /// `localhost` may try `::1` first.
    static func loopbackAsIPv4(_ address: String) -> String {
        address.hasPrefix("localhost:") ? "127.0.0.1:" + address.dropFirst("localhost:".count) : address
    }
}

/// What a WebDriver new-session answer says: the session and where its CDP endpoint is.
public struct WebDriverNewSession: Sendable, Equatable {
    /// Where the browser's DevTools are.
    public enum CDPEndpoint: Sendable, Equatable {
        /// A WebSocket URL (Selenium Grid's `se:cdp`).
        case webSocket(String)
        /// `host:port` of the browser's DevTools HTTP server (`goog:chromeOptions.debuggerAddress`).
        case debuggerAddress(String)
    }

    /// The session id.
    public let id: String
    /// The CDP endpoint, `nil` when the capabilities name none.
    public let cdp: CDPEndpoint?
    /// The names of the returned capabilities, sorted (for messages).
    public let capabilityNames: [String]

    /// Reads a new-session answer: HTTP `status` and its JSON `body` from `endpoint`.
    /// A W3C answer is `{"value": {"sessionId": …, "capabilities": {…}}}`; a refusal is
    /// `{"value": {"error": …, "message": …}}` with a 4xx or 5xx status.
    public init(status: Int, body: Data, endpoint: String) throws(RemoteBrowserError) {
        let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
        let value = object?["value"] as? [String: Any]
        if let error = value?["error"] as? String {
            throw .sessionRefused(endpoint: endpoint, status: status, error: error, message: value?["message"] as? String ?? "")
        }
        guard (200..<300).contains(status) else {
            throw .sessionRefused(
                endpoint: endpoint, status: status, error: "HTTP \(status)", message: CDPBrowserSource.excerpt(body))
        }
        guard let value, let id = value["sessionId"] as? String, !id.isEmpty,
              let capabilities = value["capabilities"] as? [String: Any] else {
            throw .malformedAnswer(
                endpoint: endpoint, reason: "the new-session answer has no value.sessionId and value.capabilities: \(CDPBrowserSource.excerpt(body))")
        }
        self.id = id
        capabilityNames = capabilities.keys.sorted()
        if let url = capabilities["se:cdp"] as? String, !url.isEmpty {
            cdp = .webSocket(url)
        } else if let options = capabilities["goog:chromeOptions"] as? [String: Any],
                  let address = options["debuggerAddress"] as? String, !address.isEmpty {
            cdp = .debuggerAddress(address)
        } else {
            cdp = nil
        }
    }
}
