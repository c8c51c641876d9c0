import Foundation
import StepRecords
import Reports
import Testing
import UIAutomation
import TestSupport

/// The recording mechanism in the real browser: which calls are steps, their names as code,
/// outcomes, and where failure artifacts go.
@Suite(.heavyWork) struct StepEventTests {
    @Test func actionsWaitsAndExpectationsAreStepsNamedAsCode() async throws {
        let collector = StepCollector(test: TestIdentity.current)
        Recording.addObserver(collector)
        defer { Recording.removeObserver(collector) }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("steps-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var configuration = Configuration()
        configuration.artifactsDirectory = directory
        var thrown: UIAutomationError?
        try await withSampleApp(configuration) { (app) async throws in
            try await app.buttons["go"].tap()
            #expect(try await app.staticTexts["status"].waitForExistence(timeout: 1))
            try await app.staticTexts["status"].expect(ElementPredicate.label == "Done")
            #expect(try await app.staticTexts["status"].label == "Done")  // a read that works is no step
            await #expect(throws: UIAutomationError.self) {
                try await withExpectedFailures { try await app.buttons["Pay"].tap(timeout: 0.2) }
            }
            do {
                try await app.buttons["Checkout"].tap(timeout: 0.2)
            } catch let error as UIAutomationError {
                thrown = error
            }
        }
        let events = collector.all
        #expect(events.map(\.name) == [
            "app.launch()",
            "app.buttons[\"go\"].tap()",
            "app.staticTexts[\"status\"].waitForExistence(timeout: 1.0)",
            "app.staticTexts[\"status\"].expect(label == \"Done\")",
            "app.buttons[\"Pay\"].tap()",
            "app.buttons[\"Checkout\"].tap()",
            "app.terminate()",
        ])
        #expect(events.map(\.kind) == [.action, .action, .wait, .expectation, .action, .action, .action])
        #expect(events.map(\.outcome) == [.passed, .passed, .passed, .passed, .expectedFailure, .failed, .passed])
        #expect(events.allSatisfy { $0.test == TestIdentity.current && $0.test?.library == .swiftTesting })
        #expect(events[5].duration >= .milliseconds(200))
        // An expected failure pays for no screenshot; an unexpected one has it, saved in this test's folder.
        #expect(events[4].screenshot == nil && events[4].files.isEmpty)
        #expect(events[5].screenshot != nil)
        let error = try #require(thrown)
        let folder = directory + "/" + (TestIdentity.current?.folderName ?? "?")
        #expect(error.artifacts.count == 2)
        #expect(error.artifacts.allSatisfy { $0.hasPrefix(folder + "/") && FileManager.default.fileExists(atPath: $0) })
        #expect(events[5].failureMessage?.hasPrefix("app.buttons[\"Checkout\"].tap(): no matches found") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == [TestIdentity.current?.folderName ?? "?"])
    }

    @Test func aTraceLogsAScreenshotAndTreeAfterEveryActionAndTheFailuresOwn() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let test = TestIdentity(library: .custom, suite: "Trace.Sample", name: "traced()")
        var configuration = Configuration()
        configuration.artifactsDirectory = directory + "/tests"
        let observers: [any StepObserver] = [FailureArtifactsObserver(), StepLogObserver(runDirectory: directory, traceMode: .on)]
        try await Recording.withObservers(observers) {
            try await TestIdentity.withCurrent(test) {
                try await withSampleApp(configuration) { (app) async throws in
                    try await app.buttons["go"].tap()
                    try await app.staticTexts["status"].expect(ElementPredicate.label == "Done")
                    _ = try? await app.buttons["Checkout"].tap(timeout: 0.2)
                }
            }
        }
        let steps = try StepLog.readAll(in: directory).values.flatMap { $0 }
        #expect(steps.map(\.name) == ["app.launch()", "app.buttons[\"go\"].tap()", "app.staticTexts[\"status\"].expect(label == \"Done\")",
                                      "app.buttons[\"Checkout\"].tap()", "app.terminate()"])
        // An action has a screenshot and tree after it (the launch too: the page it opened; not
        // the terminate, after which there is no page); the expectation (not an action) none;
        // the failure its own, written by the artifacts observer.
        #expect(steps[0].isTrace && steps[0].screenshot?.hasSuffix(".png") == true)
        #expect(steps[1].isTrace && steps[1].screenshot?.hasSuffix(".png") == true && steps[1].tree?.hasSuffix(".txt") == true)
        #expect(steps[2].screenshot == nil && steps[2].tree == nil)
        #expect(steps[3].outcome == .failed && steps[3].screenshot?.contains("/failure-") == true)
        #expect(steps[4].outcome == .passed && steps[4].screenshot == nil)
        for path in steps.flatMap({ [$0.screenshot, $0.tree].compactMap { $0 } }) {
            #expect(FileManager.default.fileExists(atPath: path), "\(path)")
        }
        let tree = try String(contentsOfFile: try #require(steps[1].tree), encoding: .utf8)
        #expect(tree.contains("label: 'Done'"), "the tree is the one after the tap")
    }

    @Test func parallelTestsKeepTheirArtifactsApart() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parallel-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let configuration = { () -> Configuration in
            var configuration = Configuration()
            configuration.artifactsDirectory = directory
            return configuration
        }()
        let names = ["alpha", "beta", "gamma"]
        let tests = names.map { TestIdentity(library: .custom, suite: "Parallel.Sample", name: "\($0)()") }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (name, test) in zip(names, tests) {
                group.addTask {
                    // Made-up tests: recorded with the artifacts writer only, not into the run's report.
                    try await Recording.withObservers([FailureArtifactsObserver()]) {
                        try await TestIdentity.withCurrent(test) {
                            try await withSampleApp(configuration) { (app) async throws in
                                for _ in 0..<2 { _ = try? await app.buttons[name].tap(timeout: 0.2) }
                            }
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try Set(FileManager.default.contentsOfDirectory(atPath: directory)) == Set(tests.map(\.folderName)))
        for (name, test) in zip(names, tests) {
            let files = try FileManager.default.contentsOfDirectory(atPath: directory + "/" + test.folderName)
            #expect(files.count == 4, "\(files)")  // two failures, each a screenshot and a tree
            #expect(files.allSatisfy { $0.contains("app-buttons--\(name)---tap") }, "\(files)")
        }
    }
}
