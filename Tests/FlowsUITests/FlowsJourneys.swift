import Testing

/// Every flow suite is nested here and runs one test at a time: each test is a whole app
/// launch, and on a 2-core machine parallel launches slow the other suites' timing-sensitive tests.
@Suite("Flows in the lab apps", .serialized)
enum FlowsJourneys {}

import Foundation
import UIFlows

/// Saves a run's diagram (Mermaid) beside the failure artifacts, in `flows/NAME.mmd`, for
/// people to look at and for docs/flows.md, which shows real ones.
func saveDiagram(_ run: FlowRun, _ name: String) {
    let directory = Configuration.defaultArtifactsDirectory + "/flows"
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try? run.mermaid.write(toFile: "\(directory)/\(name).mmd", atomically: true, encoding: .utf8)
}
