public import Foundation
import LabSupport

// Auto-retrying expectations: each polls until what it expects holds, and only when the wait
// finally fails writes the failure's tree and screenshot, once (reads while polling save
// nothing). The XCUITest-shaped `wait(for:toEqual:timeout:)` answers `true`/`false` instead.

extension Application {
    /// Polls `condition` with back-off (0, 10, 20, 50, 100, 100, 200… ms) until it holds
    /// (`true`) or `timeout` seconds have passed (`false`); an error from `condition` ends the
    /// wait. The one waiting loop every wait and expectation of UIAutomation uses.
    public func wait(timeout: TimeInterval, until condition: () async throws -> Bool, file: StaticString = #filePath, line: UInt = #line) async throws -> Bool {
        try await called(file, line) {
            try await polling("app.wait(timeout: \(timeout))", .wait, limit: .seconds(clamping: timeout), until: condition)
        }
    }

    /// A waiting call as one step with one deadline: `condition` polled until it holds
    /// (`true`) or the deadline passes (`false`).
    func polling(_ call: String, _ kind: StepEvent.Kind, limit: Duration, until condition: () async throws -> Bool) async throws -> Bool {
        try await step(call, kind) {
            try await CallProgress.run(call, limit: limit) { progress in
                progress.enter("polling")
                return try await poll(until: progress.deadline, condition)
            }
        }
    }

    /// Waits for `holds`; on timeout throws `.timedOut` for `call`, naming `expected` and
    /// what `last` says was there, with tree and screenshot. A missing element counts as
    /// "not yet" while waiting. `timeout` `nil`: ``Configuration/expectationTimeout``.
    func expect(_ call: String, expected: String, timeout: TimeInterval?,
                holds: () async throws -> Bool, last: () async -> String) async throws {
        let limit = Configuration.limit(timeout, else: configuration.expectationTimeout)
        try await step(call, .expectation) {
            try await CallProgress.run(call, limit: limit) { progress in
                progress.enter("polling")
                progress.waiting(for: expected)
                let held = try await withExpectedFailures {
                    try await poll(until: progress.deadline) {
                        do {
                            return try await holds()
                        } catch let error as UIAutomationError where error.meansMissing {
                            return false
                        }
                    }
                }
                if held { return }
                let lastSeen = await withExpectedFailures { await last() }
                throw await recordFailure(UIAutomationError(
                    query: call, reason: progress.timedOut(waitingFor: expected, lastProblem: lastSeen)))
            }
        }
    }
}

extension Element {
    /// Waits up to `timeout` seconds (default: ``Configuration/expectationTimeout``, 5 s; 0
    /// checks once) for the element to satisfy `predicate`, and throws if it does not:
    /// `.timedOut` naming the predicate and what the element last looked like (or that it did
    /// not exist), with the element tree and screenshot. The throwing counterpart of
    /// ``wait(for:timeout:file:line:)``. A key no element has throws ``PredicateSyntaxError`` at once.
    public func expect(_ predicate: ElementPredicate, timeout: TimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            try await app.expect("\(description).expect(\(predicate))", expected: "\(predicate)", timeout: timeout,
                                 holds: { try await evaluate(predicate) }, last: { await lastSeen() })
        }
    }

    /// Waits up to `timeout` seconds for the attribute at `keyPath` to equal `expected`
    /// (XCUITest's `wait(for:toEqual:timeout:)`): whether it did. A missing element does not.
    ///
    /// ```swift
    /// #expect(try await app.staticTexts["status"].wait(for: \.label, toEqual: "Saved", timeout: 5))
    /// ```
    public func wait<Value: Equatable>(for keyPath: KeyPath<ElementSnapshot, Value>, toEqual expected: Value,
                                       timeout: TimeInterval, file: StaticString = #filePath, line: UInt = #line) async throws -> Bool {
        try await called(file, line) {
            let call = "\(description).wait(for: \\.\(Self.keyPathName(keyPath)), toEqual: \(Self.literal(expected)), timeout: \(timeout))"
            return try await app.polling(call, .wait, limit: .seconds(clamping: timeout)) {
                try await withExpectedFailures {
                    do {
                        return try await snapshot(frames: "\(keyPath)".contains(".frame"))[keyPath: keyPath] == expected
                    } catch let error as UIAutomationError where error.meansMissing {
                        return false
                    }
                }
            }
        }
    }

    /// A key path's last component, e.g. `label` for `\ElementSnapshot.label`.
    static func keyPathName(_ keyPath: AnyKeyPath) -> String {
        let text = "\(keyPath)"
        return text.split(separator: ".").last.map(String.init) ?? text
    }

    /// A value as Swift would write it: strings as literals, anything else as it prints.
    static func literal(_ value: some Any) -> String {
        if let text = value as? String { return SwiftLiteral.string(text) }
        if let text = value as? String? { return text.map(SwiftLiteral.string) ?? "nil" }
        return "\(value)"
    }

    /// Waits for the DOM attribute `name` to be `expected` (`nil`: absent); throws like
    /// ``expect(_:timeout:file:line:)`` with the last value seen. Web-only (see ``attribute(_:file:line:)``).
    public func expect(attribute name: String, toEqual expected: String?, timeout: TimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            let text = expected.map { "attribute \(name) == \(SwiftLiteral.string($0))" } ?? "no attribute \(name)"
            try await app.expect("\(description).expect(attribute: \(SwiftLiteral.string(name)), toEqual: \(Self.literal(expected)))", expected: text, timeout: timeout,
                                 holds: { try await attribute(name) == expected },
                                 last: { await lastRead { try await attribute(name).map(SwiftLiteral.string) ?? "absent" } })
        }
    }

    /// Waits for the element to have (or, with `present: false`, not to have) the CSS class
    /// `name`; throws like ``expect(_:timeout:file:line:)`` with the classes it last had. Web-only.
    public func expect(hasClass name: String, _ present: Bool = true, timeout: TimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            try await app.expect("\(description).expect(hasClass: \(SwiftLiteral.string(name))\(present ? "" : ", false"))", expected: (present ? "" : "no ") + "class \(name)",
                                 timeout: timeout, holds: { try await hasClass(name) == present },
                                 last: { await lastRead { "classes \(try await classes)" } })
        }
    }

    /// Waits for the DOM `textContent` to be exactly `expected` (whitespace included);
    /// throws like ``expect(_:timeout:file:line:)`` with the last text. Web-only.
    public func expect(textContent expected: String, timeout: TimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            try await app.expect("\(description).expect(textContent: \(SwiftLiteral.string(expected)))", expected: "textContent \(SwiftLiteral.string(expected))", timeout: timeout,
                                 holds: { try await textContent == expected },
                                 last: { await lastRead { SwiftLiteral.string(try await textContent) } })
        }
    }

    /// The element as it is now, in one line, for a failed expectation.
    private func lastSeen() async -> String {
        await lastRead {
            let element = try await snapshot(frames: false)
            return "label \(SwiftLiteral.string(element.label)), value " + (element.value.map(SwiftLiteral.string) ?? "nil")
                + (element.isEnabled ? "" : ", disabled") + (element.isSelected ? ", selected" : "")
        }
    }

    /// What `read` says about the element now; "no element" when it is not there.
    private func lastRead(_ read: () async throws -> String) async -> String {
        do {
            return try await read()
        } catch let error as UIAutomationError where error.meansMissing {
            return "no element"
        } catch {
            return "\(error)"
        }
    }
}

extension ElementQuery {
    /// Waits up to `timeout` seconds (default: ``Configuration/expectationTimeout``) for the query to match exactly `expected`
    /// elements; throws `.timedOut` with the last count, tree and screenshot.
    public func expect(count expected: Int, timeout: TimeInterval? = nil, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            try await app.expect("\(description).expect(count: \(expected))", expected: "\(expected) matches", timeout: timeout,
                                 holds: { try await count == expected },
                                 last: { (try? await count).map { "\($0) matches" } ?? "unknown" })
        }
    }
}
