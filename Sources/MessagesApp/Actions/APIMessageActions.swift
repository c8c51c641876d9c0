import Foundation
import MessagesClient
public import MessagesModel
import Synchronization

/// The real action layer: every action is a call of the Messages API through
/// ``MessagesAPIClient`` at the launch's ``MessagesAPIAddress``.
///
/// All Messages is read a page of the API's listing at a time (``allMessagesPage(_:)``), and
/// ``allMessagesChanges()`` asks the API every ``pollInterval`` whether anything changed
/// (`If-None-Match`, answered `304` while nothing did, reading no message) and yields only
/// changes (the API has no push of its own; see docs/decisions.md).
public final class APIMessageActions: MessageActions {
    /// Where the API is.
    public let address: MessagesAPIAddress
    /// How long one call may take.
    public let timeout: Duration
    /// How often ``allMessagesChanges()`` asks the API.
    public let pollInterval: Duration
    /// The most messages a page of All Messages asks the API for (`nil`: the API's default,
    /// 1,000); the API's byte budget bounds a page either way.
    public let pageSize: Int?
    private let client = Mutex<MessagesAPIClient?>(nil)
    private let pageStarts = PageStarts()

    /// Actions over the API at `address`, each call bounded by `timeout`, pages of All
    /// Messages of at most `pageSize` messages (the API's default if `nil`).
    public init(
        address: MessagesAPIAddress, timeout: Duration = .seconds(5), pollInterval: Duration = .milliseconds(300), pageSize: Int? = nil
    ) {
        self.address = address
        self.timeout = timeout
        self.pollInterval = pollInterval
        self.pageSize = pageSize
    }

    public func add(_ message: Message) async throws(MessageActionError) -> Message {
        try await call { (client) throws(MessagesClientError) in try await client.add(message) }
    }

    public func messages(of user: String) async throws(MessageActionError) -> [MessageEntry] {
        try await call { (client) throws(MessagesClientError) in try await client.messages(of: user) }
    }

    /// Page `number` of the API's listing (`GET /proto/messages?cursor=…`): one API read when
    /// the page's start is known (``PageStarts``), else the pages before it from the last
    /// known start, one at a time.
    public func allMessagesPage(_ number: Int) async throws(MessageActionError) -> AllMessagesPage? {
        guard (1...AllMessagesPage.maxNumber).contains(number) else { return nil }
        let page = try await pageStarts.page(number) { (cursor) throws(MessageActionError) in
            try await call { (client) throws(MessagesClientError) in try await client.allMessagesPage(after: cursor) }
        }
        return page.map { AllMessagesPage(number: number, users: $0.users, hasNext: $0.next != nil) }
    }

    /// Asks the API every ``pollInterval`` whether the messages changed: `GET /proto/messages`
    /// with `limit=1` and `If-None-Match` with the last answer's `ETag`, which the API answers
    /// `304` without reading any message. Yields at once, then on each change, on the first
    /// failure of a run of failures, and on the first success after one. One poller per
    /// call, so the app calls this once per launch (`AllMessagesFeed`), not once per stream.
    public func allMessagesChanges() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let interval = pollInterval
        let poller = Task {
            var entityTag: String?
            var failing: MessageActionError?
            var first = true
            while !Task.isCancelled {
                do throws(MessageActionError) {
                    let known = failing == nil ? entityTag : nil
                    let change = try await call { (client) throws(MessagesClientError) in try await client.listingChange(since: known) }
                    // The first call (and the first after a failure) sends no tag: always `changed`.
                    if case .changed(let tag) = change {
                        entityTag = tag
                        continuation.yield()
                    }
                    failing = nil
                } catch {
                    if first || error != failing { continuation.yield() }
                    failing = error
                }
                first = false
                guard (try? await Task.sleep(for: interval)) != nil else { break }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in poller.cancel() }
        return stream
    }

    /// Runs `body` with the client, mapping the network layer's errors to the screen's.
    private func call<T>(_ body: (MessagesAPIClient) async throws(MessagesClientError) -> T) async throws(MessageActionError) -> T {
        guard let client = currentClient() else {
            throw .unavailable("The Messages service is not configured: no API address is known yet")
        }
        do {
            return try await body(client)
        } catch {
            switch error {
            case .rejected(_, _, let message): throw .rejected(message)
            default: throw .unavailable("The Messages service is unavailable: \(error.description)")
            }
        }
    }

    private func currentClient() -> MessagesAPIClient? {
        client.withLock { client in
            if let client { return client }
            guard let url = address.url else { return nil }
            let made = MessagesAPIClient(baseURL: url, timeout: timeout, pageSize: pageSize)
            client = made
            return made
        }
    }
}
