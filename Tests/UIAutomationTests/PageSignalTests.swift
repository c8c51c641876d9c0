import Foundation
import StepRecords
import Synchronization
import Testing
import UIAutomation

/// What the page reports about itself — console messages, uncaught exceptions, failed requests,
/// CSP violations — kept per launch, in the step log, and failing steps when asked (issue 43).
@Suite("The page's own signals")
struct PageSignalTests {
    @Test func everyKindIsKeptInOrderAndANewLaunchStartsWithNone() async throws {
        try await withApp("/signals") { (app) async throws in
            #expect(app.pageSignals.isEmpty, "\(app.pageSignals)")
            try await app.buttons["log"].tap()
            try await app.buttons["error"].tap()
            try await app.buttons["throw"].tap()
            try await app.buttons["reject"].tap()
            try await app.buttons["missing"].tap()
            try await app.buttons["style"].tap()
            let signals = app.pageSignals
            #expect(signals.map(\.kind) == [.console, .consoleError, .uncaughtException, .uncaughtException, .failedRequest, .cspViolation],
                    "\(signals)")
            #expect(signals[0].message == "saved 2 Object" && signals[0].level == "log")
            #expect(signals[0].isError == false)
            #expect(signals[1].message == "went <wrong>")
            #expect(signals[2].message == "Uncaught Error: boom" || signals[2].message == "Error: boom", "\(signals[2])")
            #expect(signals[3].message.contains("TypeError: no answer"), "\(signals[3])")
            #expect(signals[4].message.contains("404") && signals[4].url?.hasSuffix("/no-such-thing") == true, "\(signals[4])")
            #expect(signals[5].message.contains("Content Security Policy") && signals[5].message.contains("style-src-attr"), "\(signals[5])")
            let allButTheFirstAreErrors = signals.dropFirst().allSatisfy(\.isError)
            #expect(allButTheFirstAreErrors)

            try await app.launch()
            #expect(app.pageSignals.isEmpty, "a new launch starts with none: \(app.pageSignals)")
        }
    }

    @Test func pageErrorsFailTheStepDuringWhichTheyArrive() async throws {
        var configuration = Configuration()
        configuration.failingPageSignals = PageSignal.Kind.pageErrors
        try await withConfiguredApp("/signals", configuration) { (app) async throws in
            try await app.buttons["log"].tap()      // a console message is no error
            try await app.buttons["error"].tap()    // console.error is not among pageErrors
            try await app.buttons["missing"].tap()  // nor is a failed request
            let thrown = try #require(await #expect(throws: UIAutomationError.self) {
                try await withExpectedFailures { try await app.buttons["throw"].tap() }
            })
            #expect(thrown.reason.kind == .pageErrors)
            #expect(thrown.reason.signals.count == 1 && thrown.reason.signals[0].contains("uncaughtException: Error: boom"),
                    "\(thrown.reason.signals)")
            #expect(thrown.description.contains("app.buttons[\"throw\"].tap(): the page reported an error during this step"), "\(thrown)")
            try await app.buttons["log"].tap()  // the error was this step's, not the next one's
            let blocked = try #require(await #expect(throws: UIAutomationError.self) {
                try await withExpectedFailures { try await app.buttons["style"].tap() }
            })
            #expect(blocked.reason.signals.first?.hasPrefix("cspViolation: ") == true, "\(blocked.reason.signals)")
        }
    }

    @Test func theStepLogHoldsEachStepsSignals() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("signals-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await Recording.withObservers([StepLogObserver(runDirectory: directory, traceMode: .off)]) {
            try await withApp("/signals") { (app) async throws in
                try await app.buttons["log"].tap()
                try await app.buttons["error"].tap()
                try await app.staticTexts["text"].waitForExistence(timeout: 1)
            }
        }
        let steps = try StepLog.readAll(in: directory).values.flatMap { $0 }
        let log = try #require(steps.first { $0.name == "app.buttons[\"log\"].tap()" })
        #expect(log.pageSignals?.count == 1 && log.pageSignals?.first?.hasPrefix("console.log: saved 2 Object (") == true, "\(log)")
        let error = try #require(steps.first { $0.name == "app.buttons[\"error\"].tap()" })
        #expect(error.pageSignals?.first?.hasPrefix("consoleError: went <wrong>") == true, "\(error)")
        let quiet = try #require(steps.first { $0.name.contains("waitForExistence") })
        #expect(quiet.pageSignals == nil)
    }
}
