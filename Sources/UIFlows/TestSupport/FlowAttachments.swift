import Flows
import UIAutomation

// A flow run's path and diagram, attached to the test that ran it (UIAutomation's
// `Recording.attach`): the report shows them under the test, and a Swift Testing test gets
// them as attachments.

/// Attaches a finished run: its path (the last 200 steps) and its Mermaid diagram with the
/// transitions taken.
func attachFlow(_ run: FlowRun) {
    let name = fileName(run.definition.description)
    Recording.attach("Flow \(run.definition.description): exit at \(run.exitStep) with \(run.result), \(run.totalSteps) steps\n"
                     + run.trace.pathDescription(last: 200), named: "flow-\(name)-path.txt")
    Recording.attach(run.mermaid, named: "flow-\(name).mmd")
}

/// Attaches a failed run: the failure with its path, and the scenario's diagram.
func attachFlow(failure: any Error, of scenario: some Scenario) {
    let name = fileName(scenario.definition.description)
    Recording.attach("\(failure)", named: "flow-\(name)-failure.txt")
    Recording.attach(scenario.mermaid, named: "flow-\(name).mmd")
}

private func fileName(_ description: String) -> String {
    String(description.map { $0.isLetter || $0.isNumber ? $0 : "-" }.prefix(50))
}
