import DevTools
import Foundation
import TestSupport
import XCTest

/// The browser dies under a pending call. An XCTest case on purpose: `swift test` runs the
/// XCTest cases before the (parallel) Swift Testing ones, so the one-second bound measures
/// DevTools, not a machine busy with a hundred other tests.
final class BrowserCrashTests: XCTestCase {
    func testKilledBrowserFailsPendingCallWithinASecondAndNextLaunchWorks() async throws {
        let browser = try await Browser.launch()
        let context = try await browser.newContext()
        let page = try await context.newPage()
        let process = try XCTUnwrap(browser.process)

        let pending = Task {
            // A promise that never settles: only the browser's death can end this call.
            try await page.evaluate("new Promise(() => {})", timeout: .seconds(60))
        }
        try await Task.sleep(for: .milliseconds(100))
        let killedAt = ContinuousClock.now
        kill(process.pid, SIGKILL)

        let outcome = await pending.result
        let elapsed = ContinuousClock.now - killedAt
        guard case .failure(DevToolsError.browserExited(let status, _)) = outcome else {
            return XCTFail("expected browserExited, got \(outcome)")
        }
        XCTAssertEqual(status, .signaled(SIGKILL))
        XCTAssertLessThan(elapsed, .seconds(1), "the pending call failed after \(elapsed)")

        // Later calls fail at once with the same error.
        do {
            _ = try await browser.version()
            XCTFail("a dead browser answered")
        } catch DevToolsError.browserExited(let later, _) {
            XCTAssertEqual(later, status)
        }
        await browser.close()
        XCTAssertTrue(ProcessTable.members(ofGroup: process.pid).isEmpty)

        let next = try await Browser.launch()
        let version = try await next.version()
        XCTAssertTrue(version.product.contains("Chrome"))
        await next.close()
    }
}
