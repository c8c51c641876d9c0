import DevTools
import Foundation

/// Navigating the running app's page: open a URL, reload, back and forward.
extension PageDriver {
    /// Opens `url` in the page (the browser context, and so storage and cookies, stay), then
    /// waits until the app is idle. A URL that differs only in its fragment navigates within
    /// the document.
    func navigate(to url: String, timeout: Duration) async throws {
        try await navigating(timeout: timeout) {
            let reply = try await page.send(CDP.Page.Navigate(url: url), timeout: timeout)
            if let errorText = reply.errorText { throw DevToolsError.navigationFailed(url: url, reason: errorText) }
        }
    }

    /// Reloads the page, keeping storage and cookies, then waits until the app is idle.
    func reload(timeout: Duration) async throws {
        try await navigating(timeout: timeout) {
            _ = try await page.send(CDP.Page.Reload(), timeout: timeout)
        }
    }

    /// Goes `offset` entries through the session history (-1 back, 1 forward), then waits
    /// until the app is idle. Returns `false`, doing nothing, when there is no such entry in
    /// this launch's history (the tab's `about:blank` before the launch page does not count).
    func goThroughHistory(by offset: Int, timeout: Duration) async throws -> Bool {
        try await browser.run {
            let history = try await page.send(CDP.Page.GetNavigationHistory(), timeout: configuration.responseTimeout)
            let target = history.currentIndex + offset
            guard history.entries.indices.contains(target), target >= historyFloor.withLock({ $0 }) else { return false }
            try await navigating(timeout: timeout) {
                _ = try await page.send(CDP.Page.NavigateToHistoryEntry(entryId: history.entries[target].id), timeout: timeout)
            }
            return true
        }
    }

    /// Runs `start`, which begins a main-frame navigation, and waits until that navigation has
    /// finished — a `load` event for a new document, `navigatedWithinDocument` for a history or
    /// fragment step in the same one — and then until the app is idle (within the idle timeout). Both events are
    /// subscribed to before `start` runs, so neither can be missed.
    private func navigating(timeout: Duration, _ start: () async throws -> Void) async throws {
        try await sendingInput {
            let events = page.session.events(methods: [CDP.Page.LoadEventFired.method, CDP.Page.NavigatedWithinDocument.method])
            try await start()
            let mainFrame = page.targetId
            let finished = try await withThrowingTaskGroup(of: Bool.self) { group in
                group.addTask {
                    for try await event in events {
                        if event.method == CDP.Page.LoadEventFired.method { return true }
                        if (try? event.decode(CDP.Page.NavigatedWithinDocument.self))?.frameId == mainFrame { return true }
                    }
                    return false
                }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    return false
                }
                defer { group.cancelAll() }
                return try await group.next() ?? false
            }
            guard finished else {
                throw UIAutomationError(query: "app", reason: .timedOut(
                    after: timeout, waitingFor: "the navigation to finish", lastProblem: "no load event"))
            }
            try await waitForIdle(timeout: configuration.idleTimeout)
        }
    }
}
