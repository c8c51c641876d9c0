extension Application {
    /// Completes a failure for the user: the element tree (if missing) and the screenshot
    /// and tree saved in the artifacts folder; nothing inside ``withExpectedFailures(_:)``.
    /// Never fails itself.
    func recordFailure(_ error: UIAutomationError) async -> UIAutomationError {
        var error = error
        if ExpectedFailures.active { return error }
        guard let driver = try? driver(for: error.query) else { return error }
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
