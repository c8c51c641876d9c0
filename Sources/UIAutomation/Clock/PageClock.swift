public import Foundation
import LabSupport
import Synchronization

/// A clock the test controls in the app's page (``Application/clock``), as Playwright's
/// `page.clock`: `Date`, `setTimeout`/`setInterval` and `requestAnimationFrame` run on a fake
/// time that the test can pause, move forward and fix.
///
/// ```swift
/// try await app.clock.install(at: Date(timeIntervalSince1970: 1_800_000_000))  // before launch()
/// try await app.launch()
/// try await app.clock.pauseAt(Date(timeIntervalSince1970: 1_800_000_060))     // timers due by then fire once
/// try await app.clock.fastForward(.seconds(30))                              // a 30 s timeout fires
/// try await app.clock.runFor(.seconds(5))                                    // every tick of an interval
/// try await app.clock.resume()
/// try await app.clock.setFixedTime(Date(timeIntervalSince1970: 0))           // Date is 1970; timers run
/// ```
///
/// Installed before `launch()` it is in place before the app's first script runs, in every
/// document of every launch; installed while the app runs, it takes over the current document
/// at once (timers made before stay real) and every later one. Each document of a launch starts
/// from the state the test left the clock in. `performance.now()` stays real.
///
/// While the clock is paused nothing fires, and the idle wait after an action does not wait for
/// a paused timer (it never runs); a wait or expectation that times out while the clock is
/// paused with timers pending says so, and what to call.
public struct PageClock: Sendable {
    let app: Application

    /// Installs the clock: the page's time starts at `date` (default: now) and flows.
    public func install(at date: Date? = nil, file: StaticString = #filePath, line: UInt = #line) async throws {
        let offset = date.map { ($0.timeIntervalSince1970 - Date().timeIntervalSince1970) * 1_000 } ?? 0
        app.clockSettings.withLock { $0 = ClockState(offset: offset, paused: false, pausedAt: 0, fixed: nil) }
        try await called(file, line) {
            guard app.isRunning else { return }
            try await app.step("app.clock.install(\(date.map { "at: \($0)" } ?? ""))", .action) {
                let driver = try app.driver(for: "app.clock")
                try await app.perform("app.clock.install()") {
                    guard let state = app.clockSettings.withLock({ $0 }) else { return }
                    try await driver.setDocumentScript(PageClock.script(state), key: PageClock.scriptKey)
                    _ = try await driver.evaluate(PageClock.script(state))
                }
            }
        }
    }

    /// Moves the clock forward by `duration`, firing each timer due meanwhile at most once (as a
    /// laptop waking from sleep), then waits until the app is idle. Paused, it stays paused.
    public func fastForward(_ duration: Duration, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await control("fastForward(\(duration.milliseconds))", call: "app.clock.fastForward(\(duration))", file, line)
    }

    /// Moves the clock forward by `duration` in steps of a frame, firing every timer due on the
    /// way (an interval as often as it falls due) and, while paused, the frames the page asked
    /// for; then waits until the app is idle.
    public func runFor(_ duration: Duration, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await control("runFor(\(duration.milliseconds))", call: "app.clock.runFor(\(duration))", file, line)
    }

    /// Moves the clock forward to `date` as ``fastForward(_:file:line:)`` does and pauses it
    /// there: no timer fires and no frame runs until the next `fastForward`, `runFor`, `pauseAt`
    /// or `resume`. A `date` before the clock's time is `.invalidRequest`.
    public func pauseAt(_ date: Date, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await control("pauseAt(\(Self.milliseconds(date)))", call: "app.clock.pauseAt(\(date))", file, line)
    }

    /// Lets the clock flow again from where it was paused; the frames held while paused run.
    public func resume(file: StaticString = #filePath, line: UInt = #line) async throws {
        try await control("resume()", call: "app.clock.resume()", file, line)
    }

    /// Makes `Date` answer `date` at all times; timers keep running (on the clock's own time).
    public func setFixedTime(_ date: Date, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await control("setFixedTime(\(Self.milliseconds(date)))", call: "app.clock.setFixedTime(\(date))", file, line)
    }

    /// Whether the clock is installed and paused.
    public var isPaused: Bool { app.clockSettings.withLock { $0?.paused ?? false } }

    // MARK: Internals

    /// The key of the clock's script among the page's scripts for new documents.
    static let scriptKey = "clock"

    /// The script that installs the clock in a document, in `state`.
    static func script(_ state: ClockState) -> String {
        "(" + PageScripts.clock + ")(" + state.json + ")"
    }

    static func milliseconds(_ date: Date) -> String { String(format: "%.0f", date.timeIntervalSince1970 * 1_000) }

    /// Runs `window.__labClock.<operation>` in the page, keeps the state it answers for the
    /// next documents, and waits until the app is idle — one step, one deadline.
    private func control(_ operation: String, call: String, _ file: StaticString, _ line: UInt) async throws {
        try await called(file, line) {
            guard app.clockSettings.withLock({ $0 }) != nil else {
                throw UIAutomationError(query: call, reason: .invalidRequest("the clock is not installed: call app.clock.install() first"))
            }
            let driver = try app.driver(for: call)
            try await app.step(call, .action) {
                try await CallProgress.run(call, limit: app.configuration.actionTimeout) { progress in
                    try await app.perform(call) {
                        let answer = try await driver.evaluate(
                            "window.__labClock ? window.__labClock.\(operation) : {missing: true}")
                        guard answer["missing"] == nil, let state = ClockState(answer) else {
                            throw UIAutomationError(query: call, reason: .invalidRequest(
                                "this document has no clock (it was loaded before app.clock.install() and not since)"))
                        }
                        app.clockSettings.withLock { $0 = state }
                        try await driver.setDocumentScript(PageClock.script(state), key: PageClock.scriptKey)
                        progress.enter("wait for idle")
                        try await driver.waitForIdle(until: min(progress.deadline, .now + app.configuration.idleTimeout))
                    }
                }
            }
        }
    }
}

/// The clock's state as a new document starts from it (`clock.js`'s argument).
struct ClockState: Sendable, Equatable {
    /// Fake minus real time, in milliseconds, while running.
    var offset: Double
    var paused: Bool
    /// The fake time, in milliseconds since 1970, while paused.
    var pausedAt: Double
    /// What `Date` answers at all times, if fixed.
    var fixed: Double?

    init(offset: Double, paused: Bool, pausedAt: Double, fixed: Double?) {
        self.offset = offset
        self.paused = paused
        self.pausedAt = pausedAt
        self.fixed = fixed
    }

    /// The state `window.__labClock` answers.
    init?(_ value: JSONValue) {
        guard let paused = value["paused"]?.bool else { return nil }
        self.init(offset: value["offset"]?.number ?? 0, paused: paused, pausedAt: value["pausedAt"]?.number ?? 0,
                  fixed: value["fixed"]?.number)
    }

    var json: String {
        "{offset: \(offset), paused: \(paused), pausedAt: \(pausedAt), fixed: \(fixed.map { "\($0)" } ?? "null")}"
    }
}

extension Duration {
    /// Whole milliseconds, for the page.
    var milliseconds: Int { Int(inMilliseconds.rounded()) }
}

extension Application {
    /// The page's clock (``PageClock``): install it, then pause, move and fix the page's time.
    public var clock: PageClock { PageClock(app: self) }

    /// With the clock paused, a wait that timed out most likely waited on a timer that cannot
    /// fire: say so, with what is pending, in its last problem.
    func explainingPausedClock(_ error: UIAutomationError) async -> UIAutomationError {
        guard error.reason.kind == .timedOut, clock.isPaused, let driver = try? driver(for: "app.clock"),
              let pending = try? await driver.evaluate("window.__labClock ? window.__labClock.pending() : null"),
              let timers = pending["timers"]?.integer, let frames = pending["frames"]?.integer, timers + frames > 0 else { return error }
        let note = "the page's clock is paused with \(timers) timer\(timers == 1 ? "" : "s") and \(frames) frame\(frames == 1 ? "" : "s")"
            + " waiting: call app.clock.fastForward, runFor or resume to let them run"
        var explained = UIAutomationError(query: error.query, reason: .timedOut(
            after: error.reason.timeout ?? .zero, waitingFor: error.reason.waitingFor ?? "it",
            lastProblem: [error.reason.lastProblem, note].compactMap { $0 }.joined(separator: "; ")), tree: error.tree)
        explained.artifacts = error.artifacts
        explained.waited = error.waited
        explained.phases = error.phases
        explained.suggestions = error.suggestions
        explained.callSite = error.callSite
        explained.unmatched = error.unmatched
        return explained
    }
}
