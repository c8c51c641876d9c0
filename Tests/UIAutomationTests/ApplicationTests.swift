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

    @Test func hungPageTimesOutCleanly() async throws {
        var configuration = Configuration()
        configuration.actionTimeout = .seconds(1)
        configuration.responseTimeout = .seconds(1)
        configuration.idleTimeout = .seconds(1)
        try await withConfiguredApp("/hang", configuration) { (app) async throws in
            let started = ContinuousClock.now
            do {
                try await app.buttons["spin"].tap()
                Issue.record("a tap on a hanging page returned")
            } catch let error as UIAutomationError {
                guard case .timedOut = error.reason else {
                    Issue.record("wrong reason: \(error.reason)")
                    return
                }
            }
            // Bounded by the 1 s timeouts (the action's, then the failure's screenshot and tree
            // on a page that answers nothing), not by the browser's mood: a generous bound that
            // still catches a hang. (10 s was exceeded once under full-suite load: 10.7 s.)
            #expect(ContinuousClock.now - started < .seconds(20))
        }
        // The browser is fine for the next app.
        try await withApp("/basics") { (app) async throws in
            #expect(try await app.buttons["save"].exists)
        }
    }

    @Test func killedBrowserFailsTheTestAtOnceAndTheNextLaunchGetsAFreshOne() async throws {
        var configuration = Configuration()
        // Its own local browser, whatever LAB_BROWSER_SOURCE says: killing it disturbs no other
        // test, and a remote one has no process here to kill (RemoteBrowserTests covers that).
        configuration.browser = SharedBrowser()
        let app = Application(host: try await FixtureHost.page("/basics"), configuration: configuration)
        try await app.launch()
        let pid = try #require(await configuration.browser.current().process?.pid)
        kill(pid, SIGKILL)
        do {
            _ = try await app.buttons["save"].label
            Issue.record("queried a dead browser")
        } catch let error as UIAutomationError {
            guard case .browser(.browserExited(let status, _)) = error.reason else {
                Issue.record("wrong reason: \(error.reason)")
                return
            }
            #expect(status == .signaled(SIGKILL))
        }
        try await app.launch()
        #expect(try await app.buttons["save"].label == "Save")
        let fresh = try #require(await configuration.browser.current().process?.pid)
        #expect(fresh != pid)
        await app.terminate()
        await configuration.browser.close()
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
