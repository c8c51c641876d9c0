public import Foundation
import LabSupport

/// Keys that are not text, and keyboard focus.
extension Element {
    /// Presses `key` with `modifierFlags` held, as XCUITest's `typeKey(_:modifierFlags:)` does,
    /// focusing the element first if it has no keyboard focus; then waits until the app is idle.
    ///
    /// ```swift
    /// try await field.typeKey(.escape)                          // cancel the edit
    /// try await field.typeKey("a", modifierFlags: .control)     // select all
    /// try await list.typeKey(.downArrow, modifierFlags: .shift)
    /// ```
    ///
    /// A key that is not one character or a named ``Key`` (e.g. the literal `"ab"`, or a control
    /// character) throws ``UIAutomationError/Reason/invalidRequest(_:)``.
    public func typeKey(_ key: Key, modifierFlags: ModifierFlags = [], timeout: TimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            let call = "typeKey(\(key)\(modifierFlags.isEmpty ? "" : ", modifierFlags: " + modifierFlags.spelling))"
            try Application.validate(key, call: "\(description).\(call)")
            try await act(call, timeout: timeout, tapsTarget: false) { driver, _, _ in
                try await driver.typeKey(key, modifiers: modifierFlags)
            } prepare: { driver, element in
                if !element.hasFocus, let node = element.node { try await driver.focus(node: node) }
            }
        }
    }

    /// Moves keyboard focus away from the element (or from whatever inside it has focus), as
    /// tapping elsewhere would: the page gets `blur` and `focusout`, and a field whose text
    /// changed gets its `change` event. Then waits until the app is idle. Does nothing if
    /// focus is elsewhere. The element must exist; it need not be visible.
    public func resignFocus(file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            let label = "\(description).resignFocus()"
            try await app.step(label, .action) {
                try await CallProgress.run(label, limit: app.configuration.actionTimeout) { progress in try await resignFocus(label, progress: progress) }
            }
        }
    }

    private func resignFocus(_ label: String, progress: CallProgress) async throws {
        let driver = try app.driver(for: label)
        do {
            let (snapshot, indexes) = try await app.resolveWithSnapshot(steps: steps, query: label, frames: false)
            guard let node = snapshot.elements[indexes[0]].node else { return }
            try await app.perform(label) {
                progress.enter("input")
                _ = try await driver.resignFocus(node: node)
                progress.enter("wait for idle")
                try await driver.waitForIdle(until: progress.deadline(within: app.configuration.idleTimeout))
            }
        } catch let error as UIAutomationError {
            throw await app.recordFailure(error)
        }
    }

    /// Replaces the field's whole text with `text` in one step, as pasting would (Playwright's
    /// `fill`): focuses it, selects everything, and inserts `text` — one `input` event, no key
    /// events; an empty `text` clears the field. Web-only: ``typeText(_:timeout:file:line:)`` types key
    /// by key, as XCUITest does, and is what to use when key handlers matter.
    public func fill(_ text: String, timeout: TimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            try await act("fill(\(SwiftLiteral.string(text)))", timeout: timeout, tapsTarget: false) { _, _, _ in
            } prepare: { driver, element in
                guard let node = element.node else { return }
                try await driver.fill(node: node, with: text)
            }
        }
    }
}
