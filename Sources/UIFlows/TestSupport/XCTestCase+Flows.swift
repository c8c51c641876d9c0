#if canImport(XCTest)
import Flows
import UIAutomation
public import XCTest

extension XCTestCase {
    /// Runs `scenario`; a failure (an invalid graph, a failing step, a budget, an unexpected
    /// exit) is recorded with `XCTFail` at the caller's file and line, with where it failed,
    /// the path taken and the step's own failure.
    ///
    /// - Returns: the run, or `nil` when it failed.
    @discardableResult
    public func runFlow(
        _ scenario: some Scenario, state: ScenarioState = ScenarioState(), budget: FlowBudget = FlowBudget(),
        file: StaticString = #filePath, line: UInt = #line
    ) async -> FlowRun? {
        do {
            // A step's failure names the test's line, not the UI step's inside UIFlows.
            let run = try await CallSite.run(at: CallSite(file: file, line: line)) {
                try await scenario.run(state: state, budget: budget)
            }
            attachFlow(run)
            return run
        } catch {
            attachFlow(failure: error, of: scenario)
            XCTFail("\(error)", file: file, line: line)
            return nil
        }
    }
}
#endif
