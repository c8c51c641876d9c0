/// A finished run: how the scenario exited, the state it ended with, and its trace.
public struct FlowRun: Sendable {
    /// The scenario as it ran.
    public let definition: ScenarioDefinition
    /// The step after which the scenario exited.
    public let exitStep: String
    /// The result no transition matched: the scenario's result.
    public let result: FlowResult
    /// The scenario state at the exit.
    public let state: ScenarioState
    /// Every step taken.
    public let trace: FlowTrace
    /// How long the run took.
    public let duration: Duration
    /// How many steps ran, sub-scenarios' steps included.
    public let totalSteps: Int

    /// Every failure a failure transition recovered from, sub-scenarios' included: a
    /// recovery is not a pass to overlook, so it is listed here and in the trace.
    public var recoveries: [FlowTraceEntry] { trace.recoveries }
}

extension Scenario {
    /// Validates the scenario, then runs it from its start with `state` until it exits.
    ///
    /// - Returns: the run: its exit step and result, final state and trace.
    /// - Throws: ``FlowValidationError`` if the graph is not valid (before any step runs);
    ///   ``FlowError`` if a step fails without a failure transition, a budget runs out, or
    ///   the scenario exits where it declared it would not; `CancellationError` if the
    ///   calling task is cancelled.
    public func run(state: ScenarioState = ScenarioState(), budget: FlowBudget = FlowBudget(),
                    traceLimit: Int = 10_000) async throws -> FlowRun {
        let definition = self.definition
        let problems = Validator().problems(in: definition, enclosing: [])
        if !problems.isEmpty { throw FlowValidationError(scenario: definition.description, problems: problems) }
        let runner = FlowRunner(budget: budget, traceLimit: traceLimit)
        return try await runner.run(definition, state: state)
    }
}
