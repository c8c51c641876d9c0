import Foundation
import Reports
import Testing
import UIAutomation

/// The whole path, as a user meets it: the failing sample tests (`FailingSample`) run in a child
/// process of this test binary with `LAB_RUN_DIR` and `--xunit-output`, the run is assembled
/// and rendered, the JUnit XML is parsed and its counts compared with Swift Testing's own, and
/// the HTML report is opened in the real browser and driven with UIAutomation.
@Suite struct ReportPageTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["LAB_REPORT_SAMPLE"] == nil, "not inside the sample run itself"))
    func aFailingRunMakesAReportThatShowsTheFailure() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let status = try runSample(in: root)
        let sampleOutput = (try? String(contentsOfFile: root + "/sample-output.txt", encoding: .utf8)) ?? ""
        #expect(status != 0, "the sample run has failing tests")
        try #require(FileManager.default.fileExists(atPath: root + "/xunit-swift-testing.xml"), "\(sampleOutput)")

        let report = try RunAssembler(junitFiles: [root + "/xunit-swift-testing.xml", root + "/xunit.xml"],
                                      recordingDirectory: root + "/recording", title: "Sample run")
            .assemble(into: root + "/report")
        let output = try ReportWriter.render(root + "/report")

        // JUnit: ours parses, and its counts are Swift Testing's own.
        let own = try JUnitDocument(contentsOf: root + "/xunit-swift-testing.xml")
        let ours = try JUnitDocument(contentsOf: output.junit)
        #expect(own.cases.count == 3)
        #expect(ours.cases.count == own.cases.count)
        #expect(ours.cases.filter { $0.status == .failed }.count == own.cases.filter { $0.status == .failed }.count)
        #expect(ours.declaredCounts["tests"] == 3 && ours.declaredCounts["failures"] == 2)
        let missing = try #require(ours.cases.first { $0.name == "failsOnAMissingButton()" })
        #expect(missing.failures.first?.contains("app.buttons[\"Checkout\"].tap(): no matches found") == true)
        #expect(missing.systemOut.contains("[[ATTACHMENT|\(output.html.dropLast("index.html".count))files/"))

        // Each failing test has its own steps and screenshot (the samples ran in parallel).
        let byName = Dictionary(uniqueKeysWithValues: report.tests.map { ($0.key.name, $0) })
        #expect(byName["failsOnAMissingButton()"]?.attempts[0].failingStep?.name == "app.buttons[\"Checkout\"].tap()")
        #expect(byName["failsOnAnExpectation()"]?.attempts[0].failingStep?.name
            == "app.staticTexts[\"status\"].expect(label == \"Shipped\")")
        for (name, word) in [("failsOnAMissingButton()", "Checkout"), ("failsOnAnExpectation()", "Shipped")] {
            let test = try #require(byName[name])
            let files = try FileManager.default.contentsOfDirectory(atPath: root + "/report/files/" + test.key.folderName)
            #expect(files.count == 2 && files.allSatisfy { $0.contains(word) }, "\(name): \(files)")
        }
        #expect(byName["passes()"]?.attempts[0].steps.map(\.name)
            == ["app.buttons[\"go\"].tap()", "app.staticTexts[\"status\"].expect(label == \"Done\")"])

        // The page, in the browser.
        let app = Application(url: URL(fileURLWithPath: output.html).absoluteString)
        try await app.launch()
        do {
            try await drive(app)
        } catch {
            await app.terminate()
            throw error
        }
        if let keep = ProcessInfo.processInfo.environment["LAB_REPORT_SCREENSHOT"], !keep.isEmpty {
            try await app.screenshot().write(to: keep)
        }
        await app.terminate()
    }

    private func drive(_ app: Application) async throws {
        #expect(try await app.staticTexts["summary"].label.hasPrefix("3 tests: 1 passed, 2 failed, 0 flaky, 0 skipped"))
        let tests = app.cells.matching(identifier: "test")
        #expect(try await tests.count == 3)

        let failing = app.cells["ReportsUITests.FailingSample/failsOnAMissingButton()"]
        let failedStep = failing.cells.matching(identifier: "failed-step").element
        #expect(try await failedStep.label.hasPrefix("app.buttons[\"Checkout\"].tap(), failed"))
        #expect(try await failing.cells.matching(identifier: "step").count == 1)  // the tap on "go" before it
        let screenshot = failing.images.matching(identifier: "failure-screenshot").element
        #expect(try await screenshot.label == "Screenshot when app.buttons[\"Checkout\"].tap() failed")
        #expect(try await screenshot.frame.width > 50, "the PNG loaded from file://")

        // The status filter and the search box.
        try await app.buttons["filter-failed"].tap()
        try await tests.expect(count: 2)
        #expect(try await app.staticTexts["shown-count"].label == "2 of 3 tests shown")
        try await app.buttons["filter-passed"].tap()
        try await tests.expect(count: 1)
        #expect(try await app.cells["ReportsUITests.FailingSample/passes()"].exists)
        try await app.buttons["filter-all"].tap()
        try await tests.expect(count: 3)
        try await app.searchFields["search"].typeText("shipped")
        try await tests.expect(count: 1)
        #expect(try await app.cells["ReportsUITests.FailingSample/failsOnAnExpectation()"].exists)
        try await app.searchFields["search"].fill("")
        try await tests.expect(count: 3)
    }

    /// Runs `FailingSample` in a child process of this test binary, recording into `root`.
    private func runSample(in root: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--testing-library", "swift-testing", "--filter", "ReportsUITests.FailingSample",
                             "--xunit-output", root + "/xunit-swift-testing.xml"]
        var environment = ProcessInfo.processInfo.environment
        environment["LAB_REPORT_SAMPLE"] = "1"
        environment["LAB_RUN_DIR"] = root + "/recording"
        environment["LAB_ARTIFACTS_DIR"] = root + "/recording/tests"
        environment["LAB_TRACE"] = "off"
        process.environment = environment
        FileManager.default.createFile(atPath: root + "/sample-output.txt", contents: nil)
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: root + "/sample-output.txt"))
        defer { try? output.close() }
        process.standardOutput = output
        process.standardError = output
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
