import Foundation

/// A failed check of a ported case: what was expected and what was last seen.
struct ExpectationFailure: Error, CustomStringConvertible {
    let description: String
}

/// Playwright's web-first assertion (`await expect(locator).toHaveText(…)`) written with
/// UIAutomation's public API: UIAutomation has no auto-retrying assertion on counts, texts
/// or values yet (issue 12), so each check polls here.
///
/// `probe` reads the page and returns `nil` when the expectation holds, or a description of
/// what it saw instead. It is retried with UIAutomation's own back-off (0, 10, 20, 50, 100,
/// 100, 200 ms…) until it holds or `timeout` (the spec's `expect` timeout, 5 s) has passed;
/// then the case fails with the last thing seen. Reads in probes use query snapshots, which
/// answer "none" for a missing element without writing failure artifacts, so polling is cheap.
func expectEventually(_ expectation: String, timeout: Duration = .seconds(5),
                      _ probe: () async throws -> String?) async throws {
    try await StepTimer.shared.step("expect \(expectation)") {
        try await poll(expectation, timeout: timeout, probe)
    }
}

/// The loop of ``expectEventually(_:timeout:_:)``.
private func poll(_ expectation: String, timeout: Duration, _ probe: () async throws -> String?) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    let pauses: [Duration] = [.zero, .milliseconds(10), .milliseconds(20), .milliseconds(50),
                              .milliseconds(100), .milliseconds(100), .milliseconds(200)]
    var attempt = 0
    while true {
        guard let seen = try await probe() else { return }
        if clock.now >= deadline {
            throw ExpectationFailure(description: "expected \(expectation), saw \(seen) (after \(timeout))")
        }
        try await Task.sleep(for: min(pauses[min(attempt, pauses.count - 1)], deadline - clock.now))
        attempt += 1
    }
}

/// `nil` when `actual == expected`, else a description of `actual` for ``expectEventually(_:timeout:_:)``.
func mismatch<T: Equatable>(_ actual: T, _ expected: T) -> String? {
    actual == expected ? nil : String(describing: actual)
}
