import LabTesting
import Testing
import TriviaApp
import UIFlows

/// The flow `lab record --format flow` wrote (RecordedMovieTriviaFlow.swift), run: valid, and
/// every step passes in the app.
@Test func theRecordedFlowRuns() async throws {
    let app = Application(host: LabAppHost(app: try TriviaApp()))
    try await app.launch()
    let run = try await recordedMovieTriviaFlow(app).run()
    #expect(run.trace.entries.count == 6, "one entry per recorded step")
    await app.terminate()
}
