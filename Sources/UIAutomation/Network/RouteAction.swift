public import Foundation

/// What a route does with a request: answer it itself, let it go on (perhaps changed), fail
/// it as the network would, or leave it to the routes added before it.
///
/// ```swift
/// try await app.route("**/api/items") { request in
///     request.method == "POST" ? .fulfill(status: 201, json: ["id": 7]) : .fallback
/// }
/// ```
public struct RouteAction: Sendable {
    enum Storage: Sendable {
        case fulfill(status: Int, headers: [String: String], body: Data)
        case fulfillFile(status: Int, headers: [String: String], path: String)
        case `continue`(url: String?, method: String?, headers: [String: String]?, body: Data?)
        case abort(NetworkError)
        case fallback
    }

    let storage: Storage

    /// Answers with `body`; `Content-Type` is `text/plain; charset=utf-8` unless `headers` say.
    public static func fulfill(status: Int = 200, headers: [String: String] = [:], body: String = "") -> RouteAction {
        fulfill(status: status, headers: headers.withDefault("Content-Type", "text/plain; charset=utf-8"), body: Data(body.utf8))
    }

    /// Answers with the bytes `body` (no `Content-Type` unless `headers` give one).
    public static func fulfill(status: Int = 200, headers: [String: String] = [:], body: Data) -> RouteAction {
        RouteAction(storage: .fulfill(status: status, headers: headers, body: body))
    }

    /// Answers with `json` encoded as JSON, `Content-Type: application/json`.
    public static func fulfill(status: Int = 200, headers: [String: String] = [:], json: some Encodable & Sendable) -> RouteAction {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // A value that does not encode answers 500 with the reason, which the page shows.
        guard let body = try? encoder.encode(json) else {
            return fulfill(status: 500, body: "the route's JSON could not be encoded: \(json)")
        }
        return fulfill(status: status, headers: headers.withDefault("Content-Type", "application/json"), body: body)
    }

    /// Answers with the contents of the file at `path`, read when the request comes; the
    /// `Content-Type` from its extension unless `headers` give one. A file that cannot be read
    /// fails the request and the step (a route failure).
    public static func fulfill(status: Int = 200, headers: [String: String] = [:], file path: String) -> RouteAction {
        RouteAction(storage: .fulfillFile(status: status, headers: headers, path: path))
    }

    /// Lets the request go on to the network as it is.
    public static var `continue`: RouteAction { .continue() }

    /// Lets the request go on with what is given changed: another URL (same scheme), method,
    /// headers (the whole set) or body.
    public static func `continue`(url: String? = nil, method: String? = nil, headers: [String: String]? = nil,
                                  body: Data? = nil) -> RouteAction {
        RouteAction(storage: .continue(url: url, method: method, headers: headers, body: body))
    }

    /// Fails the request as the network would (`fetch` rejects, an image fires `error`, a
    /// page shows the browser's error page).
    public static func abort(_ error: NetworkError = .failed) -> RouteAction { RouteAction(storage: .abort(error)) }

    /// Leaves the request to the routes added before this one (or the network, if none).
    public static var fallback: RouteAction { RouteAction(storage: .fallback) }
}

/// How the network fails a request (``RouteAction/abort(_:)``). A struct of constants.
public struct NetworkError: Hashable, Sendable, CustomStringConvertible {
    /// The browser's name for it (`Failed`, `ConnectionRefused`, …).
    public let description: String

    public static let failed = NetworkError(description: "Failed")
    public static let aborted = NetworkError(description: "Aborted")
    public static let timedOut = NetworkError(description: "TimedOut")
    public static let accessDenied = NetworkError(description: "AccessDenied")
    public static let connectionClosed = NetworkError(description: "ConnectionClosed")
    public static let connectionReset = NetworkError(description: "ConnectionReset")
    public static let connectionRefused = NetworkError(description: "ConnectionRefused")
    public static let connectionAborted = NetworkError(description: "ConnectionAborted")
    public static let connectionFailed = NetworkError(description: "ConnectionFailed")
    public static let nameNotResolved = NetworkError(description: "NameNotResolved")
    public static let internetDisconnected = NetworkError(description: "InternetDisconnected")
    public static let addressUnreachable = NetworkError(description: "AddressUnreachable")
    public static let blockedByClient = NetworkError(description: "BlockedByClient")
}

extension [String: String] {
    /// With `value` for `name` unless a header of that name (in any case) is there already.
    func withDefault(_ name: String, _ value: String) -> [String: String] {
        guard !keys.contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) else { return self }
        var headers = self
        headers[name] = value
        return headers
    }
}
