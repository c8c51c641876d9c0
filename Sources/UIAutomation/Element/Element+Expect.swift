import Foundation

extension Element {
    /// Waits up to `timeout` seconds (0: checks once, now) for the element to satisfy
    /// `predicate`, and throws if it does not: a
    /// ``UIAutomationError/Reason/timedOut(after:waitingFor:lastProblem:)`` naming the
    /// predicate and what the element last looked like (or that it did not exist), with the
    /// element tree and screenshot. The throwing counterpart of ``wait(for:timeout:)``.
    public func expect(_ predicate: ElementPredicate, timeout: TimeInterval = 0) async throws {
        let clock = ContinuousClock()
        let started = clock.now
        if try await wait(for: predicate, timeout: timeout) { return }
        let last: String
        do {
            let element = try await withExpectedFailures { try await snapshot() }
            last = "label \"\(element.label)\", value " + (element.value.map { "\"\($0)\"" } ?? "nil")
                + (element.isEnabled ? "" : ", disabled") + (element.isSelected ? ", selected" : "")
        } catch let error as UIAutomationError {
            last = error.reason == .noMatch ? "no element" : "\(error)"
        }
        throw await app.recordFailure(UIAutomationError(
            query: description + ".expect(\(predicate))",
            reason: .timedOut(after: clock.now - started, waitingFor: "\(predicate)", lastProblem: last)))
    }
}
