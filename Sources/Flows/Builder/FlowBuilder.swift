/// A part of a scenario written with the result-builder syntax: it adds its steps and
/// transitions to the scenario, and says where it is entered and which of its transitions
/// are left open for whatever comes next.
public protocol FlowNode: Sendable {
    /// Adds the node's steps and inner transitions to `scenario`.
    func add(to scenario: FlowScenario) -> FlowNodeShape
}

/// Where a node is entered, and the transitions out of it that lead to the next node (or,
/// after the last node, that end the scenario).
public struct FlowNodeShape: Sendable {
    let entry: String
    let exits: [(step: String, trigger: TransitionTrigger)]
}

/// Builds the graph of a ``FlowScenario`` from common shapes — steps in sequence, a branch on
/// a result, a loop while a step gives a result — so that validation, traces and diagrams
/// work exactly as for a graph written with `transition(from:…)`.
///
/// ```swift
/// let quiz = FlowScenario("Play the quiz") {
///     Step("begin", .store(0, key: "questions"))
///     RepeatWhile("onQuestion", .waitForExistence(of: title, timeout: 5), is: true) {
///         Step("countQuestion", .increment(key: "questions"))
///         Step("answer", .tap(answerA))
///     }
///     Step("readScore", .storeLabel(of: score, key: "score"))
/// }
/// ```
@resultBuilder
public enum FlowBuilder {
    public static func buildExpression(_ node: any FlowNode) -> [any FlowNode] { [node] }
    public static func buildBlock(_ parts: [any FlowNode]...) -> [any FlowNode] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [any FlowNode]?) -> [any FlowNode] { part ?? [] }
    public static func buildEither(first part: [any FlowNode]) -> [any FlowNode] { part }
    public static func buildEither(second part: [any FlowNode]) -> [any FlowNode] { part }
    public static func buildArray(_ parts: [[any FlowNode]]) -> [any FlowNode] { parts.flatMap { $0 } }
}

/// One named step; whatever its result, the next node follows.
public struct Step: FlowNode {
    let name: String
    let step: FlowStep

    public init(_ name: String, _ step: FlowStep) {
        self.name = name
        self.step = step
    }

    public func add(to scenario: FlowScenario) -> FlowNodeShape {
        scenario.addStep(name, step)
        return FlowNodeShape(entry: name, exits: [(name, .always)])
    }
}

/// Runs the decision step `name`; on `result` runs `then`, on any other result `otherwise`
/// (or goes straight on to the next node when there is no `otherwise`).
public struct If: FlowNode {
    let name: String
    let step: FlowStep
    let result: FlowResult
    let then: [any FlowNode]
    let otherwise: [any FlowNode]

    public init<Result: Hashable & Sendable>(
        _ name: String, _ step: FlowStep, is result: Result,
        @FlowBuilder then: () -> [any FlowNode], @FlowBuilder otherwise: () -> [any FlowNode] = { [] }
    ) {
        self.name = name
        self.step = step
        self.result = FlowResult(result)
        self.then = then()
        self.otherwise = otherwise()
    }

    public func add(to scenario: FlowScenario) -> FlowNodeShape {
        scenario.addStep(name, step)
        var exits: [(step: String, trigger: TransitionTrigger)] = []
        exits += scenario.addSequence(then, after: [(name, .result(result))])
        exits += scenario.addSequence(otherwise, after: [(name, .otherResults)])
        return FlowNodeShape(entry: name, exits: exits)
    }
}

/// Runs the step `name`; while its result is `result`, runs `body` and comes back to it; on
/// any other result goes on to the next node (the seed's goto plus selection: a while loop).
public struct RepeatWhile: FlowNode {
    let name: String
    let step: FlowStep
    let result: FlowResult
    let body: [any FlowNode]

    public init<Result: Hashable & Sendable>(
        _ name: String, _ step: FlowStep, is result: Result, @FlowBuilder body: () -> [any FlowNode]
    ) {
        self.name = name
        self.step = step
        self.result = FlowResult(result)
        self.body = body()
    }

    public func add(to scenario: FlowScenario) -> FlowNodeShape {
        scenario.addStep(name, step)
        let bodyExits = scenario.addSequence(body, after: [(name, .result(result))])
        for exit in bodyExits { scenario.add(Transition(from: exit.step, trigger: exit.trigger, to: name)) }
        return FlowNodeShape(entry: name, exits: [(name, .otherResults)])
    }
}

extension FlowScenario {
    /// A scenario built from `body`: its first node is the start, each node leads to the next,
    /// and the last node's open transitions end the scenario.
    public convenience init(
        _ description: String, inputs: Set<String> = [], outputs: Set<String> = [], @FlowBuilder _ body: () -> [any FlowNode]
    ) {
        self.init(description, inputs: inputs, outputs: outputs)
        let nodes = body()
        if let first = nodes.first {
            let shape = first.add(to: self)
            start(at: shape.entry)
            _ = addSequence(Array(nodes.dropFirst()), after: shape.exits)
        }
    }

    /// Adds `nodes` in sequence, entered from the open transitions `after`; returns the open
    /// transitions of the last node (or `after` itself when `nodes` is empty).
    func addSequence(_ nodes: [any FlowNode], after open: [(step: String, trigger: TransitionTrigger)])
        -> [(step: String, trigger: TransitionTrigger)]
    {
        var open = open
        for node in nodes {
            let shape = node.add(to: self)
            for exit in open { add(Transition(from: exit.step, trigger: exit.trigger, to: shape.entry)) }
            open = shape.exits
        }
        return open
    }
}
