import DevTools
import Foundation
import LabSupport
import Synchronization

/// The page's requests and responses as the `Network` domain reports them, for network waits:
/// the domain is enabled on the first wait (a page nobody waits on pays nothing), events are
/// observed on the connection's thread, and each waiter is registered before what it waits
/// for can start, so nothing it waits for is missed.
final class NetworkTraffic: Sendable {
    private let page: PageSession
    private struct Waiter {
        let responses: Bool
        let matches: @Sendable (NetworkExchange) -> Bool
        let once: OnceContinuation<NetworkExchange?>
    }
    private struct State {
        var observation: EventObservation?
        var enabled = false
        /// Requests seen and not yet answered, by request id (bounded: the oldest go first).
        var requests: [String: NetworkExchange] = [:]
        var order: [String] = []
        var waiters: [Int: Waiter] = [:]
        var nextWaiter = 0
        /// While recording (a HAR): requests by id with when they started, responses by id,
        /// the exchanges whose bodies are in, and the body reads still under way.
        var recording = false
        var started: [String: Date] = [:]
        var responses: [String: NetworkExchange] = [:]
        var recorded: [RecordedExchange] = []
        var bodyReads: [Task<Void, Never>] = []
        /// Requests whose loading ended (finished, or failed and why), for body reads;
        /// bounded as `requests` is. And the body reads waiting for a loading to end.
        var ended: [String: LoadingEnd] = [:]
        var endedOrder: [String] = []
        var endWaiters: [String: [OnceContinuation<LoadingEnd>]] = [:]
    }
    private let state = Mutex(State())

    /// At most this many requests are remembered while they wait for their responses.
    private static let remembered = 1_000

    init(page: PageSession) { self.page = page }

    /// Starts following the page's traffic (once).
    func enable(timeout: Duration) async throws {
        let observation = state.withLock { state -> Bool in
            guard state.observation == nil else { return false }
            state.observation = page.session.observeEvents(methods: [
                CDP.Network.RequestWillBeSent.method, CDP.Network.ResponseReceived.method, CDP.Network.LoadingFinished.method,
                CDP.Network.LoadingFailed.method,
            ]) { [weak self] event in self?.handle(event) }
            return true
        }
        if observation || !state.withLock({ $0.enabled }) {
            try await page.send(CDP.Network.Enable(), timeout: timeout)
            state.withLock { $0.enabled = true }
        }
    }

    /// Registers a waiter; its ticket for ``wait(_:until:)`` and ``cancel(_:)``.
    func register(responses: Bool, matching matches: @escaping @Sendable (NetworkExchange) -> Bool) -> (Int, OnceContinuation<NetworkExchange?>) {
        state.withLock { state in
            defer { state.nextWaiter += 1 }
            let once = OnceContinuation<NetworkExchange?>()
            state.waiters[state.nextWaiter] = Waiter(responses: responses, matches: matches, once: once)
            return (state.nextWaiter, once)
        }
    }

    func cancel(_ ticket: Int) { _ = state.withLock { $0.waiters.removeValue(forKey: ticket) } }

    /// Starts keeping every exchange whole (bodies included) for a HAR.
    func startRecording(timeout: Duration) async throws {
        state.withLock { $0.recording = true }
        try await enable(timeout: timeout)
    }

    /// Stops recording; the exchanges kept, in the order their responses finished (body reads
    /// still under way are waited for, at most `timeout`).
    func stopRecording(timeout: Duration) async -> [RecordedExchange] {
        let reads = state.withLock { state in
            state.recording = false
            defer { state.bodyReads = [] }
            return state.bodyReads
        }
        _ = try? await withTimeLimit(timeout) { for read in reads { await read.value } }
        return state.withLock { state in
            defer {
                state.recorded = []
                state.started = [:]
                state.responses = [:]
            }
            return state.recorded
        }
    }

    /// A finished response while recording: its body is read and the exchange kept.
    private func finished(_ requestId: String) {
        state.withLock { state in
            guard state.recording, let response = state.responses.removeValue(forKey: requestId) else { return }
            let started = state.started.removeValue(forKey: requestId) ?? Date()
            let page = self.page
            let read = Task { [weak self] in
                let body = try? await page.send(CDP.Network.GetResponseBody(requestId: requestId), timeout: .seconds(10))
                let bytes = body.map { $0.base64Encoded ? Data(base64Encoded: $0.body) ?? Data() : Data($0.body.utf8) } ?? Data()
                // The body is kept decoded: a replay must not claim an encoding or length it no longer has.
                let headers = response.responseHeaders.filter {
                    !["content-encoding", "content-length", "transfer-encoding"].contains($0.key.lowercased())
                }
                let exchange = RecordedExchange(
                    started: started, method: response.method, url: response.url, requestHeaders: response.requestHeaders,
                    requestBody: response.requestBody, status: response.status ?? 0, statusText: response.statusText ?? "",
                    responseHeaders: headers, mimeType: response.responseHeader("content-type") ?? "application/octet-stream", body: bytes)
                self?.state.withLock { $0.recorded.append(exchange) }
            }
            state.bodyReads.append(read)
        }
    }

    /// How a request's loading ended, as a body read waits for it.
    enum LoadingEnd: Sendable {
        case finished
        case failed(String)
        case notYet
    }

    /// A request's loading ended (`failure`: why it failed, `nil`: its body is all in): kept
    /// for later body reads, and the reads waiting for it go on.
    private func ended(_ requestId: String, failure: String?) {
        let end: LoadingEnd = failure.map { .failed($0) } ?? .finished
        let waiting = state.withLock { state in
            if state.ended.updateValue(end, forKey: requestId) == nil { state.endedOrder.append(requestId) }
            if state.endedOrder.count > Self.remembered { state.ended.removeValue(forKey: state.endedOrder.removeFirst()) }
            return state.endWaiters.removeValue(forKey: requestId) ?? []
        }
        for once in waiting { once.resume(end) }
    }

    /// The whole body of the response to request `requestId`, once its loading has ended (by
    /// `deadline` at most): `nil` if it did not end in time; a failure says why there is none.
    func responseBody(requestId: String, until deadline: ContinuousClock.Instant, timeout: Duration) async throws -> Data? {
        let (known, once) = state.withLock { state -> (LoadingEnd?, OnceContinuation<LoadingEnd>?) in
            if let end = state.ended[requestId] { return (end, nil) }
            let once = OnceContinuation<LoadingEnd>()
            state.endWaiters[requestId, default: []].append(once)
            return (nil, once)
        }
        var end = known ?? .notYet
        if let once {
            let timer = Task {
                try? await Task.sleep(until: deadline, clock: .continuous)
                once.resume(.notYet)
            }
            end = await withCheckedContinuation { once.setContinuation($0) }
            timer.cancel()
        }
        switch end {
        case .notYet:
            state.withLock { $0.endWaiters[requestId]?.removeAll { $0 === once } }
            return nil
        case .failed(let why):
            throw ResponseBodyUnavailable(reason: "its request failed (\(why))")
        case .finished:
            let body = try await page.send(CDP.Network.GetResponseBody(requestId: requestId), timeout: timeout)
            return body.base64Encoded ? Data(base64Encoded: body.body) ?? Data() : Data(body.body.utf8)
        }
    }

    private func handle(_ event: CDPEventMessage) {
        let exchange: NetworkExchange
        let isResponse: Bool
        switch event.method {
        case CDP.Network.LoadingFinished.method:
            if let done = try? event.decode(CDP.Network.LoadingFinished.self) {
                ended(done.requestId, failure: nil)
                finished(done.requestId)
            }
            return
        case CDP.Network.LoadingFailed.method:
            if let failed = try? event.decode(CDP.Network.LoadingFailed.self) { ended(failed.requestId, failure: failed.errorText) }
            return
        case CDP.Network.RequestWillBeSent.method:
            guard let sent = try? event.decode(CDP.Network.RequestWillBeSent.self) else { return }
            exchange = NetworkExchange(
                method: sent.request.method, url: sent.request.url, requestHeaders: sent.request.headers ?? [:],
                requestBody: sent.request.postData, resourceType: RouteRequest.ResourceType(sent.type ?? "Other"),
                status: nil, statusText: nil, responseHeaders: [:], requestId: sent.requestId)
            isResponse = false
            state.withLock { state in
                if state.recording { state.started[sent.requestId] = Date() }
                if state.requests[sent.requestId] == nil { state.order.append(sent.requestId) }
                state.requests[sent.requestId] = exchange
                if state.order.count > Self.remembered {
                    state.requests.removeValue(forKey: state.order.removeFirst())
                }
            }
        case CDP.Network.ResponseReceived.method:
            guard let received = try? event.decode(CDP.Network.ResponseReceived.self) else { return }
            let request = state.withLock { state in
                state.order.removeAll { $0 == received.requestId }
                return state.requests.removeValue(forKey: received.requestId)
            }
            exchange = NetworkExchange(
                method: request?.method ?? "GET", url: received.response.url, requestHeaders: request?.requestHeaders ?? [:],
                requestBody: request?.requestBody, resourceType: RouteRequest.ResourceType(received.type ?? "Other"),
                status: received.response.status, statusText: received.response.statusText,
                responseHeaders: received.response.headers ?? [:], requestId: received.requestId)
            isResponse = true
            state.withLock { state in
                if state.recording { state.responses[received.requestId] = exchange }
            }
        default:
            return
        }
        let matched = state.withLock { state in
            let found = state.waiters.filter { $0.value.responses == isResponse && $0.value.matches(exchange) }
            for ticket in found.keys { state.waiters.removeValue(forKey: ticket) }
            return found.values.map(\.once)
        }
        for once in matched { once.resume(exchange) }
    }
}

/// Why a response has no body to read.
struct ResponseBodyUnavailable: Error, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}

extension PageDriver {
    func responseBody(of exchange: NetworkExchange, until deadline: ContinuousClock.Instant) async throws -> Data? {
        guard let requestId = exchange.requestId else { throw ResponseBodyUnavailable(reason: "the engine gave no id for its request") }
        return try await traffic.responseBody(requestId: requestId, until: deadline, timeout: configuration.responseTimeout)
    }

    func interceptRequests(patterns: [String]?, decide: @escaping @Sendable (RouteRequest) async -> RouteDecision) async throws {
        try await browser.run {
            try await interceptor.intercept(patterns: patterns, decide: decide, timeout: configuration.responseTimeout)
        }
    }

    func emulateNetwork(_ conditions: NetworkConditions) async throws {
        try await browser.run {
            try await traffic.enable(timeout: configuration.responseTimeout)
            try await page.send(CDP.Network.EmulateNetworkConditions(
                offline: conditions.offline, latency: Double(conditions.latency.inMilliseconds),
                downloadThroughput: conditions.downloadBytesPerSecond.map(Double.init) ?? -1,
                uploadThroughput: conditions.uploadBytesPerSecond.map(Double.init) ?? -1), timeout: configuration.responseTimeout)
        }
    }

    func startRecordingTraffic() async throws {
        try await traffic.startRecording(timeout: configuration.responseTimeout)
    }

    func stopRecordingTraffic() async -> [RecordedExchange] {
        await traffic.stopRecording(timeout: configuration.responseTimeout)
    }

    func waitForExchange(responses: Bool, matching matches: @escaping @Sendable (NetworkExchange) -> Bool,
                         until deadline: ContinuousClock.Instant, trigger: () async throws -> Void) async throws -> NetworkExchange? {
        try await traffic.enable(timeout: configuration.responseTimeout)
        let (ticket, once) = traffic.register(responses: responses, matching: matches)
        defer { traffic.cancel(ticket) }
        try await trigger()
        let timer = Task {
            try? await Task.sleep(until: deadline, clock: .continuous)
            once.resume(nil)
        }
        defer { timer.cancel() }
        return await withCheckedContinuation { once.setContinuation($0) }
    }
}
