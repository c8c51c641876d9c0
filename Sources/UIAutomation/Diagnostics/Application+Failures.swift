import Foundation
import Synchronization

extension Application {
    /// Completes a failure for the user: "did you mean" suggestions for a query that found
    /// nothing, the element tree (if missing) and — when an observer wants it — the screenshot,
    /// handed to the step in progress (or, outside any step, delivered at once as a failed read).
    /// Inside ``withExpectedFailures(_:)`` it adds nothing and takes no screenshot. Never fails.
    func recordFailure(_ error: UIAutomationError) async -> UIAutomationError {
        var error = error
        if error.phases.isEmpty, let progress = CallProgress.current { error.phases = progress.phases }
        let step = Recording.current
        step?.reported.store(true, ordering: .relaxed)
        if ExpectedFailures.active {
            error.unmatched = nil
            if step == nil { error.artifacts = deliverUnsteppedFailure(error, screenshot: nil) }
            return error
        }
        guard let driver = try? driver(for: error.query) else {
            if step == nil { error.artifacts = deliverUnsteppedFailure(error, screenshot: nil) }
            return error
        }
        if let unmatched = error.unmatched, error.reason == .noMatch, error.suggestions.isEmpty {
            let snapshot = unmatched.snapshot
            let matches = NearMatches(snapshot: snapshot) { index in try await driver.isHittable(snapshot.elements[index]) }
            error.suggestions = await matches.suggestions(steps: unmatched.steps, failedStep: unmatched.failedStep)
        }
        error.unmatched = nil
        // A hung page must not make the failure report hang too; but a busy machine can take
        // seconds over a screenshot (2 s was missed under full-suite load), so allow 5.
        let limit = min(configuration.responseTimeout, .seconds(5))
        if error.tree == nil { error.tree = try? await driver.snapshot(timeout: limit).treeDescription() }
        var screenshot: Data?
        if Recording.captures.contains(.failureScreenshot) { screenshot = try? await driver.screenshot(timeout: limit) }
        if let step {
            step.screenshot = screenshot
        } else {
            error.artifacts = deliverUnsteppedFailure(error, screenshot: screenshot)
        }
        return error
    }
}
