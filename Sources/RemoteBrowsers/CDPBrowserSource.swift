import Foundation
public import UIAutomation

/// Attaches to a browser that is already running, over its DevTools WebSocket.
///
/// The endpoint is the browser's WebSocket URL (`ws://host:9222/devtools/browser/<id>`) or its
/// HTTP address (`http://host:9222`), which is resolved through `/json/version`'s
/// `webSocketDebuggerUrl` at every ``obtain()``, as Playwright's `connectOverCDP` does. No
/// `Origin` header is sent, so the browser needs no `--remote-allow-origins`; `https://` and
/// `wss://` need the package's `TLS` trait.
/// Releasing only disconnects: the browser keeps running, and the contexts this process made
/// in it are disposed with the connection.
public struct CDPBrowserSource: BrowserSource {
    /// The endpoint as given (without its password in messages).
    public let endpoint: String
    /// How long connecting (and resolving `/json/version`) may take.
    public var connectTimeout: Duration = .seconds(10)
    /// The timeout of CDP calls that name none.
    public var callTimeout: Duration = .seconds(30)
    private let parsed: RemoteEndpoint

    /// A source attaching to `endpoint` (`ws://`, `wss://`, `http://` or `https://`).
    public init(endpoint: String) throws(RemoteBrowserError) {
        self.endpoint = endpoint
        parsed = try RemoteEndpoint(endpoint, schemes: ["ws", "wss", "http", "https"])
    }

    public func obtain() async throws -> ObtainedBrowser {
        let url = try await Self.webSocketURL(of: parsed, timeout: connectTimeout)
        return try await ObtainedBrowser.attach(
            webSocketURL: url, headers: parsed.headers, connectTimeout: connectTimeout, callTimeout: callTimeout,
            peer: "the CDP endpoint \(parsed.name)")
    }

    public var description: String { "CDP endpoint \(parsed.name)" }

    /// The WebSocket URL of `endpoint`: itself when it is `ws://` or `wss://`, else
    /// `webSocketDebuggerUrl` from its `/json/version`.
    static func webSocketURL(of endpoint: RemoteEndpoint, timeout: Duration) async throws -> String {
        let scheme = endpoint.url.scheme?.lowercased() ?? ""
        if scheme == "ws" || scheme == "wss" { return endpoint.url.absoluteString }
        let answer = try await RemoteHTTP.exchange(
            "GET", endpoint.appending("/json/version"), headers: endpoint.headers, timeout: timeout, endpoint: endpoint.name)
        guard answer.status == 200 else {
            throw RemoteBrowserError.malformedAnswer(
                endpoint: endpoint.name, reason: "GET /json/version answered HTTP \(answer.status): \(Self.excerpt(answer.body))")
        }
        guard let object = try? JSONSerialization.jsonObject(with: answer.body) as? [String: Any],
              let url = object["webSocketDebuggerUrl"] as? String, !url.isEmpty else {
            throw RemoteBrowserError.malformedAnswer(
                endpoint: endpoint.name, reason: "GET /json/version has no webSocketDebuggerUrl: \(Self.excerpt(answer.body))")
        }
        return url
    }

    /// The start of a body, for messages.
    static func excerpt(_ body: Data) -> String {
        let text = String(decoding: body.prefix(300), as: UTF8.self)
        return text.isEmpty ? "(empty)" : text
    }
}
