public import Foundation
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
        guard (try? driver(for: error.query)) != nil else {
            if step == nil { error.artifacts = deliverUnsteppedFailure(error, screenshot: nil) }
            return error
        }
        let screenshot: Data?
        (error, screenshot) = await diagnosed(error, screenshot: Recording.captures.contains(.failureScreenshot))
        if let step {
            step.screenshot = screenshot
        } else {
            error.artifacts = deliverUnsteppedFailure(error, screenshot: screenshot)
        }
        return error
    }

    /// `error` with what explains it added: "did you mean" for a query that found nothing, the
    /// element tree (when it has none), and a screenshot when `screenshot` is true. Never fails:
    /// what cannot be read is left out.
    func diagnosed(_ error: UIAutomationError, screenshot: Bool) async -> (UIAutomationError, Data?) {
        var error = error
        guard let driver = try? driver(for: error.query) else { return (error, nil) }
        // A hung page must not make the failure report hang too; but a busy machine can take
        // seconds over a screenshot (2 s was missed under full-suite load), so allow 5.
        let limit = min(configuration.responseTimeout, .seconds(5))
        // A query resolved in the page failed without the tree: read it now, once, for both the
        // suggestions and the tree.
        var read: PageSnapshot?
        if error.tree == nil || (error.unmatched != nil && error.unmatched?.snapshot == nil) {
            read = try? await driver.snapshot(timeout: limit)
        }
        if let unmatched = error.unmatched, error.reason == .noMatch, error.suggestions.isEmpty,
           let snapshot = unmatched.snapshot ?? read {
            let matches = NearMatches(snapshot: snapshot) { index in try await driver.isHittable(snapshot.elements[index]) }
            error.suggestions = await matches.suggestions(steps: unmatched.steps, failedStep: unmatched.failedStep)
        }
        error.unmatched = nil
        if error.tree == nil { error.tree = read?.treeDescription() }
        let png = screenshot ? try? await driver.screenshot(timeout: limit) : nil
        return (error, png)
    }
}

extension Element {
    /// Why the element is not there now, as a failure of `call` would say it (the reason, "did
    /// you mean", the element tree) and, with `screenshot`, the screen; `nil` when it exists (or
    /// the page cannot be read). What a `false` from `exists` or `waitForExistence` is explained
    /// with, when a test's assertion on it fails.
    package func missingDiagnosis(_ call: String, waited: Duration?, screenshot: Bool) async -> (error: UIAutomationError, screenshot: Data?)? {
        do {
            _ = try await app.resolveWithSnapshot(steps: steps, query: description, frames: false)
            return nil
        } catch let found as UIAutomationError where found.meansMissing {
            var error = UIAutomationError(query: call, reason: found.reason, tree: found.tree)
            error.unmatched = found.unmatched
            error.waited = waited
            error.callSite = CallSite.current
            return await app.diagnosed(error, screenshot: screenshot)
        } catch {
            return nil
        }
    }

    /// After `call` answered that the element is missing: attaches to the current test what the
    /// query saw — a text with the reason, "did you mean" and the element tree, and the screen as
    /// PNG — named after the call and its line, so a failing assertion on the answer has its
    /// explanation beside it (the report lists attachments with the test's steps).
    func keepMissingDiagnosis(_ call: String, waited: Duration) async {
        guard !ExpectedFailures.active, let (error, png) = await missingDiagnosis(call, waited: waited, screenshot: true) else { return }
        let site = CallSite.current.map { "\($0)-" } ?? ""
        let name = FailureArtifactsObserver.slug(site + call + "-answered-false")
        Recording.attach("\(call) answered false: \(error)", named: name + ".txt")
        if let png { Recording.attach(data: png, named: name + ".png") }
    }
}
