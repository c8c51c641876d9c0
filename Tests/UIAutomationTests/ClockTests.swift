import Foundation
import Testing
import UIAutomation

/// The page clock (issue 43): `Date`, timers and frames on a time the test controls.
@Suite("Page clock")
struct ClockTests {
    static let start = Date(timeIntervalSince1970: 1_798_761_600)  // 2027-01-01T00:00:00Z
    /// Where the tests pause: the installed clock flows in real time from its install, and under a
    /// whole suite's load a launch can take a minute (a pause at +60 s was once already past).
    static let pause: TimeInterval = 3_600

    static func withClockApp(_ body: (Application) async throws -> Void) async throws {
        let app = Application(host: try await FixtureHost.page("/clock"))
        try await app.clock.install(at: start)  // before launch: in place before the page's scripts
        try await Application.terminatingLaunchedApps {
            try await app.launch()
            try await body(app)
        }
    }

    @Test func installedBeforeLaunchTheDateStartsThereAndFlows() async throws {
        try await Self.withClockApp { app in
            try await app.buttons["time"].tap()
            #expect(try await app.staticTexts["out"].label.hasPrefix("2027-01-01T00:"))
            let now = try await app.evaluate("Date.now()", as: Double.self)
            #expect(now >= Self.start.timeIntervalSince1970 * 1_000 && now < (Self.start.timeIntervalSince1970 + Self.pause) * 1_000)
        }
    }

    @Test func pausedNothingFiresUntilFastForwardOrRunFor() async throws {
        try await Self.withClockApp { app in
            let out = app.staticTexts["out"], count = app.staticTexts["count"]
            try await app.clock.pauseAt(Self.start.addingTimeInterval(Self.pause))
            #expect(app.clock.isPaused)
            let started = ContinuousClock.now
            try await app.buttons["later"].tap()
            try await app.buttons["soon"].tap()
            try await app.buttons["frame"].tap()
            #expect(ContinuousClock.now - started < .seconds(5), "the idle wait does not wait on paused timers")
            #expect(try await out.label == "-")
            #expect(try await app.evaluate("Date.now()", as: Double.self) == (Self.start.timeIntervalSince1970 + Self.pause) * 1_000)

            try await app.clock.fastForward(.milliseconds(100))   // `soon` and the frame, not `later`
            let shown = try await out.label
            #expect(shown == "frame", "the frame runs after the timer: \(shown)")
            try await app.clock.fastForward(.seconds(5))
            #expect(try await out.label == "fired")

            try await app.buttons["tick"].tap()
            try await app.clock.runFor(.seconds(3))               // every tick
            #expect(try await count.label == "3")
            try await app.clock.fastForward(.seconds(10))         // due ten times, fires once
            #expect(try await count.label == "4")
            #expect(try await app.evaluate("Date.now()", as: Double.self) == (Self.start.timeIntervalSince1970 + Self.pause + 0.1 + 5 + 3 + 10) * 1_000)
        }
    }

    @Test func aWaitOnAPausedTimerSaysTheClockHoldsIt() async throws {
        try await Self.withClockApp { app in
            try await app.clock.pauseAt(Self.start.addingTimeInterval(Self.pause))
            try await app.buttons["later"].tap()
            #expect(try await app.staticTexts["fired"].waitForExistence(timeout: 0.3) == false)
            let thrown = try #require(await #expect(throws: UIAutomationError.self) {
                try await withExpectedFailures {
                    try await app.staticTexts["out"].expect(try ElementPredicate(format: "label == 'fired'"), timeout: 0.3)
                }
            })
            #expect(thrown.reason.kind == .timedOut)
            #expect(thrown.reason.lastProblem?.contains("the page's clock is paused with 1 timer and 0 frames waiting: call app.clock.fastForward, runFor or resume") == true,
                    "\(thrown)")
            try await app.clock.resume()
            #expect(!app.clock.isPaused)
            try await app.buttons["soon"].tap()   // running again: the idle wait waits for it, as for any short timer
            #expect(try await app.staticTexts["out"].label == "soon")
        }
    }

    @Test func aFixedTimeHoldsDateWhileTimersRunAndANewDocumentKeepsTheState() async throws {
        try await Self.withClockApp { app in
            try await app.clock.setFixedTime(Date(timeIntervalSince1970: 0))
            try await app.buttons["time"].tap()
            #expect(try await app.staticTexts["out"].label == "1970-01-01T00:00:00.000Z")
            try await app.buttons["soon"].tap()
            #expect(try await app.staticTexts["out"].label == "soon")
            try await app.reload()
            #expect(try await app.evaluate("Date.now()", as: Double.self) == 0)
            try await app.clock.pauseAt(Self.start.addingTimeInterval(3_600))
            try await app.reload()
            #expect(try await app.evaluate("Date.now()", as: Double.self) == 0, "still fixed after a reload")
            #expect(try await app.evaluate("window.__labClock.state().paused", as: Bool.self))
        }
    }
}
