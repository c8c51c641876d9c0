import Foundation
import Testing
import UIAutomation
import TestSupport

/// Sample tests for the reporter, two of them failing on purpose: kept out of the normal suite
/// (they run only with `LAB_REPORT_SAMPLE=1`). `ReportPageTests` runs them in a child process
/// and checks the report made from that run.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["LAB_REPORT_SAMPLE"] == "1", "a sample run for the reporter"), .heavyWork)
struct FailingSample {
    @Test func passes() async throws {
        try await withSampleApp { (app) async throws in
            try await app.buttons["go"].tap()
            try await app.staticTexts["status"].expect(ElementPredicate.label == "Done")
        }
    }

    @Test func failsOnAMissingButton() async throws {
        try await withSampleApp { (app) async throws in
            try await app.buttons["go"].tap()
            try await app.buttons["Checkout"].tap(timeout: 0.5)
        }
    }

    /// Fails the first time in a run (when `LAB_SAMPLE_FLAKY_MARK` names a file that does not
    /// exist yet, which it then creates), passes when run again: flaky.
    @Test func flakyOnce() async throws {
        let mark = ProcessInfo.processInfo.environment["LAB_SAMPLE_FLAKY_MARK"] ?? ""
        let firstTime = !mark.isEmpty && !FileManager.default.fileExists(atPath: mark)
        if firstTime { _ = FileManager.default.createFile(atPath: mark, contents: nil) }
        try await withSampleApp { (app) async throws in
            try await app.buttons["go"].tap()
            try await app.staticTexts["status"].expect(ElementPredicate.label == (firstTime ? "Gone" : "Done"), timeout: 0.5)
        }
    }

    @Test func failsOnAnExpectation() async throws {
        try await withSampleApp { (app) async throws in
            #expect(try await app.staticTexts["status"].waitForExistence(timeout: 2))
            try await app.staticTexts["status"].expect(ElementPredicate.label == "Shipped", timeout: 0.5)
        }
    }
}
