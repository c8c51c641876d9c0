import DevTools
public import Foundation
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
        state.withLock { state in
            switch event.method {
            case "Page.frameRequestedNavigation", "Page.frameScheduledNavigation":
                guard frameId == mainFrameId else { return }
                state.loading = true
                state.requestedAt = ContinuousClock.now
            case "Page.frameClearedScheduledNavigation":
                // Sent both when a scheduled navigation starts and when it is dropped; the
                // events that follow (or the two-second rule above) settle which.
                break
            case "Page.frameStartedLoading":
                guard frameId == mainFrameId else { return }
                state.loading = true
                state.requestedAt = nil
            case "Page.loadEventFired":
                state.loading = false
                state.requestedAt = nil
                state.loads += 1
            case "Page.frameStoppedLoading":
                guard frameId == mainFrameId else { return }
                state.loading = false
                state.requestedAt = nil
            default:
                break
            }
        }
    }

    private struct EventParams<P: Decodable>: Decodable { let params: P }
}
