import DevTools
import Foundation
import TestSupport
import Testing

/// Launch, close, crash and restart against the real browser.
@Suite("Browser lifecycle", .heavyWork)
struct BrowserLifecycleTests {
    @Test func launchAnswersAndCloseLeavesNothingRunning() async throws {
        let browser = try await Browser.launch()
        let version = try await browser.version()
        #expect(version.product.contains("Chrome"))
        let process = try #require(browser.process)
        #expect(!ProcessTable.members(ofGroup: process.pid).isEmpty)
        #expect(FileManager.default.fileExists(atPath: process.profileDirectory))

        await browser.close()

        #expect(process.exitStatus != nil)
        #expect(ProcessTable.members(ofGroup: process.pid).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: process.profileDirectory))
        await #expect(throws: DevToolsError.self) { try await browser.version() }
        await browser.close()  // a second close is harmless
    }

    @Test func missingBinaryIsAClearError() async throws {
        var options = LaunchOptions(executable: "/nonexistent/chromium")
        options.launchTimeout = .seconds(5)
        await #expect(throws: DevToolsError.launchFailed(path: "/nonexistent/chromium", errno: ENOENT)) {
            _ = try await Browser.launch(options)
        }
    }

    @Test func discoveryHonoursTheEnvironmentVariableAndExplainsFailure() throws {
        #expect(try BrowserDiscovery.locate(environment: ["LAB_BROWSER": "/bin/sh"]) == "/bin/sh")
        #expect(throws: DevToolsError.self) {
            try BrowserDiscovery.locate(environment: ["LAB_BROWSER": "/nonexistent/browser"])
        }
        do {
            _ = try BrowserDiscovery.locate(environment: ["LAB_BROWSER": "/nonexistent/browser"])
            Issue.record("a missing LAB_BROWSER was accepted")
        } catch {
            #expect(String(describing: error).contains("apt-get install chromium-headless-shell"))
        }
    }

    @Test func browserThatNeverAnswersTimesOutAtLaunchAndIsKilled() async throws {
        let script = try makeScript("exec sleep 60")
        defer { try? FileManager.default.removeItem(atPath: script) }
        var options = LaunchOptions(executable: script)
        options.launchTimeout = .milliseconds(500)
        do {
            _ = try await Browser.launch(options)
            Issue.record("launch of a silent process succeeded")
        } catch DevToolsError.launchTimedOut(let path, let after, _) {
            #expect(path == script)
            #expect(after == .milliseconds(500))
        }
    }

    @Test func browserThatExitsAtLaunchReportsItsStatusAndOutput() async throws {
        let script = try makeScript("echo 'cannot start: no display' >&2; exit 3")
        defer { try? FileManager.default.removeItem(atPath: script) }
        do {
            _ = try await Browser.launch(LaunchOptions(executable: script))
            Issue.record("launch of a failing process succeeded")
        } catch DevToolsError.browserExited(let status, let stderr) {
            #expect(status == .exited(3))
            #expect(stderr.contains("cannot start: no display"))
        }
    }

    private func makeScript(_ body: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.path + "/fake-browser-\(UUID().uuidString).sh"
        try "#!/bin/sh\n\(body)\n".write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }
}
