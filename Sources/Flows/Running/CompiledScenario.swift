/// A validated definition in the shape the runner walks: steps by index, and per step the
/// transitions it can take, each with its index for counting.
struct CompiledScenario {
    struct Edge {
        let index: Int
        let to: Int
    }

    struct Node {
        let name: String
        let step: FlowStep
        var always: Edge?
        var onResult: [FlowResult: Edge] = [:]
        var otherResults: Edge?
        var onFailure: Edge?

        /// The transition `result` takes; `nil` means the scenario exits.
        func next(after result: FlowResult) -> Edge? {
            if let always { return always }
            if !onResult.isEmpty, let edge = onResult[result] { return edge }
            return otherResults
        }
    }

    let definition: ScenarioDefinition
    let nodes: [Node]
    let start: Int
    let edges: [Transition]

    init(_ definition: ScenarioDefinition) {
        self.definition = definition
        let index = Dictionary(uniqueKeysWithValues: definition.stepNames.enumerated().map { ($0.element, $0.offset) })
        var nodes = definition.stepNames.map { Node(name: $0, step: definition.steps[$0]!) }
        for (number, transition) in definition.transitions.enumerated() {
            let edge = Edge(index: number, to: index[transition.to]!)
            let from = index[transition.from]!
            switch transition.trigger {
            case .always: nodes[from].always = edge
            case .result(let result): nodes[from].onResult[result] = edge
            case .otherResults: nodes[from].otherResults = edge
            case .failure: nodes[from].onFailure = edge
            }
        }
        self.nodes = nodes
        self.start = index[definition.start!]!
        self.edges = definition.transitions
    }

    /// Whether exiting after `step` on `result` is allowed.
    func allowsExit(after step: String, on result: FlowResult) -> Bool {
        definition.expectedExits.isEmpty
            || definition.expectedExits.contains { $0.step == step && ($0.result == nil || $0.result == result) }
    }
}
