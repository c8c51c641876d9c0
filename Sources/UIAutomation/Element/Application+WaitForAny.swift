public import Foundation
import LabSupport

extension Application {
    /// Waits up to `timeout` seconds for any of `elements` to exist and returns the index of
    /// the first one found (checked in order, on each poll) — for a screen that can go one of
    /// several ways ("the next question or the score?"). Throws
    /// ``UIAutomationError/Reason/timedOut(after:waitingFor:lastProblem:)`` naming every
    /// query, with the element tree and screenshot, when none appears.
    public func waitForAny(_ elements: [Element], timeout: TimeInterval, file: StaticString = #filePath, line: UInt = #line) async throws -> Int {
        try await called(file, line) {
            guard !elements.isEmpty else {
                throw UIAutomationError(query: "app.waitForAny([])", reason: .invalidRequest("waitForAny needs at least one element"))
            }
            let queries = elements.map(\.description).joined(separator: ", ")
            let call = "app.waitForAny([\(queries)], timeout: \(timeout))"
            return try await step(call, .wait) {
                try await CallProgress.run(call, limit: .seconds(clamping: timeout)) { progress in
                    try await waitForAnyWithoutStep(elements, progress: progress)
                }
            }
        }
    }

    private func waitForAnyWithoutStep(_ elements: [Element], progress: CallProgress) async throws -> Int {
        var found: Int?
        progress.enter("polling")
        _ = try await poll(until: progress.deadline) {
            for (index, element) in elements.enumerated() where try await element.exists {
                found = index
                return true
            }
            return false
        }
        if let found { return found }
        let queries = elements.map(\.description).joined(separator: ", ")
        throw await recordFailure(UIAutomationError(
            query: "app.waitForAny([\(queries)])",
            reason: progress.timedOut(waitingFor: "any of them to exist", lastProblem: "none exists")))
    }
}
