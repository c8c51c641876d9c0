import DevTools
import Foundation
import Testing
import RemoteBrowsers
import UIAutomation
import TestSupport

/// Choosing where browsers come from, and reading WebDriver new-session answers (recorded
/// from a real Selenium Grid 4 and a real chromedriver). No browser is started here.
@Suite("Browser sources", .heavyWork)
struct BrowserSourceTests {
    @Test func environmentChoosesTheSource() throws {
        #expect(try BrowserSources.fromEnvironment([:]) is LocalBrowserSource)
        #expect(try BrowserSources.parse("local") is LocalBrowserSource)
        let cdp = try BrowserSources.parse("cdp:http://127.0.0.1:9222")
        #expect(cdp is CDPBrowserSource)
        #expect(cdp.description == "CDP endpoint http://127.0.0.1:9222")
        #expect(try BrowserSources.parse("cdp:ws://10.0.0.5:9222/devtools/browser/abc") is CDPBrowserSource)
        let grid = try BrowserSources.fromEnvironment(["LAB_BROWSER_SOURCE": "webdriver:http://alice:s3cret@grid.example:4444/"])
        #expect(grid is WebDriverBrowserSource)
        #expect(grid.description == "WebDriver endpoint http://grid.example:4444")  // never the password
    }

    @Test func invalidSourcesAreTypedErrors() {
        for text in ["chrome", "webdriver:grid:4444", "webdriver:ws://grid:4444", "cdp:ftp://x", "cdp:"] {
            #expect(throws: RemoteBrowserError.self, "\(text)") { _ = try BrowserSources.parse(text) }
        }
    }

    /// `https://` and `wss://` need the TLS trait: refused at once without it, with the way to
    /// turn it on; accepted with it (scripts/check-tls runs the second half).
    @Test func secureEndpointsNeedTheTLSTrait() throws {
        for text in ["webdriver:https://user:key@grid.example", "cdp:https://browser.example:9222", "cdp:wss://browser.example/devtools/browser/x"] {
            if ClientTLS.isAvailable {
                #expect(throws: Never.self, "\(text)") { _ = try BrowserSources.parse(text) }
            } else {
                let error = #expect(throws: RemoteBrowserError.self, "\(text)") { _ = try BrowserSources.parse(text) }
                #expect(String(describing: error).contains("swift build --traits TLS"), "\(String(describing: error))")
                #expect(!String(describing: error).contains("key@"), "no password in the message")
            }
        }
    }

    @Test func gridAnswerGivesItsSeCDPEndpoint() throws {
        let session = try WebDriverNewSession(
            status: 200, body: Data(RecordedWebDriverAnswers.grid4.utf8), endpoint: "http://grid:4444")
        #expect(session.id == "d83a88c7cd21da860faab12db2ce159c")
        // se:cdp wins over the node-local debuggerAddress, which the client cannot reach.
        #expect(session.cdp == .webSocket("ws://192.168.31.67:4444/session/d83a88c7cd21da860faab12db2ce159c/se/cdp"))
        #expect(session.capabilityNames.contains("se:cdpVersion"))
    }

    @Test func chromedriverAnswerGivesItsDebuggerAddress() throws {
        let session = try WebDriverNewSession(
            status: 200, body: Data(RecordedWebDriverAnswers.chromedriver156.utf8), endpoint: "http://127.0.0.1:9515")
        #expect(session.id == "0e9d03a470d8c3117dd6e07568826922")
        #expect(session.cdp == .debuggerAddress("localhost:36633"))
    }

    @Test func refusalIsSessionRefused() {
        #expect(throws: RemoteBrowserError.sessionRefused(
            endpoint: "http://127.0.0.1:9515", status: 500, error: "session not created",
            message: "session not created: No matching capabilities found")) {
            _ = try WebDriverNewSession(
                status: 500, body: Data(RecordedWebDriverAnswers.chromedriverRefusal.utf8), endpoint: "http://127.0.0.1:9515")
        }
    }

    @Test func answersWithoutASessionOrCDPEndpoint() throws {
        #expect(throws: RemoteBrowserError.self) {
            _ = try WebDriverNewSession(status: 200, body: Data("<html>proxy</html>".utf8), endpoint: "http://x")
        }
        #expect(throws: RemoteBrowserError.self) {
            _ = try WebDriverNewSession(status: 502, body: Data("Bad Gateway".utf8), endpoint: "http://x")
        }
        // Firefox through a Grid: a session, but no CDP endpoint to drive it by.
        let firefox = try WebDriverNewSession(
            status: 200, body: Data(#"{"value":{"sessionId":"f1","capabilities":{"browserName":"firefox","moz:geckodriverVersion":"0.35.0"}}}"#.utf8),
            endpoint: "http://x")
        #expect(firefox.cdp == nil)
    }

    @Test func newSessionAsksForHeadlessChromeWithW3CCapabilities() throws {
        var source = try WebDriverBrowserSource(endpoint: "http://127.0.0.1:9515")
        source.binary = "/usr/lib/chromium/chromium"
        let body = try #require(JSONSerialization.jsonObject(with: source.newSessionBody) as? [String: Any])
        let match = try #require((body["capabilities"] as? [String: Any])?["alwaysMatch"] as? [String: Any])
        #expect(match["browserName"] as? String == "chrome")
        let options = try #require(match["goog:chromeOptions"] as? [String: Any])
        #expect((options["args"] as? [String])?.contains("--headless") == true)
        #expect(options["binary"] as? String == "/usr/lib/chromium/chromium")
    }

    @Test func endpointDownIsATypedErrorAtOnce() async throws {
        let started = ContinuousClock.now
        for source in [try WebDriverBrowserSource(endpoint: "http://127.0.0.1:9") as any BrowserSource,
                       try CDPBrowserSource(endpoint: "http://127.0.0.1:9")] {
            do {
                _ = try await source.obtain()
                Issue.record("obtained a browser from a closed port")
            } catch let error as RemoteBrowserError {
                guard case .endpointUnreachable(let endpoint, _) = error else {
                    Issue.record("wrong error: \(error)")
                    continue
                }
                #expect(endpoint == "http://127.0.0.1:9")
            }
        }
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test func invalidEnvironmentFailsTheLaunchWithTheReason() async throws {
        // An explicit SharedBrowser with a source that refuses: the launch fails with its error.
        var configuration = Configuration()
        configuration.browser = SharedBrowser(source: try WebDriverBrowserSource(endpoint: "http://127.0.0.1:9"))
        let app = Application(host: try await BasicsPage.host(), configuration: configuration)
        await #expect(throws: RemoteBrowserError.self) { try await app.launch() }
        #expect(!app.isRunning)
    }

    @Test func launchesAreSpreadRoundRobinOverTheBrowsers() async throws {
        let shared = SharedBrowser(source: LocalBrowserSource(), count: 2)
        let first = try await shared.current()
        let second = try await shared.current()
        let third = try await shared.current()
        #expect(first !== second)
        #expect(first === third)
        #expect(first.devToolsBrowser?.process?.pid != second.devToolsBrowser?.process?.pid)
        await shared.close()
        #expect(first.isClosed && second.isClosed)
    }

    @Test func basicAuthAndCapabilitiesGoOverTheWireAndARefusalComesBackTyped() async throws {
        let refusal = RecordedWebDriverAnswers.chromedriverRefusal.trimmingCharacters(in: .whitespacesAndNewlines)
        let server = try OneShotHTTPServer(answer: "HTTP/1.1 500 Internal Server Error\r\nContent-Length:\(refusal.utf8.count)\r\n"
            + "Content-Type:application/json; charset=utf-8\r\n\r\n" + refusal)
        defer { server.stop() }
        let source = try WebDriverBrowserSource(endpoint: "http://alice:s3cret@127.0.0.1:\(server.port)/")
        await #expect(throws: RemoteBrowserError.sessionRefused(
            endpoint: server.url, status: 500, error: "session not created", message: "session not created: No matching capabilities found")) {
            _ = try await source.obtain()
        }
        let request = try #require(server.received.first)
        #expect(request.hasPrefix("POST /session HTTP/1.1\r\n"))
        #expect(request.contains("Authorization: Basic \(Data("alice:s3cret".utf8).base64EncodedString())\r\n"))
        #expect(request.contains(#""browserName":"chrome""#))
    }

    @Test func endpointThatNeverAnswersFailsWithinTheTimeout() async throws {
        let server = try OneShotHTTPServer(answer: nil)
        defer { server.stop() }
        var source = try WebDriverBrowserSource(endpoint: server.url)
        source.newSessionTimeout = .seconds(1)
        let started = ContinuousClock.now
        do {
            _ = try await source.obtain()
            Issue.record("obtained a browser from a server that answers nothing")
        } catch let error as RemoteBrowserError {
            guard case .endpointUnreachable(_, let reason) = error else {
                Issue.record("wrong error: \(error)")
                return
            }
            #expect(reason.contains("deadline"))
        }
        // It waited its 1 s, and it did end: the server never answers, so without the deadline
        // this would hang. (5 s was exceeded, 5.5 s, with the whole suite running in parallel.)
        let elapsed = ContinuousClock.now - started
        #expect(elapsed >= .milliseconds(900) && elapsed < .seconds(30))
    }

    /// A CDP endpoint that takes the connection and never answers the WebSocket upgrade: the
    /// attach fails at its connect timeout, typed, instead of hanging.
    @Test func cdpEndpointThatNeverAnswersTheUpgradeFailsWithinTheTimeout() async throws {
        let server = try OneShotHTTPServer(answer: nil)
        defer { server.stop() }
        var source = try CDPBrowserSource(endpoint: "ws://127.0.0.1:\(server.port)/devtools/browser/none")
        source.connectTimeout = .seconds(1)
        let started = ContinuousClock.now
        do {
            _ = try await source.obtain()
            Issue.record("attached to a server that answers nothing")
        } catch {
            #expect(String(describing: error).contains("no connection within"), "\(error)")
        }
        let elapsed = ContinuousClock.now - started
        #expect(elapsed >= .milliseconds(900) && elapsed < .seconds(30))
        // The upgrade request did reach the server: the timeout is the upgrade's, not the connect's.
        #expect(server.received.contains { $0.hasPrefix("GET /devtools/browser/none HTTP/1.1") && $0.contains("websocket") })
    }
}
