import Foundation
import Testing
import TestSupport

/// The recorded files of Tests/RecordedXCUITests pass in the suite against the real apps; here
/// each runs again, in a child process of this test binary, against its app with the journey's
/// main action broken (`LAB_RECORDED_BROKEN=1`, see that target's UITestTarget) — and must fail.
@Suite("Recorded code fails when the app is broken")
struct RecordedCodeFailsOnBrokenAppsTests {
    @Test(arguments: ["RecordedFavoritingUITests", "RecordedFilteringUITests", "RecordedMovieTriviaUITests"])
    func theRecordedJourneyFails(_ type: String) async throws {
        let test = "RecordedXCUITests.\(type)/testRecordedJourney"
        // The child's steps and failure artifacts go to a folder of its own, not into this run's
        // recording (where its expected failures would count as failures outside any test).
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recorded-broken-\(type)-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let broken = try await ChildProcess.run(
            CommandLine.arguments[0], arguments: [test],
            environment: [
                "LAB_RECORDED_BROKEN": "1", "LAB_TRACE": "off", "LAB_RUN_DIR": folder + "/recording", "LAB_ARTIFACTS_DIR": folder + "/tests",
            ],
            timeout: .seconds(300))
        let said = broken.standardOutput + broken.standardError
        #expect(broken.exit != .exited(0), "\(said)")
        #expect(said.contains("error: ") || said.contains("failed"), "\(said)")
        #expect(said.contains("Executed 1 test"), "the child ran exactly that test:\n\(said)")
    }
}
