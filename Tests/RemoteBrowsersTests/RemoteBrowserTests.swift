import DevTools
import Foundation
import Testing
import RemoteBrowsers
import UIAutomation
import TestSupport

/// Browsers obtained from a real chromedriver's new-session endpoint (Debian's
/// `chromium-driver`, started here on a free port) and from a real Chromium's CDP endpoint.
/// No browser is launched by UIAutomation in the WebDriver tests: chromedriver starts them.
@Suite(
    "Remote browsers", .serialized,
    .enabled(if: Chromedriver.executable != nil,
             "needs chromedriver: apt-get install chromium-driver (scripts/ensure-chromedriver), or LAB_CHROMEDRIVER"))
struct RemoteBrowserTests {
    @Test func webDriverSessionIsCreatedDrivenAndDeleted() async throws {
        try await withChromedriver { driver in
            var configuration = Configuration()
            configuration.browser = SharedBrowser(source: try WebDriverBrowserSource(endpoint: driver.url))
            let app = Application(host: try await BasicsPage.host(), configuration: configuration)
            try await app.launch()
            #expect(try await app.buttons["save"].label == "Save")
            let browser = try await configuration.browser.current()
            #expect(browser.devToolsBrowser?.process == nil)  // not launched here
            #expect(driver.browserPIDs().count == 1)
            try await app.launch()  // a second launch: a new context in the same session
            #expect(try await app.buttons["save"].label == "Save")
            await app.terminate()
            await configuration.browser.close()
            let sessions = driver.sessions()
            #expect(sessions.created.count == 1)
            #expect(sessions.deleted == sessions.created)
            #expect(driver.browserPIDs().isEmpty)
        }
    }

    @Test func killedRemoteBrowserFailsTheTestAndTheNextLaunchGetsANewSession() async throws {
        try await withChromedriver { driver in
            var configuration = Configuration()
            configuration.browser = SharedBrowser(source: try WebDriverBrowserSource(endpoint: driver.url))
            let app = Application(host: try await BasicsPage.host(), configuration: configuration)
            try await app.launch()
            let first = try #require(driver.browserPIDs().first)
            kill(first, SIGKILL)
            let started = ContinuousClock.now
            do {
                _ = try await app.buttons["save"].label
                Issue.record("queried a dead remote browser")
            } catch let error as UIAutomationError {
                guard let failure = error.reason.browserFailure, failure.kind == .remoteBrowserLost else {
                    Issue.record("wrong reason: \(error.reason)")
                    return
                }
                #expect(failure.subject?.contains("WebDriver session") == true)
            }
            #expect(ContinuousClock.now - started < .seconds(15))  // at once, not after a timeout
            try await app.launch()
            #expect(try await app.buttons["save"].label == "Save")
            #expect(driver.browserPIDs().count == 1)
            #expect(driver.browserPIDs().first != first)
            await app.terminate()
            await configuration.browser.close()
            let sessions = driver.sessions()
            #expect(sessions.created.count == 2)
            #expect(sessions.deleted == sessions.created)  // the dead one's too
        }
    }

    @Test func refusedSessionIsATypedError() async throws {
        try await withChromedriver { driver in
            var source = try WebDriverBrowserSource(endpoint: driver.url)
            source.browserName = "firefox"
            do {
                _ = try await source.obtain()
                Issue.record("chromedriver gave a firefox session")
            } catch let error as RemoteBrowserError {
                guard case .sessionRefused(_, let status, let code, let message) = error else {
                    Issue.record("wrong error: \(error)")
                    return
                }
                #expect(status == 500)
                #expect(code == "session not created")
                #expect(message.contains("No matching capabilities"))
            }
        }
    }

    /// Runs `body` with a fresh chromedriver, stopped afterwards whatever happens; no browser it
    /// started may outlive `body`.
    private func withChromedriver(_ body: (Chromedriver) async throws -> Void) async throws {
        let driver = try await Chromedriver.start()
        do {
            try await body(driver)
        } catch {
            await driver.stop()
            throw error
        }
        let left = await driver.stop()
        #expect(left.isEmpty, "chromedriver still ran browsers: \(left)")
    }
}

/// Attaching to a running Chromium by its HTTP DevTools address, as Playwright's
/// `connectOverCDP` does.
@Suite("CDP endpoint source", .heavyWork)
struct CDPEndpointSourceTests {
    @Test func cdpEndpointIsResolvedThroughJSONVersion() async throws {
        var options = DevTools.LaunchOptions()
        options.extraArguments = ["--remote-debugging-port=0", "--remote-debugging-address=127.0.0.1"]
        let local = try await Browser.launch(options)
        do {
            let port = try await devToolsPort(profile: try #require(local.process?.profileDirectory))
            var configuration = Configuration()
            configuration.browser = SharedBrowser(source: try CDPBrowserSource(endpoint: "http://127.0.0.1:\(port)"))
            let app = Application(host: try await BasicsPage.host(), configuration: configuration)
            try await app.launch()
            #expect(try await app.buttons["save"].label == "Save")
            #expect(try await configuration.browser.current().devToolsBrowser?.process == nil)
            await app.terminate()
            await configuration.browser.close()
            #expect(!local.isClosed)  // releasing an attached browser only disconnects
        } catch {
            await local.close()
            throw error
        }
        await local.close()
    }

    /// Chromium writes its DevTools port to `DevToolsActivePort` in the profile.
    private func devToolsPort(profile: String) async throws -> Int {
        for _ in 0..<500 {
            if let text = try? String(contentsOfFile: profile + "/DevToolsActivePort", encoding: .utf8),
               let port = text.split(separator: "\n").first.flatMap({ Int($0) }) {
                return port
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw ChromedriverError("no DevToolsActivePort in \(profile)")
    }
}
