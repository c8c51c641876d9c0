import Foundation
import StepRecords
import Reports

/// Runs for the renderer tests, built by hand.
enum SampleRuns {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func key(_ name: String, suite: String = "AppTests.Checkout") -> TestKey {
        TestKey(library: "swift-testing", suite: suite, name: name)
    }

    static func step(_ name: String, _ outcome: StepOutcome = .passed, failure: String? = nil, screenshot: String? = nil,
                     tree: String? = nil) -> StepRecord {
        StepRecord(test: nil, name: name, kind: "action", start: start, duration: 0.25, outcome: outcome, failure: failure,
                   screenshot: screenshot, tree: tree)
    }

    static let saveFailure = "app.buttons[\"Save\"].tap(): no matches found (after waiting 0.5 s)"

    /// Passed, skipped, flaky (failed then passed), failed twice, and a plain failure.
    static var mixed: RunReport {
        RunReport(title: "Sample", startedAt: start, duration: 12.5, sources: ["pass 1"], tests: [
            TestReport(key: key("passes()"), attempts: [Attempt(status: .passed, duration: 1, steps: [step("app.cells[\"lion\"].tap()")])]),
            TestReport(key: key("skips()"), attempts: [Attempt(status: .skipped, duration: 0, skipReason: "not on Linux")]),
            TestReport(key: key("flaky()"), attempts: [
                Attempt(status: .failed, duration: 2, failures: [saveFailure],
                        steps: [step("app.buttons[\"Save\"].tap()", .failed, failure: saveFailure)]),
                Attempt(status: .passed, duration: 1, steps: [step("app.buttons[\"Save\"].tap()")]),
            ]),
            TestReport(key: key("failsTwice()"), attempts: [
                Attempt(status: .failed, duration: 2, failures: [saveFailure], steps: [
                    step("app.launch()"),
                    step("app.buttons[\"Save\"].tap()", .failed, failure: saveFailure, screenshot: "files/t/failure-001.png",
                         tree: "files/t/failure-001.txt"),
                ]),
                Attempt(status: .failed, duration: 2, failures: [saveFailure]),
            ]),
            TestReport(key: key("testOther", suite: "AppTests.Legacy"), attempts: [
                Attempt(status: .failed, duration: 0.5, failures: ["XCTAssertEqual failed: (\"1\") is not equal to (\"2\")"]),
            ]),
        ])
    }
}
