/// One step of a scenario (the seed's `KIFTestStep`): a description, what it does, and —
/// when known — every result it can produce, which lets validation find transitions that
/// can never be taken and loops that can never end.
///
/// ```swift
/// FlowStep.action("log in") { context in … }                 // result: .success
/// FlowStep.decision("more rows?") { context in index < count } // result: true or false
/// FlowStep.decision("compare", results: [.orderedAscending, .orderedSame, .orderedDescending]) { … }
/// FlowStep.scenario(selectTag, inputs: ["tag": "firstTag"])   // a subroutine
/// ```
public struct FlowStep: Sendable, CustomStringConvertible {
    /// What the step does, for traces and diagrams.
    public let description: String
    /// Every result the step can produce, or `nil` when it is open-ended.
    public let possibleResults: [FlowResult]?
    let kind: Kind

    enum Kind: Sendable {
        case body(@Sendable (StepContext) async throws -> FlowResult)
        case scenario(SubScenarioCall)
    }

    /// A step whose result is whatever `body` returns; `results` lists all it can return, if
    /// you know them (validation then checks the transitions against them).
    public init<Result: Hashable & Sendable>(
        _ description: String, results: [Result]? = nil,
        _ body: @escaping @Sendable (StepContext) async throws -> Result
    ) {
        self.description = description
        self.possibleResults = results?.map(FlowResult.init)
        self.kind = .body { context in FlowResult(try await body(context)) }
    }

    init(description: String, possibleResults: [FlowResult]?, kind: Kind) {
        self.description = description
        self.possibleResults = possibleResults
        self.kind = kind
    }

    /// A step that acts and produces ``FlowResult/success``; a thrown error is its failure.
    public static func action(_ description: String, _ body: @escaping @Sendable (StepContext) async throws -> Void) -> FlowStep {
        FlowStep(description: description, possibleResults: [.success]) { context in
            try await body(context)
            return .success
        }
    }

    /// A step that answers yes or no: its result is `true` or `false`.
    public static func decision(_ description: String, _ body: @escaping @Sendable (StepContext) async throws -> Bool) -> FlowStep {
        FlowStep(description, results: [true, false], body)
    }

    /// A step whose result is one case of `Result`: every case is a possible result.
    public static func decision<Result: Hashable & Sendable & CaseIterable>(
        _ description: String, _ body: @escaping @Sendable (StepContext) async throws -> Result
    ) -> FlowStep {
        FlowStep(description, results: Array(Result.allCases), body)
    }

    /// A step that runs another scenario as a subroutine. The sub-scenario starts with only
    /// the state `inputs` passes it (`[its key: this scenario's key]`), and when it exits its
    /// `outputs` are copied back (`[its key: this scenario's key]`). Its exit result is this
    /// step's result; its failure is this step's failure.
    public static func scenario(
        _ scenario: any Scenario, inputs: [String: String] = [:], outputs: [String: String] = [:]
    ) -> FlowStep {
        let call = SubScenarioCall(scenario: scenario, inputs: inputs, outputs: outputs)
        return FlowStep(description: scenario.description, possibleResults: nil, kind: .scenario(call))
    }

    private init(description: String, possibleResults: [FlowResult]?,
                 _ body: @escaping @Sendable (StepContext) async throws -> FlowResult) {
        self.init(description: description, possibleResults: possibleResults, kind: .body(body))
    }

    /// The sub-scenario this step runs, if it is one.
    public var subScenario: (any Scenario)? {
        if case .scenario(let call) = kind { return call.scenario }
        return nil
    }
}

/// How a parent scenario runs a sub-scenario: which state goes in and which comes back.
struct SubScenarioCall: Sendable {
    let scenario: any Scenario
    /// The sub-scenario's key → the parent's key it is read from.
    let inputs: [String: String]
    /// The sub-scenario's key → the parent's key it is written to.
    let outputs: [String: String]
}
