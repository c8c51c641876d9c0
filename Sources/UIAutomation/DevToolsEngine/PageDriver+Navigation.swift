import DevTools
import Synchronization
import Foundation
import LabSupport

/// Navigating the running app's page: open a URL, reload, back and forward.
extension PageDriver {
    /// Opens `url` in the page (the browser context, and so storage and cookies, stay), then
    /// waits until the app is idle. A URL that differs only in its fragment navigates within
    /// the document.
    func navigate(to url: String, until deadline: ContinuousClock.Instant) async throws {
        try await navigating(until: deadline) {
            let reply = try await page.send(CDP.Page.Navigate(url: url), timeout: Self.remaining(deadline))
            if let errorText = reply.errorText { throw DevToolsError.navigationFailed(url: url, reason: errorText) }
        }
    }

    /// Reloads the page, keeping storage and cookies, then waits until the app is idle.
    func reload(until deadline: ContinuousClock.Instant) async throws {
        try await navigating(until: deadline) {
            _ = try await page.send(CDP.Page.Reload(), timeout: Self.remaining(deadline))
        }
    }

    /// Goes `offset` entries through the session history (-1 back, 1 forward), then waits
    /// until the app is idle. Returns `false`, doing nothing, when there is no such entry in
    /// this launch's history (the tab's `about:blank` before the launch page does not count).
    func goThroughHistory(by offset: Int, until deadline: ContinuousClock.Instant) async throws -> Bool {
        try await browser.run {
            let history = try await page.send(CDP.Page.GetNavigationHistory(), timeout: configuration.responseTimeout)
            let target = history.currentIndex + offset
            guard history.entries.indices.contains(target), target >= historyFloor.withLock({ $0 }) else { return false }
            try await navigating(until: deadline) {
                _ = try await page.send(CDP.Page.NavigateToHistoryEntry(entryId: history.entries[target].id), timeout: Self.remaining(deadline))
            }
            return true
        }
    }

    /// Runs `start`, which begins a main-frame navigation, and waits until that navigation has
    /// finished — a `load` event for a new document, `navigatedWithinDocument` for a history or
    /// fragment step in the same one — and then until the app is idle: both by `deadline`, the
    /// call's one deadline (the idle wait also within the idle timeout). Both events are
    /// subscribed to before `start` runs, so neither can be missed.
    private func navigating(until deadline: ContinuousClock.Instant, _ start: () async throws -> Void) async throws {
        let progress = CallProgress.current
        try await sendingInput(forgetting: true) {
            let events = page.session.events(methods: [CDP.Page.LoadEventFired.method, CDP.Page.NavigatedWithinDocument.method])
            progress?.enter("navigate")
            try await start()
            let mainFrame = page.targetId
            progress?.waiting(for: "the navigation to finish")
            let limit = Self.remaining(deadline)
            let timedOut = UIAutomationError(query: "app", reason: progress?.timedOut(waitingFor: "the navigation to finish", lastProblem: "no load event")
                ?? .timedOut(after: limit, waitingFor: "the navigation to finish", lastProblem: "no load event"))
            let finished = try await withTimeout(limit, timedOut: timedOut) {
                for try await event in events {
                    if event.method == CDP.Page.LoadEventFired.method { return true }
                    if (try? event.decode(CDP.Page.NavigatedWithinDocument.self))?.frameId == mainFrame { return true }
                }
                return false
            }
            guard finished else {
                throw UIAutomationError(query: "app", reason: .browser(BrowserFailure(DevToolsError.connectionClosed(reason: "the page's events ended during a navigation"))))
            }
            progress?.enter("wait for idle")
            try await waitForIdle(until: min(deadline, .now + configuration.idleTimeout))
        }
    }

    /// Time left until `deadline`, at least a millisecond (a request needs some bound).
    static func remaining(_ deadline: ContinuousClock.Instant) -> Duration {
        max(deadline - .now, .milliseconds(1))
    }
}
