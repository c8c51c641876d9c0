import DevTools
import Foundation
import Synchronization

/// Follows the main frame's navigations from `Page` events, so "the app is idle" can
/// include "no navigation is under way", and a page that could not be loaded is known. Events arrive in order on the connection, so after
/// any reply, every navigation the browser had started before it is known here.
final class NavigationTracker: Sendable {
    private let mainFrameId: String
    private let state = Mutex(State())
    private let listener = Mutex<Task<Void, Never>?>(nil)

    private struct State {
        var loading = false
        /// When the pending navigation was requested; one that never starts is dropped.
        var requestedAt: ContinuousClock.Instant?
        var loads = 0
        /// The URL the main frame failed to load, while it shows the browser's error page.
        var unreachableURL: String?
        /// Callers waiting for the navigation under way to end (``settled(within:)``), by ticket.
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextTicket = 0
    }

    init(page: PageSession) {
        mainFrameId = page.targetId
        let events = page.session.events(methods: [
            "Page.frameRequestedNavigation", "Page.frameStartedLoading", "Page.frameStoppedLoading",
            "Page.loadEventFired", "Page.frameScheduledNavigation", "Page.frameClearedScheduledNavigation",
            CDP.Page.FrameNavigated.method,
        ])
        let task = Task { [weak self] in
            do {
                for try await event in events { self?.handle(event) }
            } catch {}
        }
        listener.withLock { $0 = task }
    }

    deinit {
        listener.withLock { $0?.cancel() }
    }

    /// A main-frame navigation is under way.
    var isLoading: Bool {
        state.withLock { state in
            // A requested navigation that never started loading (cancelled, download) ends here.
            if state.loading, let requested = state.requestedAt, ContinuousClock.now - requested > .seconds(2) {
                state.loading = false
                state.requestedAt = nil
            }
            return state.loading
        }
    }

    /// Returns once no main-frame navigation is under way — at once if none is — or after
    /// `limit`, whichever comes first: the idle wait wakes on the load itself rather than
    /// polling for it (a poll's sleep cost a navigating tap 2–5 ms). The caller asks
    /// ``isLoading`` again.
    func settled(within limit: Duration) async {
        guard limit > .zero, isLoading else { return }
        let ticket = takeTicket()
        let timer = WaitTimer()
        await withCheckedContinuation { continuation in
            guard park(continuation, as: ticket) else { return continuation.resume() }
            // Started once the waiter is parked, so its end always finds it (else a navigation
            // that never ends would keep the caller past `limit`).
            timer.start(Task { [weak self] in
                try? await Task.sleep(for: limit)
                self?.resume(ticket)
            })
        }
        timer.cancel()
    }

    /// The task that ends a wait at its limit: set once the waiter is parked, cancelled when
    /// the wait is over.
    private final class WaitTimer: Sendable {
        private let task = Mutex<Task<Void, Never>?>(nil)
        @inline(never) func start(_ task: Task<Void, Never>) { self.task.withLock { $0 = task } }
        @inline(never) func cancel() { task.withLock { $0?.cancel() } }
    }

    // The lock is taken in functions of their own, never inlined into an async body (a
    // `Mutex` inlined there crashed release builds: see `PageDriver.noteInput`).
    @inline(never)
    private func takeTicket() -> Int {
        state.withLock { state in
            defer { state.nextTicket += 1 }
            return state.nextTicket
        }
    }

    /// Keeps `continuation` until the navigation ends; `false` when none is under way.
    @inline(never)
    private func park(_ continuation: CheckedContinuation<Void, Never>, as ticket: Int) -> Bool {
        state.withLock { state in
            guard state.loading else { return false }
            state.waiters[ticket] = continuation
            return true
        }
    }

    /// Resumes the waiter `ticket`, if it still waits (the load and the timer race; each
    /// continuation is taken out once, under the lock, and resumed once).
    @inline(never)
    private func resume(_ ticket: Int) {
        state.withLock { $0.waiters.removeValue(forKey: ticket) }?.resume()
    }

    /// How many main-frame loads have completed.
    var loadCount: Int { state.withLock { $0.loads } }

    /// The URL the main frame could not load (the server did not answer, the name did not
    /// resolve, …) while it shows the browser's error page instead; `nil` otherwise.
    var unreachableURL: String? { state.withLock { $0.unreachableURL } }

    private func handle(_ event: CDPEventMessage) {
        if event.method == CDP.Page.FrameNavigated.method {
            guard let frame = try? event.decode(CDP.Page.FrameNavigated.self).frame, frame.parentId == nil else { return }
            state.withLock { $0.unreachableURL = frame.unreachableUrl }
            return
        }
        struct FrameEvent: Decodable { let frameId: String? }
        let frameId = (try? JSONDecoder().decode(EventParams<FrameEvent>.self, from: event.json))?.params.frameId
        let settled = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            switch event.method {
            case "Page.frameRequestedNavigation", "Page.frameScheduledNavigation":
                guard frameId == mainFrameId else { return [] }
                state.loading = true
                state.requestedAt = ContinuousClock.now
            case "Page.frameClearedScheduledNavigation":
                // Sent both when a scheduled navigation starts and when it is dropped; the
                // events that follow (or the two-second rule above) settle which.
                break
            case "Page.frameStartedLoading":
                guard frameId == mainFrameId else { return [] }
                state.loading = true
                state.requestedAt = nil
            case "Page.loadEventFired":
                state.loading = false
                state.requestedAt = nil
                state.loads += 1
            case "Page.frameStoppedLoading":
                guard frameId == mainFrameId else { return [] }
                state.loading = false
                state.requestedAt = nil
            default:
                break
            }
            guard !state.loading else { return [] }
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in settled { waiter.resume() }
    }

    private struct EventParams<P: Decodable>: Decodable { let params: P }
}
