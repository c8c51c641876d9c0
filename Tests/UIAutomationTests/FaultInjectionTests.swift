import DevTools
import Foundation
import TestSupport
import XCTest

@testable import UIAutomation

/// Faults injected on purpose, each with the error the test sees and how soon: the browser
/// killed, the page's renderer crashed, a page stuck in a script, the app's server gone.
/// (JavaScript dialogs never block: DialogTests.) The promises are listed in docs/reliability.md.
///
/// XCTest, so they run one at a time before the parallel suites: the "within a second"
/// bounds then measure this code, not the machine's load.
final class FaultInjectionTests: XCTestCase {
    /// How long after the fault the test must have its error.
    let promptly: Duration = .seconds(1)

    func testBrowserKilledMidTestFailsThatTestWithinASecondAndTheNextLaunchGetsAFreshBrowser() async throws {
        var configuration = Configuration()
        configuration.browser = SharedBrowser()  // its own browser: killing it disturbs no other test
        let app = Application(host: try await FixtureHost.page("/basics"), configuration: configuration)
        try await app.launch()
        let browser = try await configuration.browser.current()
        let pid = try XCTUnwrap(browser.devToolsBrowser?.process?.pid)
        // A wait under way when the browser dies: it must not wait out its 10 s.
        let waiting = Task { try await app.buttons["never there"].waitForExistence(timeout: 10) }
        try await Task.sleep(for: .milliseconds(300))
        let killedAt = ContinuousClock.now
        kill(pid, SIGKILL)
        do {
            let found = try await waiting.value
            XCTFail("the wait went on after the browser died and answered \(found)")
        } catch let error as UIAutomationError {
            XCTAssertLessThan(ContinuousClock.now - killedAt, promptly)
            guard let failure = error.reason.browserFailure, failure.kind == .browserExited else {
                return XCTFail("wrong reason: \(error.reason)")
            }
            XCTAssertEqual(failure.subject, ExitStatus.signaled(SIGKILL).description)
            XCTAssertTrue(error.description.hasPrefix(
                #"app.buttons["never there"]: the browser failed: The browser exited (killed by signal 9)."#), error.description)
        }
        try await app.launch()
        let label = try await app.buttons["save"].label
        XCTAssertEqual(label, "Save")
        let fresh = try await configuration.browser.current().devToolsBrowser?.process?.pid
        XCTAssertNotEqual(fresh, pid)
        await app.terminate()
        await configuration.browser.close()
    }

    func testRendererCrashFailsAtOnceAndTheNextLaunchWorksInTheSameBrowser() async throws {
        let app = Application(host: try await FixtureHost.page("/basics"))
        try await app.launch()
        let browserPID = try await app.configuration.browser.current().devToolsBrowser?.process?.pid
        let page = try XCTUnwrap(app.driver(for: "test") as? PageDriver).page
        // Crashes the renderer of this page only (the browser and other pages live on).
        _ = try? await page.send(CDP.Page.Crash(), timeout: .seconds(2))
        let crashedAt = ContinuousClock.now
        do {
            _ = try await app.buttons["save"].label
            XCTFail("read a crashed page")
        } catch let error as UIAutomationError {
            XCTAssertLessThan(ContinuousClock.now - crashedAt, promptly)
            guard let failure = error.reason.browserFailure, failure.kind == .pageCrashed else { return XCTFail("wrong reason: \(error.reason)") }
            XCTAssertTrue(error.description.hasPrefix(
                #"app.buttons["save"]: the browser failed: The page crashed (its renderer process died)"#), error.description)
        }
        try await app.launch()
        let label = try await app.buttons["save"].label
        XCTAssertEqual(label, "Save")
        let stillTheSameBrowser = try await app.configuration.browser.current().devToolsBrowser?.process?.pid
        XCTAssertEqual(stillTheSameBrowser, browserPID)
        await app.terminate()
    }

    func testPageStuckInAnInfiniteScriptFailsTheActionAtItsTimeout() async throws {
        var configuration = Configuration()
        configuration.actionTimeout = .seconds(1)
        configuration.responseTimeout = .seconds(1)
        configuration.idleTimeout = .seconds(1)
        let app = Application(host: try await FixtureHost.page("/hang"), configuration: configuration)
        try await app.launch()
        let started = ContinuousClock.now
        do {
            try await app.buttons["spin"].tap()  // its handler loops for a minute
            XCTFail("a tap on a page stuck in a script returned")
        } catch let error as UIAutomationError {
            // The action's 1 s, then the failure's screenshot and tree (1 s each, on a page
            // that answers nothing): about 3 s, far from the script's minute.
            XCTAssertLessThan(ContinuousClock.now - started, .seconds(6))
            guard error.reason.kind == .timedOut else { return XCTFail("wrong reason: \(error.reason)") }
            XCTAssertTrue(error.description.hasPrefix(#"app.buttons["spin"].tap(): timed out after 1.0 s waiting for"#), error.description)
        }
        await app.terminate()
        // The stuck renderer belonged to that launch's context; the next launch is fine.
        try await app.launch()
        let fine = try await app.buttons["fine"].exists
        XCTAssertTrue(fine)
        await app.terminate()
    }

    func testAppServerDyingMidTestFailsTheActionThatNeededItAndSaysSo() async throws {
        let server = try await FixtureServer.start(pages: FixturePages.all)
        let app = Application(url: server.url("/basics"))
        try await app.launch()
        await server.kill()  // no listener and no open connection left, as when its process dies
        let next = server.url("/nav/second")
        do {
            try await app.links["Next"].tap()
            XCTFail("a tap whose page could not be loaded passed")
        } catch let error as UIAutomationError {
            guard let failure = error.reason.browserFailure, failure.kind == .navigationFailed else {
                return XCTFail("wrong reason: \(error.reason)")
            }
            XCTAssertEqual(failure.subject, next)
            XCTAssertTrue(error.description.hasPrefix(
                #"app.links["Next"].tap(): the browser failed: Could not open \#(next): the browser could not load it"#), error.description)
        }
        await app.terminate()
    }
}
