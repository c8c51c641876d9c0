import Foundation
import MessagesModel
import NIOCore
import Synchronization

/// The All Messages content as one server-sent event, rendered once for every stream.
struct RenderedUpdate: Sendable {
    /// The content's fingerprint (``AllMessagesScreen/version(of:)``).
    let version: String
    /// The whole event: `event: messages`, `data: {"html": …}`, a blank line.
    let event: ByteBuffer
}

/// One change feed per launch for the All Messages streams: while at least one stream is
/// subscribed, one task reads the launch's ``MessageActions/allMessagesUpdates()`` (over the
/// API: one conditional poll, answered `304` while nothing changed), renders each new state
/// once, and hands the same bytes to every subscriber's ``UpdateMailbox``. The last subscriber
/// leaving stops the reader; the next one starts it again.
final class AllMessagesFeed: Sendable {
    private struct State {
        var subscribers: [Int: UpdateMailbox] = [:]
        var nextID = 0
        var reader: Task<Void, Never>?
        /// Bumped each time a reader starts, so a cancelled reader's late update is dropped.
        var generation = 0
        var latest: RenderedUpdate?
    }

    private let actions: any MessageActions
    private let paths: MessagesPaths
    private let state = Mutex(State())

    /// A feed of `actions`' updates, rendered with `paths`; nothing runs until ``subscribe()``.
    init(actions: any MessageActions, paths: MessagesPaths) {
        self.actions = actions
        self.paths = paths
    }

    /// A subscriber's handle: its mailbox, and ``AllMessagesFeed/unsubscribe(_:)``'s key.
    struct Subscription: Sendable {
        let id: Int
        let mailbox: UpdateMailbox
    }

    /// Subscribes a stream: its mailbox gets the latest rendered state at once (if the feed has
    /// one) and every later one. The first subscriber starts the reader.
    func subscribe() -> Subscription {
        let mailbox = UpdateMailbox()
        let id = state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.subscribers[id] = mailbox
            if let latest = state.latest { mailbox.deliver(latest) }
            if state.reader == nil {
                state.generation += 1
                let generation = state.generation
                state.reader = Task { await self.read(generation: generation) }
            }
            return id
        }
        return Subscription(id: id, mailbox: mailbox)
    }

    /// Ends a subscription; the last one stops the reader and forgets the latest state.
    func unsubscribe(_ subscription: Subscription) {
        subscription.mailbox.close()
        let reader: Task<Void, Never>? = state.withLock { state in
            state.subscribers[subscription.id] = nil
            guard state.subscribers.isEmpty else { return nil }
            defer {
                state.reader = nil
                state.latest = nil
            }
            return state.reader
        }
        reader?.cancel()
    }

    /// Streams subscribed now.
    var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    private func read(generation: Int) async {
        var lastVersion: String?
        for await modelState in AllMessagesViewModel(actions: actions).updates() {
            let content = AllMessagesScreen.content(modelState, paths: paths)
            let version = AllMessagesScreen.version(of: content)
            guard version != lastVersion else { continue }
            lastVersion = version
            let data = (try? JSONEncoder().encode(["html": content.rendered])) ?? Data("{}".utf8)
            var event = ByteBuffer(string: "event: messages\ndata: ")
            event.writeBytes(data)
            event.writeString("\n\n")
            let update = RenderedUpdate(version: version, event: event)
            let mailboxes: [UpdateMailbox] = state.withLock { state in
                guard state.generation == generation, state.reader != nil else { return [] }
                state.latest = update
                return Array(state.subscribers.values)
            }
            for mailbox in mailboxes { mailbox.deliver(update) }
        }
    }
}

/// One stream's bounded buffer: the newest rendered state not yet written (a newer one replaces
/// it: a slow reader skips intermediate states, never queues them) and whether a heartbeat is
/// due. Whatever the client's speed, it holds at most one update and one flag.
final class UpdateMailbox: Sendable {
    private let slot = Mutex<(update: RenderedUpdate?, heartbeat: Bool)>((nil, false))
    /// Wakes the writer when something is waiting; at most one wake-up is buffered.
    let wakeUps: AsyncStream<Void>
    private let wake: AsyncStream<Void>.Continuation

    init() {
        (wakeUps, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// `update` replaces whatever was waiting.
    func deliver(_ update: RenderedUpdate) {
        slot.withLock { $0.update = update }
        wake.yield()
    }

    /// A heartbeat is due.
    func heartbeat() {
        slot.withLock { $0.heartbeat = true }
        wake.yield()
    }

    /// What is waiting, emptied.
    func take() -> (update: RenderedUpdate?, heartbeat: Bool) {
        slot.withLock { slot in
            defer { slot = (nil, false) }
            return slot
        }
    }

    /// Ends ``wakeUps``.
    func close() { wake.finish() }
}
