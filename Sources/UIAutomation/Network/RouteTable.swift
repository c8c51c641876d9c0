package import Foundation
import LabSupport
import Synchronization

/// A route added with ``Application/route(_:file:line:handler:)``: pass it to
/// `unroute(_:)` to remove it.
public final class Route: Sendable, CustomStringConvertible {
    /// The URLs it handles.
    public let pattern: URLPattern
    let handler: @Sendable (RouteRequest) async throws -> RouteAction
    /// How many requests it has been asked to handle.
    public var handledCount: Int { handled.load(ordering: .relaxed) }
    let handled = Atomic<Int>(0)

    init(pattern: URLPattern, handler: @escaping @Sendable (RouteRequest) async throws -> RouteAction) {
        self.pattern = pattern
        self.handler = handler
    }

    public var description: String { "route \(SwiftLiteral.string(pattern.description))" }
}

/// What the engine does with a paused request, once the routes have decided: the one form
/// every engine understands (a file is read, fallbacks are followed, before it gets here).
package enum RouteDecision: Sendable, Equatable {
    case fulfill(status: Int, headers: [String: String], body: Data)
    case `continue`(url: String?, method: String?, headers: [String: String]?, body: Data?)
    case abort(String)
}

/// An application's routes, newest first, and the one place a paused request is decided:
/// the matching routes' handlers run newest first until one does not fall back, each within
/// the route time limit; a handler that throws or does not answer in time fails the request
/// (`Failed`) and leaves a ``PageSignal/Kind/routeFailure`` that fails the step.
final class RouteTable: Sendable {
    private let routes = Mutex<[Route]>([])

    /// Every route, newest first.
    var all: [Route] { routes.withLock { $0.reversed() } }

    func add(_ route: Route) { routes.withLock { $0.append(route) } }

    /// Removes `route`; whether it was there.
    @discardableResult
    func remove(_ route: Route) -> Bool {
        routes.withLock { routes in
            let before = routes.count
            routes.removeAll { $0 === route }
            return routes.count != before
        }
    }

    /// Removes every route whose glob is `glob`; how many.
    func remove(glob: String) -> Int {
        routes.withLock { routes in
            let before = routes.count
            routes.removeAll { $0.pattern.description == glob }
            return before - routes.count
        }
    }

    func removeAll() { routes.withLock { $0.removeAll() } }

    /// The browser-side filter for the current routes (``URLPattern/browserWildcard``), `nil`
    /// when there are none (nothing to pause).
    var browserPatterns: [String]? {
        let patterns = routes.withLock { $0.map(\.pattern.browserWildcard) }
        guard !patterns.isEmpty else { return nil }
        return patterns.contains("*") ? ["*"] : Array(Set(patterns)).sorted()
    }

    /// Decides `request`: the newest matching route that does not fall back; with none, it goes on.
    /// The CORS preflight of a routed URL is answered here, allowing the request, without asking
    /// the routes; a cross-origin response a route makes allows the page's origin unless the
    /// route's headers say otherwise (as Playwright's routes do: a route, not the server, answers).
    func decide(_ request: RouteRequest, limit: Duration, signals: PageSignalLog) async -> RouteDecision {
        let matching = all.filter { $0.pattern.matches(request.url) }
        if request.isCORSPreflight, !matching.isEmpty { return Self.preflightAllowed(request) }
        let decision = await decide(request, by: matching, limit: limit, signals: signals)
        guard case .fulfill(let status, let headers, let body) = decision, let origin = request.crossOrigin else { return decision }
        return .fulfill(status: status, headers: Self.allowing(origin, headers), body: body)
    }

    /// The answer to a CORS preflight of a routed request: 204, allowing the origin, method and
    /// headers it asks for.
    static func preflightAllowed(_ request: RouteRequest) -> RouteDecision {
        var headers = [
            "Access-Control-Allow-Origin": request.header("Origin") ?? "*",
            "Access-Control-Allow-Methods": request.header("Access-Control-Request-Method") ?? "GET, POST, PUT, PATCH, DELETE, OPTIONS",
            "Access-Control-Allow-Credentials": "true",
        ]
        if let asked = request.header("Access-Control-Request-Headers") { headers["Access-Control-Allow-Headers"] = asked }
        return .fulfill(status: 204, headers: headers, body: Data())
    }

    /// `headers` with `Access-Control-Allow-Origin: origin` (and credentials, `Vary: Origin`)
    /// unless they give an `Access-Control-Allow-Origin` of their own.
    static func allowing(_ origin: String, _ headers: [String: String]) -> [String: String] {
        guard !headers.keys.contains(where: { $0.caseInsensitiveCompare("Access-Control-Allow-Origin") == .orderedSame }) else { return headers }
        return headers.withDefault("Access-Control-Allow-Origin", origin).withDefault("Access-Control-Allow-Credentials", "true")
            .withDefault("Vary", "Origin")
    }

    private func decide(_ request: RouteRequest, by matching: [Route], limit: Duration, signals: PageSignalLog) async -> RouteDecision {
        for route in matching {
            route.handled.add(1, ordering: .relaxed)
            let outcome = await Self.run(route.handler, on: request, limit: limit)
            switch outcome {
            case .success(let action):
                switch action.storage {
                case .fallback:
                    continue
                case .fulfill(let status, let headers, let body):
                    return .fulfill(status: status, headers: headers, body: body)
                case .fulfillFile(let status, let headers, let path):
                    guard let body = FileManager.default.contents(atPath: path) else {
                        return fail(request, route, "its file \(SwiftLiteral.string(path)) could not be read", signals)
                    }
                    return .fulfill(status: status, headers: headers.withDefault("Content-Type", Self.contentType(ofFile: path)), body: body)
                case .continue(let url, let method, let headers, let body):
                    return .continue(url: url, method: method, headers: headers, body: body)
                case .abort(let error):
                    return .abort(error.description)
                }
            case .failure(.threw(let error)):
                return fail(request, route, "its handler threw: \(error)", signals)
            case .failure(.timedOut):
                return fail(request, route, "its handler did not answer within \(limit.formatted) (the request was failed)", signals)
            }
        }
        return .continue(url: nil, method: nil, headers: nil, body: nil)
    }

    private func fail(_ request: RouteRequest, _ route: Route, _ why: String, _ signals: PageSignalLog) -> RouteDecision {
        signals.append(PageSignal(kind: .routeFailure, level: "error", message: "\(route) for \(request.method) \(request.url): \(why)",
                                  url: nil, line: nil))
        return .abort(NetworkError.failed.description)
    }

    enum HandlerFailure: Error {
        case threw(any Error)
        case timedOut
    }

    /// Runs a handler in a task of its own, waiting at most `limit`: one that ignores
    /// cancellation and never returns is left behind (cancelled), never waited for.
    static func run(_ handler: @escaping @Sendable (RouteRequest) async throws -> RouteAction, on request: RouteRequest,
                    limit: Duration) async -> Result<RouteAction, HandlerFailure> {
        let once = OnceContinuation<Result<RouteAction, HandlerFailure>>()
        return await withCheckedContinuation { continuation in
            once.setContinuation(continuation)
            let work = Task {
                do { once.resume(.success(try await handler(request))) } catch { once.resume(.failure(.threw(error))) }
            }
            Task {
                try? await Task.sleep(for: limit)
                if once.resume(.failure(.timedOut)) { work.cancel() }
            }
        }
    }

    /// The `Content-Type` a file's extension suggests.
    static func contentType(ofFile path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "html", "htm": "text/html; charset=utf-8"
        case "json", "har": "application/json"
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "txt": "text/plain; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "woff2": "font/woff2"
        default: "application/octet-stream"
        }
    }
}
