import Flows
import Foundation

// The flow engine alone: a loop of increment and compare, 1,000,000 steps per run, no UI.
// Prints the median nanoseconds per step over the runs, with the fastest and slowest run.
// Usage: FlowsBench [runs (default 11)] [steps per run (default 1000000)]

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let runs = arguments.first ?? 11
let stepsPerRun = arguments.dropFirst().first ?? 1_000_000
// Two steps per trip round the loop, plus the two set-up steps and the last compare.
let iterations = (stepsPerRun - 3) / 2

func loop() -> FlowScenario {
    let scenario = FlowScenario("count to \(iterations)")
    scenario.addSteps([
        "start": .store(0, key: "n"),
        "limit": .store(iterations, key: "limit"),
        "more": .compare(key: "n", with: "limit"),
        "increment": .increment(key: "n"),
    ])
    scenario.start(at: "start")
    scenario.transition(from: "start", to: "limit")
    scenario.transition(from: "limit", to: "more")
    scenario.transition(from: "more", on: ComparisonResult.orderedAscending, to: "increment")
    scenario.transition(from: "increment", to: "more")
    return scenario
}

let scenario = loop()
let budget = FlowBudget(maxSteps: stepsPerRun + 10, maxDuration: .seconds(600))
let clock = ContinuousClock()
var nanosecondsPerStep: [Double] = []
for run in 0...runs {
    let started = clock.now
    let result = try await scenario.run(budget: budget)
    let elapsed = clock.now - started
    guard result.state["n"] as? Int == iterations else { fatalError("the loop ended at \(String(describing: result.state["n"]))") }
    let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    if run > 0 { nanosecondsPerStep.append(nanoseconds / Double(result.totalSteps)) }  // run 0 warms up
}
let sorted = nanosecondsPerStep.sorted()
let median = sorted[sorted.count / 2]
print("flow engine: \(stepsPerRun) steps per run, \(runs) runs")
print(String(format: "ns per step: median %.0f (min %.0f, max %.0f)", median, sorted.first!, sorted.last!))
