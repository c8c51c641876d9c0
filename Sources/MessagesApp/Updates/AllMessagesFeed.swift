import Foundation
import LabKit
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

/// One change feed per launch for the All Messages streams, each stream following one page.
/// While at least one stream is subscribed, one task watches the launch's
/// ``MessageActions/allMessagesChanges()`` (over the API: one conditional poll, answered `304`
/// while nothing changed) and, on each change, another reads each followed page once, renders
/// it once and hands the same bytes to every subscriber of that page (its ``UpdateMailbox``).
/// The last subscriber leaving stops both; the next one starts them again.
///
/// A page is one bounded page of the service's listing (``AllMessagesPage``), so one rendered
/// state is bounded too; at most ``maxFollowedPages`` different pages are followed at once, so
/// the feed holds at most that many.
final class AllMessagesFeed: Sendable {
    /// The most different pages followed at once; a stream for another page is refused
    /// (``subscribe(page:)`` returns `nil`) until one of them has no stream left.
    static let maxFollowedPages = 16

    private struct Subscriber {
        let page: Int
        let mailbox: UpdateMailbox
    }

    private struct State {
        var subscribers: [Int: Subscriber] = [:]
        var nextID = 0
        /// The watcher and the renderer, while anyone is subscribed.
        var run: Task<Void, Never>?
        /// Wakes the renderer: pages are ``stale``.
        var wake: AsyncStream<Void>.Continuation?
        /// Bumped each time a run starts, so a cancelled run's late update is dropped.
        var generation = 0
        /// The last state rendered of each followed page.
        var latest: [Int: RenderedUpdate] = [:]
        /// Followed pages to read again.
        var stale: Set<Int> = []

        var followedPages: Set<Int> { Set(subscribers.values.map(\.page)) }
    }

    private let actions: any MessageActions
    private let paths: MessagesPaths
    private let state = Mutex(State())

    /// A feed of `actions`' pages, rendered with `paths`; nothing runs until ``subscribe(page:)``.
    init(actions: any MessageActions, paths: MessagesPaths) {
        self.actions = actions
        self.paths = paths
    }

    /// A subscriber's handle: its mailbox, and ``AllMessagesFeed/unsubscribe(_:)``'s key.
    struct Subscription: Sendable {
        let id: Int
        let mailbox: UpdateMailbox
    }

    /// Subscribes a stream to page `page`: its mailbox gets the page's latest rendered state at
    /// once (if the feed has one; else the page is read now) and every later one. The first
    /// subscriber starts the run. `nil` if `page` would be one more than ``maxFollowedPages``.
    func subscribe(page: Int) -> Subscription? {
        let mailbox = UpdateMailbox()
        let id: Int? = state.withLock { state in
            let followed = state.followedPages
            guard followed.contains(page) || followed.count < Self.maxFollowedPages else { return nil }
            let id = state.nextID
            state.nextID += 1
            state.subscribers[id] = Subscriber(page: page, mailbox: mailbox)
            if state.run == nil {
                state.generation += 1
                let generation = state.generation
                let (wakes, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
                state.wake = wake
                state.run = Task { await self.run(generation: generation, wakes: wakes) }
            }
            if let latest = state.latest[page] {
                mailbox.deliver(latest)
            } else {
                state.stale.insert(page)
                state.wake?.yield()
            }
            return id
        }
        return id.map { Subscription(id: $0, mailbox: mailbox) }
    }

    /// Whether a stream for `page` would be subscribed now (see ``maxFollowedPages``).
    func canFollow(page: Int) -> Bool {
        state.withLock { state in
            let followed = state.followedPages
            return followed.contains(page) || followed.count < Self.maxFollowedPages
        }
    }

    /// Ends a subscription; a page no one follows is forgotten, and the last subscriber stops the run.
    func unsubscribe(_ subscription: Subscription) {
        subscription.mailbox.close()
        let run: Task<Void, Never>? = state.withLock { state in
            state.subscribers[subscription.id] = nil
            let followed = state.followedPages
            state.latest = state.latest.filter { followed.contains($0.key) }
            guard followed.isEmpty else { return nil }
            defer {
                state.wake?.finish()
                state.wake = nil
                state.run = nil
                state.stale = []
            }
            return state.run
        }
        run?.cancel()
    }

    /// Streams subscribed now.
    var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// Watches for changes (each marks every followed page stale) and renders stale pages
    /// (each new subscription to a page not rendered yet marks it stale too), until cancelled.
    private func run(generation: Int, wakes: AsyncStream<Void>) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await _ in self.actions.allMessagesChanges() {
                    self.state.withLock { state in
                        guard state.generation == generation else { return }
                        state.stale = state.followedPages
                        state.wake?.yield()
                    }
                }
            }
            group.addTask {
                for await _ in wakes { await self.renderStalePages(generation: generation) }
            }
            // The run ends when it is cancelled (the last subscriber left); a change stream that
            // ends by itself (the mock's, after its one element) leaves the renderer running.
            await group.waitForAll()
        }
    }

    private func renderStalePages(generation: Int) async {
        let pages: [Int] = state.withLock { state in
            guard state.generation == generation else { return [] }
            defer { state.stale = [] }
            return state.stale.sorted()
        }
        for page in pages where !Task.isCancelled {
            var model = AllMessagesViewModel(actions: actions, page: page)
            await model.load()
            let html = AllMessagesScreen.content(model.state, paths: paths).rendered
            let version = AllMessagesScreen.version(ofRendered: html)
            let known = state.withLock { $0.latest[page]?.version }
            guard version != known else { continue }
            let data = (try? JSONEncoder().encode(["html": html])) ?? Data("{}".utf8)
            var event = ByteBuffer(string: "event: messages\ndata: ")
            event.writeBytes(data)
            event.writeString("\n\n")
            let update = RenderedUpdate(version: version, event: event)
            let mailboxes: [UpdateMailbox] = state.withLock { state in
                guard state.generation == generation, state.run != nil else { return [] }
                let followers = state.subscribers.values.filter { $0.page == page }
                guard !followers.isEmpty else { return [] }
                state.latest[page] = update
                return followers.map(\.mailbox)
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
