public import Foundation
public import UIAutomation

/// A failed check of a ported case: what was expected and what was last seen.
public struct ExpectationFailure: Error, CustomStringConvertible {
    public let description: String

    public init(description: String) {
        self.description = description
    }
}

/// Playwright's web-first assertion (`await expect(locator).toHaveText(…)`) for checks that
/// UIAutomation's own expectations (`expect(count:)`, `expect(hasClass:)`, …) do not cover,
/// such as a list of texts: `probe` reads the page and returns `nil` when the expectation
/// holds, or a description of what it saw instead. It is retried by UIAutomation's one
/// polling loop (`app.wait(timeout:until:)`) until it holds or `timeout` (the spec's `expect`
/// timeout, 5 s) has passed; then the case fails with the last thing seen.
public func expectEventually(_ app: Application, _ expectation: String, timeout: TimeInterval = 5,
                      _ probe: () async throws -> String?) async throws {
    try await StepTimer.shared.step("expect \(expectation)") {
        var seen: String?
        let held = try await app.wait(timeout: timeout) {
            seen = try await probe()
            return seen == nil
        }
        if !held {
            throw ExpectationFailure(description: "expected \(expectation), saw \(seen ?? "nothing") (after \(timeout) s)")
        }
    }
}

/// `nil` when `actual == expected`, else a description of `actual` for ``expectEventually(_:timeout:_:)``.
public func mismatch<T: Equatable>(_ actual: T, _ expected: T) -> String? {
    actual == expected ? nil : String(describing: actual)
}
