import Foundation
import Reports
import StepRecords
import TestSupport
import Testing
import UIAutomation

/// The whole path, as a user meets it: the sample tests (`FailingSample`: one passes, two fail,
/// one fails only the first time) run in a child process of this test binary with
/// `LAB_RUN_DIR` and `--xunit-output`, then the failed ones once more, as
/// `LAB_RETRIES=1 scripts/test` does; each pass is assembled, the two are merged, the JUnit XML
/// is parsed and its counts compared with Swift Testing's own, and the HTML report is opened in
/// the real browser and driven with UIAutomation.
@Suite(.heavyWork) struct ReportPageTests {
    static let suite = "ReportsUITests.FailingSample"

    @Test(.enabled(if: ProcessInfo.processInfo.environment["LAB_REPORT_SAMPLE"] == nil, "not inside the sample run itself"))
    func aFailingRunMakesAReportThatShowsTheFailuresAndTheFlakyTest() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }

        // Pass 1: every sample.
        let first = try await assemblePass(root + "/pass1", flakyMark: root + "/flaky-mark", filter: Self.suite)
        let own = try JUnitDocument(contentsOf: root + "/pass1/xunit-swift-testing.xml")
        let firstJUnit = try JUnitDocument(data: Data(JUnitRenderer(runFolder: root + "/pass1/report").render(first).utf8))
        #expect(own.cases.count == 4 && own.cases.filter { $0.status == .failed }.count == 3)
        #expect(firstJUnit.cases.count == own.cases.count)
        #expect(firstJUnit.declaredCounts["tests"] == 4 && firstJUnit.declaredCounts["failures"] == 3)

        // Each failing test has its own steps and screenshot (the samples ran in parallel).
        let byName = Dictionary(uniqueKeysWithValues: first.tests.map { ($0.key.name, $0) })
        #expect(byName["failsOnAMissingButton()"]?.attempts[0].failingStep?.name == "app.buttons[\"Checkout\"].tap()")
        #expect(byName["failsOnAnExpectation()"]?.attempts[0].failingStep?.name
            == "app.staticTexts[\"status\"].expect(label == \"Shipped\")")
        for (name, word) in [("failsOnAMissingButton()", "Checkout"), ("failsOnAnExpectation()", "Shipped"), ("flakyOnce()", "Gone")] {
            let test = try #require(byName[name])
            let files = try FileManager.default.contentsOfDirectory(atPath: root + "/pass1/report/files/" + test.key.folderName)
            #expect(files.count == 2 && files.allSatisfy { $0.contains(word) }, "\(name): \(files)")
        }
        #expect(byName["passes()"]?.attempts[0].steps.map(\.name)
            == ["app.launch()", "app.buttons[\"go\"].tap()", "app.staticTexts[\"status\"].expect(label == \"Done\")", "app.terminate()"])

        // Pass 2: the failed ones again (the flaky one now passes); then one merged run.
        let failed = first.tests.filter { $0.status == .failed }.map { NSRegularExpression.escapedPattern(for: $0.key.id) }
        _ = try await assemblePass(root + "/pass2", flakyMark: root + "/flaky-mark", filter: failed.joined(separator: "|"))
        let merged = try RunFolder.merge([root + "/pass1/report", root + "/pass2/report"], into: root + "/report", title: "Sample run")
        #expect(merged.summary.failed == 2 && merged.summary.flaky == 1 && merged.summary.passed == 1)
        let output = try ReportWriter.render(root + "/report")

        let junit = try JUnitDocument(contentsOf: output.junit)
        #expect(junit.declaredCounts == ["tests": 4, "failures": 2, "errors": 0, "skipped": 0])
        let flaky = try #require(junit.cases.first { $0.name == "flakyOnce()" })
        #expect(flaky.failures.isEmpty && flaky.flakyFailures.count == 1 && flaky.flakyFailures[0].contains("Gone"))
        let missing = try #require(junit.cases.first { $0.name == "failsOnAMissingButton()" })
        #expect(missing.failures.first?.contains("app.buttons[\"Checkout\"].tap(): no matches found") == true)
        #expect(missing.rerunFailures.count == 1)
        #expect(missing.systemOut.contains("[[ATTACHMENT|\(root)/report/runs/1/files/"))

        // The page, in the browser.
        let app = Application(url: URL(fileURLWithPath: output.html).absoluteString)
        try await app.launch()
        do {
            try await drive(app)
        } catch {
            await app.terminate()
            throw error
        }
        await app.terminate()
    }

    private func drive(_ app: Application) async throws {
        #expect(try await app.staticTexts["summary"].label.hasPrefix("4 tests: 1 passed, 2 failed, 1 flaky, 0 skipped"))
        let tests = app.cells.matching(identifier: "test")
        #expect(try await tests.count == 4)

        // A failed test, open, both attempts: the failing step marked, the screenshot loaded.
        let failing = app.cells["\(Self.suite)/failsOnAMissingButton()"]
        let failedSteps = failing.cells.matching(identifier: "failed-step")
        #expect(try await failedSteps.count == 2)
        #expect(try await failedSteps.element(boundBy: 0).label.hasPrefix("app.buttons[\"Checkout\"].tap(), failed"))
        // The launch and the tap on "go" before it, the terminate after it; in both attempts.
        #expect(try await failing.cells.matching(identifier: "step").count == 6)
        let screenshot = failing.images.matching(identifier: "failure-screenshot").element(boundBy: 0)
        #expect(try await screenshot.label == "Screenshot when app.buttons[\"Checkout\"].tap() failed")
        #expect(try await screenshot.frame.width > 50, "the PNG loaded from file://")

        // The status filter and the search box.
        try await app.buttons["filter-failed"].tap()
        try await tests.expect(count: 2)
        #expect(try await app.staticTexts["shown-count"].label == "2 of 4 tests shown")
        try await app.buttons["filter-flaky"].tap()
        try await tests.expect(count: 1)
        #expect(try await app.cells["\(Self.suite)/flakyOnce()"].exists)
        try await app.buttons["filter-passed"].tap()
        try await tests.expect(count: 1)
        #expect(try await app.cells["\(Self.suite)/passes()"].exists)
        try await app.buttons["filter-all"].tap()
        try await tests.expect(count: 4)
        try await app.searchFields["search"].typeText("shipped")
        try await tests.expect(count: 1)
        #expect(try await app.cells["\(Self.suite)/failsOnAnExpectation()"].exists)
        try await app.searchFields["search"].fill("")
        try await tests.expect(count: 4)
    }

    /// Runs the samples `filter` selects in a child process of this test binary, recording into
    /// `folder`, and assembles the pass into `folder/report`.
    private func assemblePass(_ folder: String, flakyMark: String, filter: String) async throws -> RunReport {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let run = try await ChildProcess.run(
            CommandLine.arguments[0],
            arguments: ["--testing-library", "swift-testing", "--filter", filter, "--xunit-output", folder + "/xunit-swift-testing.xml"],
            environment: [
                "LAB_REPORT_SAMPLE": "1",
                "LAB_SAMPLE_FLAKY_MARK": flakyMark,
                "LAB_RUN_DIR": folder + "/recording",
                "LAB_ARTIFACTS_DIR": folder + "/recording/tests",
                "LAB_TRACE": "off",
            ],
            timeout: .seconds(300)
        )
        let said = run.standardOutput + run.standardError
        #expect(run.exit != .exited(0), "the sample run has failing tests")
        try #require(FileManager.default.fileExists(atPath: folder + "/xunit-swift-testing.xml"), "\(said)")
        return try RunAssembler(junitFiles: [folder + "/xunit-swift-testing.xml"], recordingDirectory: folder + "/recording",
                                title: "Sample run").assemble(into: folder + "/report")
    }
}
