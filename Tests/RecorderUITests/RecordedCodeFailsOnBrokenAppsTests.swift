import Foundation
import Testing
import TestSupport

/// The recorded files of Tests/RecordedXCUITests pass in the suite against the real apps; here
/// each runs again, in a child process of this test binary, against its app with the journey's
/// main action broken (`LAB_RECORDED_BROKEN=1`, see that target's UITestTarget) — and must fail.
@Suite("Recorded code fails when the app is broken", .heavyWork)
struct RecordedCodeFailsOnBrokenAppsTests {
    /// Each journey with the UI call where its broken app first lets it down: its test target does
    /// not continue after a failure, so that call is the journey's last (then the app is terminated).
    @Test(arguments: [
        ("RecordedFavoritingUITests", #"app.images["animals.detail.star"].waitForExistence"#),
        ("RecordedFilteringUITests", #"app.cells["animals.cell.zebra"].tap()"#),
        ("RecordedMovieTriviaUITests", #"app.buttons["NextQuestion"].tap()"#),
    ])
    func theRecordedJourneyFails(_ type: String, stopsAt lastCall: String) async throws {
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
        let calls = try stepNames(in: folder + "/recording")
        #expect(calls.last == "app.terminate()", "\(calls)")
        #expect(calls.dropLast().last?.hasPrefix(lastCall) == true, "the journey did not stop at \(lastCall): \(calls)\n\(said.suffix(3000))")
    }

    /// The names of the steps the child recorded, in order (it ran one test: one step log),
    /// without its attachments (a `false` from `waitForExistence` attaches what the query saw).
    private func stepNames(in runDirectory: String) throws -> [String] {
        let logs = FileManager.default.enumerator(atPath: runDirectory)?.compactMap { $0 as? String }.filter { $0.hasSuffix("steps.jsonl") } ?? []
        try #require(logs.count == 1, "one step log: \(logs)")
        let text = try String(contentsOfFile: runDirectory + "/" + logs[0], encoding: .utf8)
        return try text.split(separator: "\n").compactMap { line in
            let step = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            if step?["kind"] as? String == "attachment" { return nil }
            return try #require(step?["name"] as? String)
        }
    }
}
