/// How far a run may go before it is stopped: a number of steps (sub-scenarios' steps
/// included) and a wall-clock time. A loop that never ends fails with the last steps it took
/// instead of spinning forever.
public struct FlowBudget: Sendable, Equatable {
    /// The most steps a run may take.
    public var maxSteps: Int
    /// The longest a run may take; a step still running then is cancelled.
    public var maxDuration: Duration

    /// 10,000 steps and 5 minutes: far beyond what a UI scenario needs, short enough that a
    /// loop gone wrong fails within the test run.
    public init(maxSteps: Int = 10_000, maxDuration: Duration = .seconds(300)) {
        self.maxSteps = maxSteps
        self.maxDuration = maxDuration
    }
}
