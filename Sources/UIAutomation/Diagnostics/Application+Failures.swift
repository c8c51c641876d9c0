extension Application {
    /// Completes a failure for the user: "did you mean" suggestions for a query that found
    /// nothing, the element tree (if missing) and the screenshot and tree saved in the
    /// artifacts folder; nothing of that inside ``withExpectedFailures(_:)``. Never fails itself.
    func recordFailure(_ error: UIAutomationError) async -> UIAutomationError {
        var error = error
        if ExpectedFailures.active {
            error.unmatched = nil
            return error
        }
        guard let driver = try? driver(for: error.query) else { return error }
        if let unmatched = error.unmatched, error.reason == .noMatch, error.suggestions.isEmpty {
            let snapshot = unmatched.snapshot
            let matches = NearMatches(snapshot: snapshot) { index in try await driver.isHittable(snapshot.elements[index], in: snapshot) }
            error.suggestions = await matches.suggestions(steps: unmatched.steps, failedStep: unmatched.failedStep)
        }
        error.unmatched = nil
        // A hung page must not make the failure report hang too; but a busy machine can take
        // seconds over a screenshot (2 s was missed under full-suite load), so allow 5.
        let limit = min(configuration.responseTimeout, .seconds(5))
        if error.tree == nil { error.tree = try? await driver.snapshot(timeout: limit).treeDescription() }
        let screenshot = try? await driver.screenshot(timeout: limit)
        error.artifacts = FailureArtifacts.save(
            screenshot: screenshot, tree: error.tree, query: error.query, in: configuration.artifactsDirectory)
        return error
    }
}
