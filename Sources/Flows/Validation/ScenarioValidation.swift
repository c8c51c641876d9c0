extension Scenario {
    /// Checks the scenario and every sub-scenario without running anything; throws a
    /// ``FlowValidationError`` listing every problem.
    public func validate() throws(FlowValidationError) {
        let definition = self.definition
        let problems = Validator().problems(in: definition, enclosing: [])
        if !problems.isEmpty { throw FlowValidationError(scenario: definition.description, problems: problems) }
    }
}

/// Finds the problems of a definition and, recursively, of its sub-scenarios.
struct Validator {
    func problems(in definition: ScenarioDefinition, enclosing: [(ObjectIdentifier, String)]) -> [FlowProblem] {
        let path = enclosing.map(\.1) + [definition.description]
        var found: [FlowProblem.Kind] = []
        var nested: [FlowProblem] = []
        let graph = definition

        if graph.stepNames.isEmpty { found.append(.noSteps) }
        found += graph.duplicateStepNames.map(FlowProblem.Kind.duplicateStep)
        if let start = graph.start {
            if graph.steps[start] == nil { found.append(.unknownStart(start)) }
        } else if !graph.stepNames.isEmpty {
            found.append(.missingStart)
        }
        for transition in graph.transitions {
            if graph.steps[transition.from] == nil { found.append(.unknownSource(transition)) }
            if graph.steps[transition.to] == nil { found.append(.unknownDestination(transition)) }
        }

        // Sub-scenarios first: their exits are the possible results of the steps that run them.
        var possible: [String: [FlowResult]?] = [:]
        for name in graph.stepNames {
            let step = graph.steps[name]!
            guard case .scenario(let call) = step.kind else {
                possible[name] = step.possibleResults
                continue
            }
            let child = call.scenario.definition
            if let loop = enclosing.firstIndex(where: { $0.0 == child.identity }) {
                found.append(.recursion(enclosing[loop...].map(\.1) + [graph.description, child.description]))
                possible[name] = .some(nil)
                continue
            }
            if child.identity == graph.identity {
                found.append(.recursion([graph.description, child.description]))
                possible[name] = .some(nil)
                continue
            }
            found += child.inputs.subtracting(call.inputs.keys).sorted().map { .missingInput(step: name, key: $0) }
            found += Set(call.inputs.keys).subtracting(child.inputs).sorted().map { .undeclaredInput(step: name, key: $0) }
            found += Set(call.outputs.keys).subtracting(child.outputs).sorted().map { .undeclaredOutput(step: name, key: $0) }
            nested += problems(in: child, enclosing: enclosing + [(graph.identity, graph.description)])
            possible[name] = .some(ExitAnalysis(child).possibleExitResults)
        }

        let outgoing = Dictionary(grouping: graph.transitions.filter { graph.steps[$0.from] != nil }, by: \.from)
        for name in graph.stepNames {
            let transitions = outgoing[name] ?? []
            var seen: Set<TransitionTrigger> = []
            for transition in transitions where !seen.insert(transition.trigger).inserted {
                found.append(.duplicateTransition(step: name, trigger: transition.trigger))
            }
            let hasPlain = seen.contains(.always)
            if hasPlain && seen.contains(where: { if case .result = $0 { true } else { $0 == .otherResults } }) {
                found.append(.ambiguousTransitions(step: name))
            }
            if let results = possible[name] ?? nil {
                for case .result(let result) in seen where !results.contains(result) {
                    found.append(.impossibleResult(step: name, result: result, possible: results))
                }
            }
        }

        for exit in graph.expectedExits {
            guard graph.steps[exit.step] != nil else {
                found.append(.unknownExit(exit.step))
                continue
            }
            let triggers = Set((outgoing[exit.step] ?? []).map(\.trigger))
            let covered = triggers.contains(.always) || triggers.contains(.otherResults)
                || exit.result.map { triggers.contains(.result($0)) } ?? false
            if covered { found.append(.impossibleExit(exit)) }
        }

        if let start = graph.start, graph.steps[start] != nil {
            let reachable = graph.reachable(from: start)
            let unreachable = graph.stepNames.filter { !reachable.contains($0) }
            if !unreachable.isEmpty { found.append(.unreachable(unreachable)) }
            let exits = ExitAnalysis(graph, possible: possible)
            let stuck = graph.stepNames.filter { reachable.contains($0) && !exits.canReachExit.contains($0) }
            if !stuck.isEmpty { found.append(.inescapableLoop(stuck)) }
        }

        return found.map { FlowProblem(scenarioPath: path, kind: $0) } + nested
    }
}

extension ScenarioDefinition {
    /// The steps reachable from `start` over every transition, recovery paths included.
    func reachable(from start: String) -> Set<String> {
        var seen: Set<String> = [start]
        var stack = [start]
        let outgoing = Dictionary(grouping: transitions, by: \.from)
        while let name = stack.popLast() {
            for transition in outgoing[name] ?? [] where steps[transition.to] != nil && seen.insert(transition.to).inserted {
                stack.append(transition.to)
            }
        }
        return seen
    }
}

/// Which steps can end the scenario, and with which results.
struct ExitAnalysis {
    /// Steps after which the scenario can exit.
    private(set) var exitSteps: Set<String> = []
    /// Steps from which some path leads to an exit.
    private(set) var canReachExit: Set<String> = []
    /// Every result the scenario can exit with, if all are known.
    private(set) var possibleExitResults: [FlowResult]?

    init(_ graph: ScenarioDefinition, possible: [String: [FlowResult]?]? = nil) {
        // Transitions that name unknown steps are reported on their own; leave them out here.
        let transitions = graph.transitions.filter { graph.steps[$0.from] != nil && graph.steps[$0.to] != nil }
        let outgoing = Dictionary(grouping: transitions, by: \.from)
        var exitResults: [FlowResult]? = []
        for name in graph.stepNames {
            let triggers = Set((outgoing[name] ?? []).map(\.trigger))
            if triggers.contains(.always) || triggers.contains(.otherResults) { continue }
            let named = Set(triggers.compactMap { trigger -> FlowResult? in
                if case .result(let result) = trigger { return result }
                return nil
            })
            let results: [FlowResult]? = if let possible { possible[name] ?? nil } else { graph.steps[name]?.possibleResults }
            if let results {
                let leaving = results.filter { !named.contains($0) }
                if leaving.isEmpty { continue }
                if var known = exitResults {
                    for result in leaving where !known.contains(result) { known.append(result) }
                    exitResults = known
                }
            } else {
                exitResults = nil
            }
            exitSteps.insert(name)
        }
        if !graph.expectedExits.isEmpty, graph.expectedExits.allSatisfy({ $0.result != nil }) {
            exitResults = graph.expectedExits.compactMap(\.result).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        }
        possibleExitResults = exitResults

        // Walk backwards from the exits.
        let incoming = Dictionary(grouping: transitions, by: \.to)
        canReachExit = exitSteps
        var stack = Array(exitSteps)
        while let name = stack.popLast() {
            for transition in incoming[name] ?? [] where canReachExit.insert(transition.from).inserted {
                stack.append(transition.from)
            }
        }
    }
}
