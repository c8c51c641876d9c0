import DevTools
import Foundation
import Testing
import UIAutomation

@Suite("Application lifecycle")
struct ApplicationTests {
    @Test func launchArgumentsAndEnvironmentReachTheHost() async throws {
        let host = try await FixtureHost.page("/basics")
        let app = Application(host: host)
        app.launchArguments = ["-favorites", "lion"]
        app.launchEnvironment = ["LAB_FILTERS": "cats"]
        try await app.launch()
        #expect(app.isRunning)
        await app.terminate()
        #expect(!app.isRunning)
        let launch = try #require(host.recordedLaunches.last)
        #expect(launch.arguments == ["-favorites", "lion"])
        #expect(launch.environment == ["LAB_FILTERS": "cats"])
    }

    @Test func everyLaunchStartsWithFreshState() async throws {
        let app = Application(host: try await FixtureHost.page("/storage"))
        try await app.launch()
        #expect(try await app.staticTexts["seen"].label == "visits 1")
        try await app.launch()  // relaunch: a new context, so localStorage is empty again
        #expect(try await app.staticTexts["seen"].label == "visits 1")
        await app.terminate()
    }

    @Test func usingAnAppThatIsNotRunningIsAClearError() async throws {
        let app = Application(host: try await FixtureHost.page("/basics"))
        do {
            _ = try await app.buttons["save"].exists
            Issue.record("queried an app that was never launched")
        } catch let error as UIAutomationError {
            #expect(error.reason == .notRunning)
        }
    }

    @Test func doubleTapAndPress() async throws {
        try await withApp("/gestures") { (app) async throws in
            try await app.buttons["double"].doubleTap()
            #expect(try await app.staticTexts["log"].label == "dblclick")
            try await app.buttons["hold"].press(forDuration: 0.6)
            let held = try await app.staticTexts["log"].label
            #expect(held.hasPrefix("held "))
            #expect((Int(held.dropFirst(5)) ?? 0) >= 550)
        }
    }
}
