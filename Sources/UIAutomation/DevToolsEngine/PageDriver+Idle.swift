import DevTools
import Foundation
import LabSupport
import Synchronization

/// Waiting until the app is idle: no navigation under way, the document loaded, no request in
/// flight, no finite animation.
extension PageDriver {
    /// Why the page is the browser's error page. The `Page` events name only the URL, not the
    /// network error (that would take the `Network` domain on every page, for this one case).
    static let errorPageReason = "the browser could not load it and shows its error page instead; is the app's server still running?"

    /// Waits until no main-frame navigation is under way, the document is loaded, no
    /// request is in flight and no finite animation runs — by `deadline` (the call's, see
    /// ``CallProgress``). Throws a timeout naming what kept the page busy.
    func waitForIdle(until deadline: ContinuousClock.Instant) async throws {
        let progress = CallProgress.current
        progress?.waiting(for: "the app to become idle")
        let started = ContinuousClock.now
        var lastProblem: String?
        let idle = try await browser.run {
            // The page waits within each check (up to 1 s, a frame at a time); a navigation under
            // way is waited out on its own events (woken by its load), and the document it loaded
            // is asked at once, without the poll's sleep in between.
            try await poll(until: deadline, backoff: Backoff([.milliseconds(2)])) {
                while ContinuousClock.now < deadline {
                    if navigation.isLoading {
                        await navigation.settled(within: min(deadline - .now, .milliseconds(100)))
                        if navigation.isLoading {
                            lastProblem = "a navigation is loading"
                            return false
                        }
                    }
                    switch try await askIdle(until: deadline) {
                    case .idle: return true
                    case .busy(let problem):
                        lastProblem = problem
                        return false
                    case .navigating(let problem):
                        lastProblem = problem  // round again: the top waits for the load
                    }
                }
                return false
            }
        }
        guard !idle else { return }
        let reason = progress?.timedOut(waitingFor: "the app to become idle", lastProblem: lastProblem)
            ?? .timedOut(after: .now - started, waitingFor: "the app to become idle", lastProblem: lastProblem)
        throw UIAutomationError(query: "app", reason: reason)
    }

    /// One answer of the page's idle check (``PageScripts/idle(budgetMilliseconds:)``).
    private enum IdleAnswer {
        case idle
        /// Busy, and why (a request in flight, an animation, a late answer).
        case busy(String?)
        /// A navigation started meanwhile, or took the document away under the check.
        case navigating(String)
    }

    /// Asks the page once whether it is idle (it waits up to a second, a frame at a time).
    private func askIdle(until deadline: ContinuousClock.Instant) async throws -> IdleAnswer {
        let budget = max(1, Int((deadline - .now).inMilliseconds))
        do {
            let result = try await page.send(
                CDP.Runtime.Evaluate(expression: PageScripts.idle(budgetMilliseconds: min(budget, 1_000)), awaitPromise: true),
                timeout: .milliseconds(min(budget, 1_000) + 1_000))
            if let exception = result.exceptionDetails { return .busy(exception.message) }
            guard result.result.value == nil || result.result.value == .null else { return .busy(result.result.value?.text) }
            // Idle in this document; a navigation requested meanwhile is known by now.
            if navigation.isLoading { return .navigating("a navigation is loading") }
            if let unreachable = navigation.unreachableURL {
                throw DevToolsError.navigationFailed(url: unreachable, reason: Self.errorPageReason)
            }
            return .idle
        } catch DevToolsError.protocolError(_, _, let message, _) where Self.isNavigationRace(message) {
            // The document went away under the check: a navigation (at once again when it is known).
            return navigation.isLoading ? .navigating(message) : .busy(message)
        } catch DevToolsError.timeout(_, let after) {
            // A loaded machine (or a page busy in a long task) answered late: still busy, not a
            // failure while the call's deadline has time left. A hung page keeps answering late
            // and fails at that deadline, saying so.
            return .busy("the page did not answer within \(after) (a long task, or a loaded machine)")
        }
    }
}
