public import Foundation
import LabSupport

extension Element {
    /// Taps the element's centre, after waiting until it is actionable: it resolves to one
    /// element, is enabled, visible, not moving, and is what a touch at its centre reaches.
    /// Then waits until the app is idle. `timeout` (seconds) overrides the action timeout.
    public func tap(timeout: TimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            try await act("tap()", timeout: timeout) { driver, x, y in try await driver.tap(x: x, y: y) }
        }
    }

    /// Two taps in quick succession at the element's centre.
    public func doubleTap(timeout: TimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            try await act("doubleTap()", timeout: timeout) { driver, x, y in try await driver.tap(x: x, y: y, count: 2) }
        }
    }

    /// Touches the element's centre and holds for `duration` seconds.
    public func press(forDuration duration: TimeInterval, timeout: TimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            try await act("press(forDuration: \(duration))", timeout: timeout) { driver, x, y in
                try await driver.tap(x: x, y: y, holding: .seconds(clamping: duration))
            }
        }
    }

    /// Types `text` into the element, focusing it first if it has no keyboard focus.
    /// `\n` presses Return, `\t` Tab, `\u{8}` deletes backwards. Any other control character
    /// (say `\u{1b}`) has no key to type: the call throws
    /// ``UIAutomationError/Reason/invalidRequest(_:)`` before typing anything; press such
    /// keys with ``typeKey(_:modifierFlags:timeout:file:line:)``.
    public func typeText(_ text: String, timeout: TimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            let call = "typeText(\(SwiftLiteral.string(text)))"
            try TypableText.check(text, query: "\(description).\(call)")
            try await act(call, timeout: timeout, tapsTarget: false) { driver, _, _ in
                try await driver.type(text)
            } prepare: { driver, element in
                if !element.hasFocus, let node = element.node { try await driver.focus(node: node) }
            }
        }
    }

    /// Moves the mouse pointer over the element's centre, after waiting until it is actionable
    /// (as for ``tap(timeout:file:line:)``), so CSS `:hover` applies and the page gets `mouseover` /
    /// `mouseenter`; then waits until the app is idle. Web-only: an iOS screen has no pointer
    /// (XCUITest has `hover()` on macOS). The pointer stays there until the next tap or hover.
    public func hover(timeout: TimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            try await act("hover()", timeout: timeout) { driver, x, y in try await driver.hover(x: x, y: y) }
        }
    }

    /// Swipes up on the element (the content moves up: reveals what is below).
    public func swipeUp(timeout: TimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line) async throws { try await called(file, line) { try await swipe("swipeUp()", dx: 0, dy: -1, timeout: timeout) } }
    /// Swipes down on the element (reveals what is above).
    public func swipeDown(timeout: TimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line) async throws { try await called(file, line) { try await swipe("swipeDown()", dx: 0, dy: 1, timeout: timeout) } }
    /// Swipes left on the element.
    public func swipeLeft(timeout: TimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line) async throws { try await called(file, line) { try await swipe("swipeLeft()", dx: -1, dy: 0, timeout: timeout) } }
    /// Swipes right on the element.
    public func swipeRight(timeout: TimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line) async throws { try await called(file, line) { try await swipe("swipeRight()", dx: 1, dy: 0, timeout: timeout) } }

    /// A PNG of the element's box.
    public func screenshot(file: StaticString = #filePath, line: UInt = #line) async throws -> Screenshot {
        try await called(file, line) {
            let element = try await snapshot()
            let driver = try app.driver(for: description)
            return Screenshot(pngData: try await app.perform("\(description).screenshot()") { try await driver.screenshot(of: element.frame) })
        }
    }

    /// A PNG of the element's box that is the same every run for the same screen, as
    /// ``Application/stillScreenshot(file:line:)`` takes it.
    public func stillScreenshot(file: StaticString = #filePath, line: UInt = #line) async throws -> Screenshot {
        try await called(file, line) {
            try await app.waitForIdle()
            let element = try await snapshot()
            let driver = try app.driver(for: description)
            let png = try await app.perform("\(description).stillScreenshot()") { try await driver.stillScreenshot(of: element.frame) }
            try app.failOnPageErrors("\(description).stillScreenshot()")
            return Screenshot(pngData: png)
        }
    }

    private func swipe(_ name: String, dx: Double, dy: Double, timeout: TimeInterval?) async throws {
        try await act(name, timeout: timeout, offsetX: 0.5, offsetY: 0.5) { driver, x, y in
            let device = app.screen
            try await driver.swipe(from: (x, y), dx: dx * Double(device.width) * 0.4, dy: dy * Double(device.height) * 0.35)
        }
    }

    /// The auto-waiting action: one call with one deadline (`timeout`, else the action
    /// timeout) for every phase — resolve, check, act, wait for idle. The checks retry with
    /// back-off until the deadline, then the call fails with the last reason; the idle wait
    /// after the input ends at the same deadline (and within the idle timeout).
    func act(
        _ name: String, timeout: TimeInterval?, offsetX: Double = 0.5, offsetY: Double = 0.5, tapsTarget: Bool = true,
        _ action: (any PageEngine, Double, Double) async throws -> Void,
        prepare: (any PageEngine, ElementSnapshot) async throws -> Void = { _, _ in }
    ) async throws {
        let label = "\(description).\(name)"
        try await app.step(label, .action) {
            try await CallProgress.run(label, limit: Configuration.limit(timeout, else: app.configuration.actionTimeout)) { progress in
                try await actionLoop(label, progress: progress, offsetX: offsetX, offsetY: offsetY, tapsTarget: tapsTarget, action, prepare: prepare)
            }
        }
    }

    private func actionLoop(
        _ label: String, progress: CallProgress, offsetX: Double, offsetY: Double, tapsTarget: Bool,
        _ action: (any PageEngine, Double, Double) async throws -> Void,
        prepare: (any PageEngine, ElementSnapshot) async throws -> Void
    ) async throws {
        let driver = try app.driver(for: label)
        var last: UIAutomationError?
        let done = try await poll(until: progress.deadline) {
            do {
                progress.enter("resolve")
                progress.waiting(for: "the element to be actionable")
                let (snapshot, indexes) = try await app.resolveWithSnapshot(steps: steps, query: label, frames: false)
                let element = snapshot.elements[indexes[0]]
                guard element.isEnabled else {
                    last = UIAutomationError(query: label, reason: .disabled, tree: snapshot.failureTree)
                    return false
                }
                guard let node = element.node else {
                    last = UIAutomationError(query: label, reason: .notVisible, tree: snapshot.failureTree)
                    return false
                }
                progress.enter("actionability")
                let check = try await app.perform(label) {
                    try await driver.checkActionability(node: node, offsetX: offsetX, offsetY: offsetY, guardHits: tapsTarget)
                }
                // Typing and filling need a visible element, not a free centre point.
                let point = tapsTarget ? check.actionPoint : check.pointIfPresent
                guard let point else {
                    last = UIAutomationError(query: label, reason: check.reason, tree: snapshot.failureTree)
                    // Something unrelated covers it: the app's interruption monitors may clear it.
                    if check.state == .covered {
                        // The monitors look at the modals around the element: the whole tree.
                        if snapshot.matchesOnly, app.hasInterruptionMonitors,
                           let (tree, found) = try? await app.resolveWithSnapshot(steps: steps, query: label, frames: false, tree: true) {
                            _ = await app.handleInterruption(blocking: found[0], in: tree)
                        } else {
                            _ = await app.handleInterruption(blocking: indexes[0], in: snapshot)
                        }
                    }
                    return false
                }
                // A press that landed elsewhere (the layout moved after the check) was kept
                // from the page: check again and retry.
                let missed = try await app.perform(label) { () async throws -> String? in
                    progress.enter("input")
                    try await prepare(driver, element)
                    try await action(driver, point.x, point.y)
                    if tapsTarget, let missed = await driver.takeHitGuard() { return missed }
                    progress.enter("wait for idle")
                    try await driver.waitForIdle(until: progress.deadline(within: app.configuration.idleTimeout))
                    return nil
                }
                guard let missed else { return true }
                last = UIAutomationError(query: label, reason: .notHittable(coveredBy: missed), tree: snapshot.failureTree)
                return false
            } catch let error as UIAutomationError where error.reason.isRetriableByAction {
                last = error
                return false
            } catch let error as UIAutomationError {
                throw await app.recordFailure(error)
            }
        }
        if done { return }
        var failure = last ?? UIAutomationError(query: label, reason: progress.timedOut(waitingFor: "the element to be actionable", lastProblem: nil))
        failure.waited = progress.elapsed
        throw await app.recordFailure(failure)
    }
}

/// A 2-D offset: normalized (fractions of a box) or in points.
public struct Vector: Sendable, Equatable {
    public var dx: Double
    public var dy: Double
    public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }
}
