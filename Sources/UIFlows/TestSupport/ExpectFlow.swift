#if canImport(Testing)
import Flows
public import Testing
import UIAutomation

/// Runs `scenario` in a Swift Testing test; a failure (an invalid graph, a failing step, a
/// budget, an unexpected exit) is recorded as an issue at the caller's line with the whole
/// message: where it failed, the path taken, and the step's own failure.
///
/// ```swift
/// let run = await expectFlow(playQuiz)
/// #expect(run?.state["score"] as? Int == 12)
/// ```
/// - Returns: the run, or `nil` when it failed.
@discardableResult
public func expectFlow(
    _ scenario: some Scenario, state: ScenarioState = ScenarioState(), budget: FlowBudget = FlowBudget(),
    sourceLocation: SourceLocation = #_sourceLocation
) async -> FlowRun? {
    do {
        // A step's failure names the test's line, not the UI step's inside UIFlows.
        let site = CallSite(filePath: sourceLocation.filePath, line: sourceLocation.line)
        let run = try await CallSite.run(at: site) { try await scenario.run(state: state, budget: budget) }
        attachFlow(run)
        return run
    } catch {
        attachFlow(failure: error, of: scenario)
        Issue.record(Comment(rawValue: "\(error)"), sourceLocation: sourceLocation)
        return nil
    }
}
#endif
