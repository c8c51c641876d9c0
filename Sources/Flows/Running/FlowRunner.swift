import LabSupport
import Synchronization

/// Runs validated scenarios: walks the graph, keeps the budgets, routes failures, records
/// the trace. One runner per top-level run; sub-scenarios share its budgets.
// Unchecked: a runner is used by one task at a time, the run's own; the watchdog task
// touches only `expiry`, which is atomic.
final class FlowRunner: @unchecked Sendable {
    private let budget: FlowBudget
    private let traceLimit: Int
    private let clock = ContinuousClock()
    private var deadline: ContinuousClock.Instant
    private var stepsTaken = 0
    private let expiry = Expiry()
    private var compiled: [ObjectIdentifier: CompiledScenario] = [:]

    init(budget: FlowBudget, traceLimit: Int) {
        self.budget = budget
        self.traceLimit = traceLimit
        self.deadline = clock.now
    }

    /// Runs `definition` from its start; a watchdog cancels the run when the time budget ends.
    func run(_ definition: ScenarioDefinition, state: ScenarioState) async throws -> FlowRun {
        let started = clock.now
        deadline = started.advanced(by: budget.maxDuration)
        for key in definition.inputs.sorted() where state.values[key] == nil {
            throw FlowError(reason: .missingInput(key: key), scenarioPath: [definition.description], step: nil,
                            trace: FlowTrace(scenario: definition.description, limit: traceLimit))
        }
        let scenario = CompiledScenario(definition)
        let outcome = try await withWatchdog { try await self.execute(scenario, state: state, path: []) }
        return FlowRun(definition: definition, exitStep: outcome.trace.exit!.step, result: outcome.trace.exit!.result,
                       state: outcome.state, trace: outcome.trace, duration: clock.now - started, totalSteps: stepsTaken)
    }

    // MARK: Walking one scenario

    private struct Outcome: Sendable {
        var state: ScenarioState
        var trace: FlowTrace
    }

    private func execute(_ scenario: CompiledScenario, state: ScenarioState, path: [String]) async throws -> Outcome {
        let path = path + [scenario.definition.description]
        let context = StepContext(scenario: scenario.definition.description, state: state)
        var trace = FlowTrace(scenario: scenario.definition.description, limit: traceLimit)
        var counts = [Int](repeating: 0, count: scenario.edges.count)
        let scenarioStart = clock.now
        var current = scenario.start

        func fail(_ reason: FlowError.Reason, at step: String?) -> FlowError {
            trace.transitionCounts = Self.counts(counts, scenario.edges)
            return FlowError(reason: reason, scenarioPath: path, step: step, trace: trace)
        }

        while true {
            let node = scenario.nodes[current]
            let started = clock.now
            stepsTaken += 1
            if stepsTaken > budget.maxSteps { throw fail(.stepBudgetExceeded(limit: budget.maxSteps), at: node.name) }
            if started >= deadline || expiry.isExpired { throw fail(.timeBudgetExceeded(limit: budget.maxDuration), at: node.name) }
            if Task.isCancelled { throw CancellationError() }

            context.step = node.name
            context.failureIsRoutable = node.onFailure != nil
            var nested: FlowTrace?
            let result: FlowResult
            do {
                switch node.step.kind {
                case .body(let body):
                    result = try await body(context)
                case .scenario(let call):
                    (result, nested) = try await runSubScenario(call, from: context, path: path)
                }
            } catch {
                // A sub-scenario's failure arrives as a FlowError carrying its own trace.
                let flowError = error as? FlowError
                if let flowError { nested = flowError.trace }
                if flowError == nil && (expiry.isExpired || clock.now >= deadline) {
                    record(&trace, node, .failed(error), next: nil, started, scenarioStart, context, nested)
                    throw fail(.timeBudgetExceeded(limit: budget.maxDuration), at: node.name)
                }
                if error is CancellationError { throw error }
                let routable = flowError?.isRoutable ?? !(error is ScenarioStateError)
                if routable, let recovery = node.onFailure {
                    record(&trace, node, .recovered(error), next: scenario.nodes[recovery.to].name, started, scenarioStart, context, nested)
                    counts[recovery.index] += 1
                    current = recovery.to
                    continue
                }
                record(&trace, node, .failed(error), next: nil, started, scenarioStart, context, nested)
                guard var flowError else { throw fail(.stepFailed(error), at: node.name) }
                // Keep where it happened; show the whole path from this level.
                trace.transitionCounts = Self.counts(counts, scenario.edges)
                flowError.trace = trace
                throw flowError
            }

            guard let edge = node.next(after: result) else {
                record(&trace, node, .result(result), next: nil, started, scenarioStart, context, nested)
                trace.transitionCounts = Self.counts(counts, scenario.edges)
                guard scenario.allowsExit(after: node.name, on: result) else {
                    throw fail(.unexpectedExit(step: node.name, result: result), at: node.name)
                }
                trace.exit = (node.name, result)
                for key in scenario.definition.outputs.sorted() where context.state.values[key] == nil {
                    throw fail(.missingOutput(key: key), at: node.name)
                }
                return Outcome(state: context.state, trace: trace)
            }
            record(&trace, node, .result(result), next: scenario.nodes[edge.to].name, started, scenarioStart, context, nested)
            counts[edge.index] += 1
            current = edge.to
        }
    }

    private func record(
        _ trace: inout FlowTrace, _ node: CompiledScenario.Node, _ outcome: FlowTraceEntry.Outcome, next: String?,
        _ started: ContinuousClock.Instant, _ scenarioStart: ContinuousClock.Instant, _ context: StepContext,
        _ nested: FlowTrace?
    ) {
        let changes = context.changes
        if !changes.isEmpty { context.changes = [] }
        trace.append(FlowTraceEntry(
            step: node.name, outcome: outcome, next: next, started: started - scenarioStart,
            duration: clock.now - started, stateChanges: changes, nested: nested))
    }

    /// Runs a sub-scenario with the inputs its step passes, and copies its outputs back.
    private func runSubScenario(_ call: SubScenarioCall, from context: StepContext, path: [String]) async throws
        -> (FlowResult, FlowTrace)
    {
        var state = ScenarioState()
        for (childKey, parentKey) in call.inputs.sorted(by: { $0.key < $1.key }) {
            state.values[childKey] = try context.state(forKey: parentKey)
        }
        let outcome = try await execute(compile(call.scenario), state: state, path: path)
        for (childKey, parentKey) in call.outputs.sorted(by: { $0.key < $1.key }) {
            guard let value = outcome.state.values[childKey] else {
                throw FlowError(reason: .missingOutput(key: childKey), scenarioPath: path + [outcome.trace.scenario],
                                step: outcome.trace.exit?.step, trace: outcome.trace)
            }
            context.setState(value, forKey: parentKey)
        }
        return (outcome.trace.exit!.result, outcome.trace)
    }

    /// A sub-scenario's compiled graph, built once per run: its definition (a copy of the whole
    /// graph) is read the first time it runs, not at every call.
    private func compile(_ scenario: any Scenario) -> CompiledScenario {
        let identity = ObjectIdentifier(scenario)
        if let known = compiled[identity] { return known }
        let compiledScenario = CompiledScenario(scenario.definition)
        compiled[identity] = compiledScenario
        return compiledScenario
    }

    private static func counts(_ counts: [Int], _ edges: [Transition]) -> [Transition: Int] {
        var result: [Transition: Int] = [:]
        for (index, count) in counts.enumerated() where count > 0 { result[edges[index], default: 0] += count }
        return result
    }

    // MARK: Time budget

    /// Runs `body`; when the time budget ends first, marks the run expired and cancels it,
    /// so that a step waiting on something (a UI wait, a sleep) stops and the run fails with
    /// its trace.
    private func withWatchdog<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let expiry = self.expiry
        let limit = budget.maxDuration
        return try await withTimeLimit(limit, onExpiry: { expiry.expire() }, body)
    }
}

/// Set once when a run's time budget ends; read by the running steps' task.
private final class Expiry: Sendable {
    private let expired = Atomic<Bool>(false)
    var isExpired: Bool { expired.load(ordering: .relaxed) }
    func expire() { expired.store(true, ordering: .relaxed) }
}
