public import Foundation
import LabSupport
public import MessagesModel
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A typed client of the Messages API (`/proto/messages`): the seed's three calls, over
/// HTTP with Foundation's `URLSession` (FoundationNetworking on Linux; see docs/decisions.md),
/// the JSON shapes of MessagesModel's `MessagesWire`, and every failure as a ``MessagesClientError``.
///
/// Every call is bounded by ``timeout``: a server that accepts the connection and never
/// answers fails the call with ``MessagesClientError/timedOut(url:after:)``, never a hang.
///
/// ```swift
/// let client = MessagesAPIClient(baseURL: URL(string: "http://127.0.0.1:8080")!)
/// let saved = try await client.add(Message(user: "dan", subject: "pets", message: "cats are grumpy"))
/// let dan = try await client.messages(of: "dan")
/// ```
public final class MessagesAPIClient: Sendable {
    /// Where the API is: scheme, host and port (and a path prefix, if any), without `/proto/messages`.
    public let baseURL: URL
    /// The longest any one call may take, connection included.
    public let timeout: Duration
    /// The `limit` the GETs ask for (`nil`: the API's default page size). The listings
    /// follow the pages either way; this only sets how many messages each request carries.
    public let pageSize: Int?
    private let session: URLSession

    /// A client of the API at `baseURL` whose calls give up after `timeout`, each page of a
    /// listing carrying `pageSize` messages (the API's default if `nil`).
    public init(baseURL: URL, timeout: Duration = .seconds(5), pageSize: Int? = nil) {
        self.baseURL = baseURL
        self.timeout = timeout
        self.pageSize = pageSize
        let configuration = URLSessionConfiguration.ephemeral
        // A backstop only: FoundationNetworking hands libcurl whole seconds (0.7 s would be 0, an
        // immediate timeout), so the exact bound is the client's own timer (see exchange).
        let seconds = Double(timeout.components.seconds + 2)
        configuration.timeoutIntervalForRequest = seconds
        configuration.timeoutIntervalForResource = seconds
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        session = URLSession(configuration: configuration)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// `POST /proto/messages`: saves `message`; returns the message as the API saved it.
    public func add(_ message: Message) async throws(MessagesClientError) -> Message {
        let url = collectionURL
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        do {
            request.httpBody = try JSONEncoder().encode(AddMessageRequest(message))
        } catch {
            throw .invalidResponse(url: url.absoluteString, reason: "the message cannot be encoded: \(error)")
        }
        let data = try await send(request, expecting: 201)
        return try decode(url) { try JSONDecoder().decode(ResponseEnvelope<Message>.self, from: data).body }
    }

    /// `GET /proto/messages/{user}`: the user's messages, oldest first (empty if none),
    /// following the pages when the API answers in several.
    public func messages(of user: String) async throws(MessagesClientError) -> [MessageEntry] {
        var entries: [MessageEntry] = []
        var pages = PageWalk(first: userURL(user), pageSize: pageSize)
        while let url = pages.url {
            let data = try await send(URLRequest(url: url), expecting: 200)
            let page = try decode(url) { try JSONDecoder().decode(ResponseEnvelope<UserMessages>.self, from: data) }
            entries += page.body.messages
            try pages.advance(to: page.next)
        }
        return entries
    }

    /// `GET /proto/messages`: every user's messages, users in the order of their first
    /// message, following the pages when the API answers in several.
    public func allMessages() async throws(MessagesClientError) -> [UserMessages] {
        var users = UserMessagesJoiner()
        var pages = PageWalk(first: collectionURL, pageSize: pageSize)
        while let url = pages.url {
            let data = try await send(URLRequest(url: url), expecting: 200)
            let page = try decode(url) { try MessagesWire.decodeAllMessages(data) }
            users.append(page.users)
            try pages.advance(to: page.next)
        }
        return users.users
    }

    /// `GET /proto/messages` unless it is unchanged: with `entityTag` (the ``ChangedMessages/entityTag``
    /// of an earlier answer) the first page is asked for with `If-None-Match`, and an API that
    /// answers `304 Not Modified` costs no message read and returns `nil`. Otherwise every
    /// page, as ``allMessages()``, and the first page's `ETag` to pass next time (`nil` from an
    /// API that sends none: then every call reads everything).
    public func allMessages(ifChangedSince entityTag: String?) async throws(MessagesClientError) -> ChangedMessages? {
        var users = UserMessagesJoiner()
        var pages = PageWalk(first: collectionURL, pageSize: pageSize)
        var tag: String?
        var first = true
        while let url = pages.url {
            var request = URLRequest(url: url)
            if first, let entityTag { request.setValue(entityTag, forHTTPHeaderField: "If-None-Match") }
            let (data, response) = try await send(request, expecting: first && entityTag != nil ? [200, 304] : [200])
            if first {
                if response.statusCode == 304 { return nil }
                tag = response.value(forHTTPHeaderField: "ETag")
                first = false
            }
            let page = try decode(url) { try MessagesWire.decodeAllMessages(data) }
            users.append(page.users)
            try pages.advance(to: page.next)
        }
        return ChangedMessages(users: users.users, entityTag: tag)
    }

    /// One page of `GET /proto/messages`: the users on it (in the order of their first message
    /// on the page, each with their messages on it, oldest first; a user whose messages span
    /// pages is on each) and the cursor of the next page (`nil` on the last). `cursor` is the
    /// `next` of an earlier page, `nil` for the first. The page is the API's: at most ``pageSize`` messages (the API's default if
    /// `nil`) and at most the API's byte budget of stored text (1 MiB by default).
    public func allMessagesPage(after cursor: String?) async throws(MessagesClientError) -> (users: [UserMessages], next: String?) {
        var items = pageSize.map { [URLQueryItem(name: "limit", value: String($0))] } ?? []
        if let cursor { items.append(URLQueryItem(name: "cursor", value: cursor)) }
        let url = try PageWalk.url(collectionURL, items, cursor: cursor)
        let data = try await send(URLRequest(url: url), expecting: 200)
        return try decode(url) { try MessagesWire.decodeAllMessages(data) }
    }

    /// Whether the messages changed since the answer that carried `entityTag` (an `ETag` of
    /// the API's listing): `GET /proto/messages?limit=1` with `If-None-Match`, which the API
    /// answers `304` without reading any message. Without `entityTag`, or from an API that
    /// sends no `ETag`, every call says ``ListingChange/changed(entityTag:)``.
    public func listingChange(since entityTag: String?) async throws(MessagesClientError) -> ListingChange {
        let url = try PageWalk.url(collectionURL, [URLQueryItem(name: "limit", value: "1")], cursor: nil)
        var request = URLRequest(url: url)
        if let entityTag { request.setValue(entityTag, forHTTPHeaderField: "If-None-Match") }
        let (_, response) = try await send(request, expecting: entityTag != nil ? [200, 304] : [200])
        if response.statusCode == 304 { return .unchanged }
        return .changed(entityTag: response.value(forHTTPHeaderField: "ETag"))
    }

    /// The URLs of a paged listing: the first, then the same with `cursor=<next>` until an
    /// answer has no `next`. A server that hands back a cursor it gave before would make the
    /// walk endless; that is an invalid answer.
    private struct PageWalk {
        let first: URL
        let limit: [URLQueryItem]
        private(set) var url: URL?
        private var seen: Set<String> = []

        init(first: URL, pageSize: Int?) {
            self.first = first
            limit = pageSize.map { [URLQueryItem(name: "limit", value: String($0))] } ?? []
            url = limit.isEmpty ? first : Self.url(first, limit)
        }

        private static func url(_ base: URL, _ items: [URLQueryItem]) -> URL? {
            var components = URLComponents(url: base, resolvingAgainstBaseURL: false)
            components?.queryItems = items
            return components?.url
        }

        /// `base` with `items` as its query, or why not (`cursor`, the part that can fail).
        static func url(_ base: URL, _ items: [URLQueryItem], cursor: String?) throws(MessagesClientError) -> URL {
            guard let url = url(base, items) else {
                throw .invalidResponse(url: base.absoluteString, reason: "the page cursor \(cursor ?? "") cannot be put in a URL")
            }
            return url
        }

        mutating func advance(to next: String?) throws(MessagesClientError) {
            guard let next else {
                url = nil
                return
            }
            guard seen.insert(next).inserted else {
                throw .invalidResponse(url: first.absoluteString, reason: "the API repeated the page cursor \(next)")
            }
            guard let nextURL = Self.url(first, limit + [URLQueryItem(name: "cursor", value: next)]) else {
                throw .invalidResponse(url: first.absoluteString, reason: "the page cursor \(next) cannot be put in a URL")
            }
            url = nextURL
        }
    }

    // MARK: - URLs

    private var collectionURL: URL {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return URL(string: base + MessagesWire.basePath) ?? baseURL
    }

    /// `{user}` percent-encoded as one path segment: everything but unreserved characters.
    private func userURL(_ user: String) -> URL {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        allowed.insert(charactersIn: "-._~")
        let segment = user.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
        return URL(string: collectionURL.absoluteString + "/" + segment) ?? collectionURL
    }

    // MARK: - Transport

    private func decode<T>(_ url: URL, _ body: () throws -> T) throws(MessagesClientError) -> T {
        do {
            return try body()
        } catch {
            throw .invalidResponse(url: url.absoluteString, reason: "\(error)")
        }
    }

    /// Sends `request`; returns the body of an answer with status `expected`, or throws what
    /// the answer (or its absence) means.
    private func send(_ request: URLRequest, expecting expected: Int) async throws(MessagesClientError) -> Data {
        try await send(request, expecting: [expected]).data
    }

    /// Sends `request`; returns the answer if its status is one of `expected`, or throws what
    /// the answer (or its absence) means.
    private func send(_ request: URLRequest, expecting expected: Set<Int>) async throws(MessagesClientError) -> (data: Data, response: HTTPURLResponse) {
        let url = request.url?.absoluteString ?? "?"
        let (data, response) = try await exchange(request, url: url)
        guard let http = response as? HTTPURLResponse else {
            throw .invalidResponse(url: url, reason: "not an HTTP answer")
        }
        let status = http.statusCode
        if expected.contains(status) { return (data, http) }
        let envelope = try? JSONDecoder().decode(ErrorEnvelope.self, from: data)
        switch status {
        case 400..<500:
            throw .rejected(status: status, code: envelope?.error.code ?? "unknown",
                            message: envelope?.error.message ?? HTTPURLResponse.localizedString(forStatusCode: status))
        case 500..<600:
            throw .serviceFailed(status: status, code: envelope?.error.code,
                                 message: envelope?.error.message ?? HTTPURLResponse.localizedString(forStatusCode: status))
        default:
            throw .invalidResponse(url: url, reason: "status \(status); expected \(expected.sorted().map(String.init).joined(separator: " or "))")
        }
    }

    /// One request and its answer, given up after ``timeout`` (the data task is cancelled).
    /// Written over the completion-handler API under LabSupport's time limit, so the bound
    /// holds whatever the platform's `URLSession` does with its timeout settings.
    private func exchange(_ request: URLRequest, url: String) async throws(MessagesClientError) -> (Data, URLResponse) {
        let timeout = self.timeout
        let session = self.session
        do {
            return try await withTimeout(timeout, timedOut: MessagesClientError.timedOut(url: url, after: timeout)) {
                try await Self.exchangeUnlimited(request, url: url, session: session, timeout: timeout).get()
            }
        } catch let error as MessagesClientError {
            throw error
        } catch {
            throw .timedOut(url: url, after: .zero)  // the caller was cancelled
        }
    }

    /// One request and its answer, however long it takes; cancelling the calling task cancels
    /// the data task.
    private static func exchangeUnlimited(
        _ request: URLRequest, url: String, session: URLSession, timeout: Duration
    ) async -> PendingExchange.Outcome {
        let pending = PendingExchange()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<PendingExchange.Outcome, Never>) in
                pending.start(continuation)
                let task = session.dataTask(with: request) { data, response, error in
                    if let response, data != nil || error == nil {
                        pending.finish(.success((data ?? Data(), response)))  // a 304 may come with no data at all
                    } else if let error = error as? URLError, error.code == .timedOut || error.code == .cancelled {
                        pending.finish(.failure(.timedOut(url: url, after: timeout)))
                    } else {
                        pending.finish(.failure(.unreachable(url: url, reason: Self.reason(error))))
                    }
                }
                pending.attach(task)
                task.resume()
            }
        } onCancel: {
            pending.finish(.failure(.timedOut(url: url, after: .zero)))
        }
    }

    private static func reason(_ error: (any Error)?) -> String {
        guard let error else { return "no answer" }
        if let error = error as? URLError {
            switch error.code {
            case .cannotConnectToHost: return "connection refused"
            case .networkConnectionLost: return "the connection was closed before an answer"
            case .cannotFindHost: return "the host name cannot be resolved"
            default: break
            }
        }
        return error.localizedDescription
    }
}

/// One request under way: the caller waiting for it and its data task. Whichever of answer
/// or cancellation comes first resumes the caller; the data task is then stopped.
private final class PendingExchange: Sendable {
    typealias Outcome = Result<(Data, URLResponse), MessagesClientError>

    private struct State {
        var continuation: CheckedContinuation<Outcome, Never>?
        var early: Outcome?
        var task: URLSessionDataTask?
    }

    private let state = Mutex(State())

    func start(_ continuation: CheckedContinuation<Outcome, Never>) {
        let early = state.withLock { state -> Outcome? in
            if let early = state.early { return early }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(returning: early) }
    }

    /// Keeps the data task (called after ``start(_:)``), or cancels it at once when the
    /// exchange has already finished (cancelled before the task existed).
    func attach(_ task: URLSessionDataTask) {
        let finished = state.withLock { state -> Bool in
            state.task = task
            return state.continuation == nil
        }
        if finished { task.cancel() }
    }

    /// Resumes the caller with `outcome` unless it was resumed already; cancels the data task.
    func finish(_ outcome: Outcome) {
        let (continuation, task) = state.withLock { state in
            if state.continuation == nil && state.early == nil { state.early = outcome }
            defer { state.continuation = nil }
            return (state.continuation, state.task)
        }
        guard let continuation else { return }
        continuation.resume(returning: outcome)
        task?.cancel()
    }
}

/// What ``MessagesAPIClient/listingChange(since:)`` found.
public enum ListingChange: Sendable, Equatable {
    /// The messages are as they were when the API sent the entity tag asked about.
    case unchanged
    /// The messages changed (or the client cannot tell); the API's `ETag` for them now, to
    /// pass next time (`nil` if it sent none).
    case changed(entityTag: String?)
}

/// What ``MessagesAPIClient/allMessages(ifChangedSince:)`` read when the messages had changed.
public struct ChangedMessages: Sendable, Equatable {
    /// Every user's messages, users in the order of their first message.
    public var users: [UserMessages]
    /// The API's `ETag` for this state, to pass to the next call; `nil` if it sent none.
    public var entityTag: String?

    /// Messages read and the entity tag they came with.
    public init(users: [UserMessages], entityTag: String?) {
        self.users = users
        self.entityTag = entityTag
    }
}
