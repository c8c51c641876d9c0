import Foundation
import UIAutomation
import XCTest
import XCUIAutomation

/// Routes, network waits and page signals through XCUITest's synchronous API (issue 43): the
/// trigger taps on the test's thread, failures are recorded at the caller's line, and a test's
/// routes end with it.
final class PageControlFacadeTests: FailureCapturingTestCase {
    let app = XCUIApplication()

    func testARouteAddedBeforeLaunchAnswersAndWaitForResponseSeesIt() {
        let app = self.app
        XCTAssertNotNil(app.route("**/api/data") { _ in .fulfill(headers: ["X-Routed": "yes"], body: "from a route") })
        app.launch()
        let response = app.waitForResponse("**/api/data") { app.buttons["load"].tap() }
        XCTAssertEqual(response?.status, 200)
        XCTAssertEqual(response?.responseHeader("x-routed"), "yes")
        XCTAssertEqual(app.staticTexts["log"].label, "loaded from a route")
        XCTAssertEqual(response.flatMap { app.responseBody(of: $0) }.map { String(decoding: $0, as: UTF8.self) }, "from a route")
        let request = app.waitForRequest("**/api/data", method: "GET") { app.buttons["load"].tap() }
        XCTAssertEqual(request?.method, "GET")
        XCTAssertEqual(app.pageSignals.filter(\.isError).map(\.description), [])
        app.setNetworkConditions(.offline)
        app.unroute("**/api/data")
        app.buttons["load"].tap()
        XCTAssertEqual(app.staticTexts["log"].label, "load failed")
    }

    func testTheRoutesOfTheTestBeforeAreGoneAndAWaitThatTimesOutFailsAtItsLine() {
        app.launch()
        app.buttons["load"].tap()
        XCTAssertEqual(app.staticTexts["log"].label, "loaded not found", "no route, no offline network left from another test")
        var line = 0
        let failures = failures {
            _ = app.waitForResponse("**/never", timeout: 0.3); line = #line
        }
        XCTAssertEqual(failures.count, 1, "\(failures.map(\.description))")
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(failures.first?.description.contains(#"waiting for a response to a URL matching "**/never""#) == true,
                      failures.first?.description ?? "")
    }
}
