import Foundation
import MessagesClient
import MessagesModel
import Synchronization

/// The real action layer: every action is a call of the Messages API through
/// ``MessagesAPIClient`` at the launch's ``MessagesAPIAddress``.
///
/// ``allMessagesUpdates()`` asks `GET /proto/messages` every ``pollInterval`` whether anything
/// changed (`If-None-Match`, answered `304` while nothing did) and yields only changes (the API
/// has no push of its own; see docs/decisions.md).
public final class APIMessageActions: MessageActions {
    /// Where the API is.
    public let address: MessagesAPIAddress
    /// How long one call may take.
    public let timeout: Duration
    /// How often ``allMessagesUpdates()`` asks the API.
    public let pollInterval: Duration
    private let client = Mutex<MessagesAPIClient?>(nil)

    /// Actions over the API at `address`, each call bounded by `timeout`.
    public init(address: MessagesAPIAddress, timeout: Duration = .seconds(5), pollInterval: Duration = .milliseconds(300)) {
        self.address = address
        self.timeout = timeout
        self.pollInterval = pollInterval
    }

    public func add(_ message: Message) async throws(MessageActionError) -> Message {
        try await call { (client) throws(MessagesClientError) in try await client.add(message) }
    }

    public func messages(of user: String) async throws(MessageActionError) -> [MessageEntry] {
        try await call { (client) throws(MessagesClientError) in try await client.messages(of: user) }
    }

    public func allMessages() async throws(MessageActionError) -> [UserMessages] {
        try await call { (client) throws(MessagesClientError) in try await client.allMessages() }
    }

    /// Asks the API every ``pollInterval`` whether the messages changed: `GET /proto/messages`
    /// with `If-None-Match` and the last answer's `ETag`, which the API answers `304` without
    /// reading any message; only a change is read whole and yielded. One poller per call, so
    /// the app calls this once per launch (`AllMessagesFeed`), not once per stream.
    public func allMessagesUpdates() -> AsyncStream<Result<[UserMessages], MessageActionError>> {
        let (stream, continuation) = AsyncStream<Result<[UserMessages], MessageActionError>>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let interval = pollInterval
        let poller = Task {
            var last: Result<[UserMessages], MessageActionError>?
            var entityTag: String?
            while !Task.isCancelled {
                var now: Result<[UserMessages], MessageActionError>?
                do throws(MessageActionError) {
                    let known = last.flatMap { try? $0.get() } != nil ? entityTag : nil
                    if let changed = try await call({ (client) throws(MessagesClientError) in try await client.allMessages(ifChangedSince: known) }) {
                        now = .success(changed.users)
                        entityTag = changed.entityTag
                    }
                } catch {
                    now = .failure(error)
                }
                if let now, now != last {
                    continuation.yield(now)
                    last = now
                }
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
            let made = MessagesAPIClient(baseURL: url, timeout: timeout)
            client = made
            return made
        }
    }
}
