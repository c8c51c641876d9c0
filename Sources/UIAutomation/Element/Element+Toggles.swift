public import Foundation
import LabSupport

/// Toggles: check, wait for and change the state of a switch (or check box) — including a
/// SwiftUI-style toggle, one switch spanning its whole row with an inner switch at the
/// trailing edge, where a plain ``tap(timeout:file:line:)`` touches the row's centre (its text or
/// empty space) and changes nothing.
///
/// A toggle's state is its value: `"1"` on, `"0"` off. Every call needs the element to be
/// a switch or a check box, else it fails with ``UIAutomationError/Reason/invalidRequest(_:)``.
/// Failures are ``UIAutomationError``s naming the call, e.g.
/// `app.switches["wifi"].checkToggleIsOn(): has value "0" where "1" was expected`.
extension Element {
    // MARK: Checking

    /// Checks, without waiting, that the toggle is on (value `"1"`); throws
    /// ``UIAutomationError/Reason/unexpectedValue(expected:actual:)`` with the value it has.
    public func checkToggleIsOn(file: StaticString = #filePath, line: UInt = #line) async throws { try await called(file, line) { try await checkToggle(on: true, call: "checkToggleIsOn()") } }

    /// Checks, without waiting, that the toggle is off (value `"0"`); throws
    /// ``UIAutomationError/Reason/unexpectedValue(expected:actual:)`` with the value it has.
    public func checkToggleIsOff(file: StaticString = #filePath, line: UInt = #line) async throws { try await called(file, line) { try await checkToggle(on: false, call: "checkToggleIsOff()") } }

    /// Waits up to `timeout` seconds (default: the action timeout) for the toggle to be on;
    /// throws ``UIAutomationError/Reason/timedOut(after:waitingFor:lastProblem:)`` with the
    /// last value seen. A missing element is waited for.
    public func waitForSwitchToBeOn(timeout: TimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            try await waitForSwitch(on: true, timeout: timeout, call: "waitForSwitchToBeOn(\(timeoutArgument(timeout)))")
        }
    }

    /// Waits up to `timeout` seconds (default: the action timeout) for the toggle to be off;
    /// throws ``UIAutomationError/Reason/timedOut(after:waitingFor:lastProblem:)`` with the
    /// last value seen. A missing element is waited for.
    public func waitForSwitchToBeOff(timeout: TimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            try await waitForSwitch(on: false, timeout: timeout, call: "waitForSwitchToBeOff(\(timeoutArgument(timeout)))")
        }
    }

    // MARK: Changing

    /// Turns an off toggle on: taps the centre of its inner switch (the first switch inside
    /// it, or the element itself if it has none), then waits until it is on.
    ///
    /// Fails at once, before tapping, if the toggle or its inner switch is disabled
    /// (``UIAutomationError/Reason/disabled``) or if it is already on
    /// (``UIAutomationError/Reason/unexpectedValue(expected:actual:)``, expected `"0"`): a
    /// test that turns a switch on believes it is off, and a tap would turn it off — use
    /// ``setSwitch(on:timeout:file:line:)`` when either state is fine. `timeout` (default: the action
    /// timeout) bounds the whole call: finding the toggle, the tap and the wait for its new
    /// state share one deadline.
    public func turnSwitchOn(timeout: TimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            try await changeSwitch(on: true, idempotent: false, timeout: timeout, call: "turnSwitchOn(\(timeoutArgument(timeout)))")
        }
    }

    /// Turns an on toggle off; the mirror of ``turnSwitchOn(timeout:file:line:)`` (fails at once if
    /// the toggle is disabled or already off).
    public func turnSwitchOff(timeout: TimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            try await changeSwitch(on: false, idempotent: false, timeout: timeout, call: "turnSwitchOff(\(timeoutArgument(timeout)))")
        }
    }

    /// Makes sure the toggle is `on` (or off): does nothing if it already is, else taps the
    /// centre of its inner switch and waits for the new state. Fails at once, before
    /// tapping, for a disabled toggle (``UIAutomationError/Reason/disabled``) — also when it
    /// is already in the state asked for, since a disabled toggle is never what a test means
    /// to set.
    public func setSwitch(on: Bool, timeout: TimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            try await changeSwitch(on: on, idempotent: true, timeout: timeout,
                                   call: "setSwitch(on: \(on)\(timeout.map { ", timeout: \($0)" } ?? ""))")
        }
    }

    // MARK: Internals

    /// A toggle as it is now: its snapshot, its inner switch's snapshot and an element for
    /// the inner switch (the toggle itself when it has no switch inside).
    private struct ToggleParts {
        let toggle: ElementSnapshot
        let inner: ElementSnapshot
        let innerElement: Element
    }

    /// Resolves the element once, then the switches inside it (two queries the in-page engine
    /// answers, where one read of the whole accessibility tree would cost more on a large page);
    /// throws (without recording) if it does not resolve to one element or is not a switch or
    /// check box. A failure's element tree is read when the failure is reported.
    private func toggleParts(_ query: String) async throws -> ToggleParts {
        let (snapshot, indexes) = try await app.resolveWithSnapshot(steps: steps, query: query, frames: false)
        let toggle = snapshot.elements[indexes[0]]
        guard toggle.elementType == .switch || toggle.elementType == .checkBox else {
            throw UIAutomationError(query: query, reason: .invalidRequest("is not a switch or check box but \(toggle)"))
        }
        let inside = switches
        let (innerSnapshot, innerIndexes) = try await app.resolveWithSnapshot(steps: inside.steps, query: inside.text, frames: false)
        guard let innerIndex = innerIndexes.first else { return ToggleParts(toggle: toggle, inner: toggle, innerElement: self) }
        return ToggleParts(toggle: toggle, inner: innerSnapshot.elements[innerIndex], innerElement: inside.firstMatch)
    }

    private func checkToggle(on: Bool, call: String) async throws {
        let query = "\(description).\(call)"
        try await app.step(query, .expectation) { try await checkToggleWithoutStep(on: on, query: query) }
    }

    private func checkToggleWithoutStep(on: Bool, query: String) async throws {
        let parts: ToggleParts
        do {
            parts = try await toggleParts(query)
        } catch let error as UIAutomationError {
            throw await app.recordFailure(error)
        }
        let expected = Self.value(on: on)
        guard parts.toggle.value == expected else {
            throw await app.recordFailure(UIAutomationError(
                query: query, reason: .unexpectedValue(expected: expected, actual: parts.toggle.value)))
        }
    }

    /// Polls the value until it is on (or off), within the call's one deadline (`timeout`, else
    /// the action timeout).
    private func waitForSwitch(on: Bool, timeout: TimeInterval?, call: String) async throws {
        let query = "\(description).\(call)"
        try await app.step(query, .expectation) {
            try await CallProgress.run(query, limit: timeLimit(timeout)) { progress in
                try await waitForSwitchWithoutStep(on: on, progress: progress, query: query, tapped: nil)
            }
        }
    }

    /// Polls the value until it is on (or off) or `progress`'s deadline; `tapped` is the
    /// element a helper just tapped, named in the failure.
    private func waitForSwitchWithoutStep(on: Bool, progress: CallProgress, query: String, tapped: Element?) async throws {
        let expected = Self.value(on: on)
        let waitingFor = "the switch to be \(on ? "on" : "off") (value == \(SwiftLiteral.string(expected)))"
        progress.enter("wait for value")
        progress.waiting(for: waitingFor)
        var lastProblem = "no matches found"
        let reached = try await poll(until: progress.deadline) {
            guard let parts = try await existingToggleParts(query) else {
                lastProblem = "no matches found"
                return false
            }
            if parts.toggle.value == expected { return true }
            lastProblem = "value is \(parts.toggle.value.map(SwiftLiteral.string) ?? "nil")"
            if let tapped { lastProblem += " after a tap at the centre of \(tapped)" }
            return false
        }
        guard reached else {
            throw await app.recordFailure(UIAutomationError(query: query, reason: progress.timedOut(waitingFor: waitingFor, lastProblem: lastProblem)))
        }
    }

    /// Finds the toggle, checks it, taps its inner switch and waits for the new value: one
    /// call, one deadline (`timeout`, else the action timeout) for all three phases.
    private func changeSwitch(on: Bool, idempotent: Bool, timeout: TimeInterval?, call: String) async throws {
        let query = "\(description).\(call)"
        try await app.step(query, .action) {
            try await CallProgress.run(query, limit: timeLimit(timeout)) { progress in
                try await changeSwitchWithoutStep(on: on, idempotent: idempotent, progress: progress, query: query)
            }
        }
    }

    private func changeSwitchWithoutStep(on: Bool, idempotent: Bool, progress: CallProgress, query: String) async throws {
        let parts = try await waitForToggleParts(query, progress: progress)
        let target = Self.value(on: on)
        guard parts.toggle.isEnabled, parts.inner.isEnabled else {
            throw await app.recordFailure(UIAutomationError(query: query, reason: .disabled))
        }
        if parts.toggle.value == target {
            if idempotent { return }
            throw await app.recordFailure(UIAutomationError(
                query: query, reason: .unexpectedValue(expected: Self.value(on: !on), actual: parts.toggle.value)))
        }
        // The inner switch's centre: the one point of a SwiftUI-style toggle that reacts. The
        // tap runs within this call's deadline (CallProgress keeps the earlier one).
        try await parts.innerElement.act("tap()", timeout: nil) { driver, x, y in try await driver.tap(x: x, y: y) }
        try await waitForSwitchWithoutStep(on: on, progress: progress, query: query, tapped: parts.innerElement)
    }

    /// ``toggleParts(_:)``, waiting until the call's deadline for the element to appear (as
    /// actions do).
    private func waitForToggleParts(_ query: String, progress: CallProgress) async throws -> ToggleParts {
        progress.enter("resolve")
        var found: ToggleParts?
        _ = try await poll(until: progress.deadline) {
            found = try await existingToggleParts(query)
            return found != nil
        }
        if let found { return found }
        // Still missing: the resolution's own error says why (no match, or index out of range).
        do {
            return try await toggleParts(query)
        } catch var error as UIAutomationError {
            error.waited = progress.elapsed
            throw await app.recordFailure(error)
        }
    }

    /// ``toggleParts(_:)``, or `nil` while the element is missing; any other failure is
    /// recorded and thrown.
    private func existingToggleParts(_ query: String) async throws -> ToggleParts? {
        do {
            return try await toggleParts(query)
        } catch let error as UIAutomationError {
            if error.meansMissing { return nil }
            throw await app.recordFailure(error)
        }
    }

    private static func value(on: Bool) -> String { on ? "1" : "0" }

    /// `timeout` seconds, else the action timeout.
    private func timeLimit(_ timeout: TimeInterval?) -> Duration {
        Configuration.limit(timeout, else: app.configuration.actionTimeout)
    }

    private func timeoutArgument(_ timeout: TimeInterval?) -> String { timeout.map { "timeout: \($0)" } ?? "" }
}
