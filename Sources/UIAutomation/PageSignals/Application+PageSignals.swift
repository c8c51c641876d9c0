extension Application {
    /// What the page reported during the running launch (or the last one, after
    /// ``terminate()``), oldest first: console messages, uncaught exceptions, failed requests,
    /// CSP violations, routes' failures. A new launch starts with none.
    ///
    /// ```swift
    /// try await app.buttons["save"].tap()
    /// #expect(app.pageSignals.filter(\.isError).isEmpty)
    /// #expect(app.pageSignals.contains { $0.kind == .console && $0.message == "saved" })
    /// ```
    ///
    /// Every signal is also in the step log and the report, under the step during which it
    /// arrived; ``Configuration/failingPageSignals`` makes chosen kinds fail that step. A page
    /// that logs without end keeps its first 5,000.
    public var pageSignals: [PageSignal] { signalLog.all }

    /// For a call that is not a step but runs scripts in the page (a still screenshot): throws
    /// the failure that the signals since the previous step make under
    /// ``Configuration/failingPageSignals``, if any; the signals stay for the next step's record.
    func failOnPageErrors(_ call: String) throws {
        let failing = signalLog.unreported.filter { $0.kind == .routeFailure || configuration.failingPageSignals.contains($0.kind) }
        guard !failing.isEmpty else { return }
        signalLog.markFailed(failing)
        throw UIAutomationError(query: call, reason: .pageErrors(failing.map(\.description)))
    }

    /// The signals that arrived since the previous step ended (they count as this step's now),
    /// and the failure they make under ``Configuration/failingPageSignals``, if any.
    func takeStepSignals(step name: String) -> (signals: [PageSignal], failure: UIAutomationError?) {
        let signals = signalLog.takeUnreported()
        let failing = signals.filter {
            ($0.kind == .routeFailure || configuration.failingPageSignals.contains($0.kind)) && !signalLog.hasFailed($0)
        }
        guard !failing.isEmpty else { return (signals, nil) }
        return (signals, UIAutomationError(query: name, reason: .pageErrors(failing.map(\.description))))
    }
}
