import DevTools
import Foundation
import Synchronization

/// Routes over the `Fetch` domain: pauses the requests the routes may want
/// (`Fetch.enable` with their patterns), asks the routes about each (`Fetch.requestPaused`)
/// and answers with `Fetch.fulfillRequest`, `continueRequest` or `failRequest`. Each paused
/// request is decided in a task of its own, so a slow handler holds up only its own request.
final class RequestInterceptor: Sendable {
    private let page: PageSession
    private struct State {
        var listener: Task<Void, Never>?
        var decide: (@Sendable (RouteRequest) async -> RouteDecision)?
        var patterns: [String]?
    }
    private let state = Mutex(State())

    init(page: PageSession) { self.page = page }

    deinit { state.withLock { $0.listener?.cancel() } }

    /// Pauses requests matching `patterns` (the browser's wildcards) and decides them with
    /// `decide`; `nil` stops pausing. Takes effect for requests that start after it returns.
    func intercept(patterns: [String]?, decide: @escaping @Sendable (RouteRequest) async -> RouteDecision, timeout: Duration) async throws {
        let unchanged = state.withLock { state in
            defer {
                state.decide = decide
                state.patterns = patterns
            }
            return state.patterns == patterns
        }
        guard let patterns else {
            if !unchanged { try await page.send(CDP.Fetch.Disable(), timeout: timeout) }
            return
        }
        startListening()
        if !unchanged {
            try await page.send(CDP.Fetch.Enable(patterns: patterns.map { CDP.Fetch.RequestPattern(urlPattern: $0) }), timeout: timeout)
        }
    }

    func stop() { state.withLock { $0.listener?.cancel() } }

    private func startListening() {
        state.withLock { state in
            guard state.listener == nil else { return }
            let events = page.session.events(methods: [CDP.Fetch.RequestPaused.method])
            state.listener = Task { [weak self, page] in
                do {
                    for try await event in events {
                        guard let paused = try? event.decode(CDP.Fetch.RequestPaused.self) else { continue }
                        let decide = self?.state.withLock { $0.decide }
                        Task { await Self.handle(paused, decide: decide, page: page) }
                    }
                } catch {}
            }
        }
    }

    private static func handle(_ paused: CDP.Fetch.RequestPaused, decide: (@Sendable (RouteRequest) async -> RouteDecision)?,
                               page: PageSession) async {
        let request = RouteRequest(
            method: paused.request.method, url: paused.request.url + (paused.request.urlFragment ?? ""),
            headers: paused.request.headers, body: body(of: paused.request),
            resourceType: resourceType(of: paused))
        let decision = await decide?(request) ?? .continue(url: nil, method: nil, headers: nil, body: nil)
        let id = paused.requestId
        // A request the page gave up on meanwhile (it navigated away) is gone: nothing to answer.
        switch decision {
        case .fulfill(let status, let headers, let body):
            _ = try? await page.send(CDP.Fetch.FulfillRequest(
                requestId: id, responseCode: status, responseHeaders: headers.sorted { $0.key < $1.key }.map { .init(name: $0.key, value: $0.value) },
                body: body.base64EncodedString(), responsePhrase: HTTPStatus.phrase(status)))
        case .continue(let url, let method, let headers, let body):
            _ = try? await page.send(CDP.Fetch.ContinueRequest(
                requestId: id, url: url, method: method, postData: body?.base64EncodedString(),
                headers: headers?.sorted { $0.key < $1.key }.map { .init(name: $0.key, value: $0.value) }))
        case .abort(let reason):
            _ = try? await page.send(CDP.Fetch.FailRequest(requestId: id, errorReason: reason))
        }
    }

    /// What the request is for. The `Fetch` domain reports `fetch()`, XHR and `EventSource` all
    /// as `XHR`; an event stream is told by what it accepts.
    private static func resourceType(of paused: CDP.Fetch.RequestPaused) -> RouteRequest.ResourceType {
        let accept = paused.request.headers.first { $0.key.lowercased() == "accept" }?.value
        if paused.resourceType == "XHR", accept == "text/event-stream" { return .eventSource }
        return RouteRequest.ResourceType(paused.resourceType)
    }

    /// The request's body: its parts joined, else its text.
    private static func body(of request: CDP.Fetch.Request) -> Data? {
        if let entries = request.postDataEntries, !entries.isEmpty {
            return entries.reduce(into: Data()) { data, entry in
                if let bytes = entry.bytes, let part = Data(base64Encoded: bytes) { data.append(part) }
            }
        }
        return request.postData.map { Data($0.utf8) }
    }
}

/// Reason phrases for the statuses routes answer with (the browser needs one for HTTP/1.1).
enum HTTPStatus {
    static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 409: "Conflict"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "Status \(status)"
        }
    }
}
