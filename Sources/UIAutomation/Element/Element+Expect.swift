import Foundation

// Auto-retrying expectations: each polls until what it expects holds, and only when the wait
// finally fails writes the failure's tree and screenshot, once (reads while polling save
// nothing). The XCUITest-shaped `wait(for:toEqual:timeout:)` answers `true`/`false` instead.

extension Application {
    /// Polls `condition` with back-off (0, 10, 20, 50, 100, 100, 200… ms) until it holds
    /// (`true`) or `timeout` seconds have passed (`false`); an error from `condition` ends the
    /// wait. The one waiting loop every wait and expectation of UIAutomation uses.
    public func wait(timeout: TimeInterval, until condition: () async throws -> Bool) async throws -> Bool {
        try await step("app.wait(timeout: \(timeout))", .wait) {
            try await pollWithBackoff(limit: .seconds(max(0, timeout)), until: condition)
        }
    }

    /// Waits for `holds`; on timeout throws `.timedOut` for `call`, naming `expected` and
    /// what `last` says was there, with tree and screenshot. A missing element counts as
    /// "not yet" while waiting.
    func expect(_ call: String, expected: String, timeout: TimeInterval,
                holds: () async throws -> Bool, last: () async -> String) async throws {
        try await step(call, .expectation) {
            try await expectation(call, expected: expected, timeout: timeout, holds: holds, last: last)
        }
    }

    private func expectation(_ call: String, expected: String, timeout: TimeInterval,
                             holds: () async throws -> Bool, last: () async -> String) async throws {
        let clock = ContinuousClock()
        let started = clock.now
        let held = try await withExpectedFailures {
            try await wait(timeout: timeout) {
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
            query: call, reason: .timedOut(after: clock.now - started, waitingFor: expected, lastProblem: lastSeen)))
    }
}

extension Element {
    /// Waits up to `timeout` seconds (default 5; 0 checks once) for the element to satisfy
    /// `predicate`, and throws if it does not: `.timedOut` naming the predicate and what the
    /// element last looked like (or that it did not exist), with the element tree and
    /// screenshot. The throwing counterpart of ``wait(for:timeout:)``.
    public func expect(_ predicate: ElementPredicate, timeout: TimeInterval = 5) async throws {
        try await app.expect("\(description).expect(\(predicate))", expected: "\(predicate)", timeout: timeout,
                             holds: { try await evaluate(predicate) }, last: { await lastSeen() })
    }

    /// Waits up to `timeout` seconds for the attribute at `keyPath` to equal `expected`
    /// (XCUITest's `wait(for:toEqual:timeout:)`): whether it did. A missing element does not.
    ///
    /// ```swift
    /// #expect(try await app.staticTexts["status"].wait(for: \.label, toEqual: "Saved", timeout: 5))
    /// ```
    public func wait<Value: Equatable>(for keyPath: KeyPath<ElementSnapshot, Value>, toEqual expected: Value,
                                       timeout: TimeInterval) async throws -> Bool {
        try await app.step("\(description).wait(for: \\.\(Self.keyPathName(keyPath)), toEqual: \(expected), timeout: \(timeout))", .wait) {
            try await waitWithoutStep(for: keyPath, toEqual: expected, timeout: timeout)
        }
    }

    /// A key path's last component, e.g. `label` for `\ElementSnapshot.label`.
    static func keyPathName(_ keyPath: AnyKeyPath) -> String {
        let text = "\(keyPath)"
        return text.split(separator: ".").last.map(String.init) ?? text
    }

    private func waitWithoutStep<Value: Equatable>(for keyPath: KeyPath<ElementSnapshot, Value>, toEqual expected: Value,
                                                   timeout: TimeInterval) async throws -> Bool {
        try await withExpectedFailures {
            try await app.wait(timeout: timeout) {
                do {
                    return try await snapshot()[keyPath: keyPath] == expected
                } catch let error as UIAutomationError where error.meansMissing {
                    return false
                }
            }
        }
    }

    /// Waits for the DOM attribute `name` to be `expected` (`nil`: absent); throws like
    /// ``expect(_:timeout:)`` with the last value seen. Web-only (see ``attribute(_:)``).
    public func expect(attribute name: String, toEqual expected: String?, timeout: TimeInterval = 5) async throws {
        let text = expected.map { "attribute \(name) == \"\($0)\"" } ?? "no attribute \(name)"
        try await app.expect("\(description).expect(attribute: \"\(name)\")", expected: text, timeout: timeout,
                             holds: { try await attribute(name) == expected },
                             last: { await lastRead { try await attribute(name).map { "\"\($0)\"" } ?? "absent" } })
    }

    /// Waits for the element to have (or, with `present: false`, not to have) the CSS class
    /// `name`; throws like ``expect(_:timeout:)`` with the classes it last had. Web-only.
    public func expect(hasClass name: String, _ present: Bool = true, timeout: TimeInterval = 5) async throws {
        try await app.expect("\(description).expect(hasClass: \"\(name)\")", expected: (present ? "" : "no ") + "class \(name)",
                             timeout: timeout, holds: { try await hasClass(name) == present },
                             last: { await lastRead { "classes \(try await classes)" } })
    }

    /// Waits for the DOM `textContent` to be exactly `expected` (whitespace included);
    /// throws like ``expect(_:timeout:)`` with the last text. Web-only.
    public func expect(textContent expected: String, timeout: TimeInterval = 5) async throws {
        try await app.expect("\(description).expect(textContent:)", expected: "textContent \"\(expected)\"", timeout: timeout,
                             holds: { try await textContent == expected },
                             last: { await lastRead { "\"\(try await textContent)\"" } })
    }

    /// The element as it is now, in one line, for a failed expectation.
    private func lastSeen() async -> String {
        await lastRead {
            let element = try await snapshot()
            return "label \"\(element.label)\", value " + (element.value.map { "\"\($0)\"" } ?? "nil")
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
    /// Waits up to `timeout` seconds (default 5) for the query to match exactly `expected`
    /// elements; throws `.timedOut` with the last count, tree and screenshot.
    public func expect(count expected: Int, timeout: TimeInterval = 5) async throws {
        try await app.expect("\(description).expect(count: \(expected))", expected: "\(expected) matches", timeout: timeout,
                             holds: { try await count == expected },
                             last: { (try? await count).map { "\($0) matches" } ?? "unknown" })
    }
}
