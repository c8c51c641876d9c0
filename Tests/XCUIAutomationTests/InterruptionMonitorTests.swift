import XCTest
import XCUIAutomation

/// UI interruption monitors: an overlay over the element an action is for is handed to the
/// monitors, newest first; one that clears it lets the action go on.
final class InterruptionMonitorTests: FailureCapturingTestCase {
    let app = XCUIApplication()

    override func setUp() {
        super.setUp()
        app.launchArguments = ["banner"]
        app.launch()
    }

    func testAMonitorClearsACookieBannerAndTheTapGoesOn() {
        var seen: [String] = []
        addUIInterruptionMonitor(withDescription: "never handles") { _ in
            seen.append("older")
            return false
        }
        addUIInterruptionMonitor(withDescription: "Cookie banner") { banner in
            seen.append("newer: " + banner.label)
            banner.buttons["accept"].tap()
            return true
        }
        app.buttons["save"].tap()
        XCTAssertEqual(app.staticTexts["log"].label, "saved")
        XCTAssertEqual(seen, ["newer: Cookies"], "the newest monitor first; the older one is not needed")
        XCTAssertFalse(app.alerts["banner"].exists)
    }

    func testWithoutAMonitorTheTapFailsSayingWhatCoversIt() {
        let monitor = addUIInterruptionMonitor(withDescription: "removed") { _ in
            XCTFail("a removed monitor is not called")
            return true
        }
        removeUIInterruptionMonitor(monitor)
        let failures = failures { app.buttons["save"].tap() }
        XCTAssertEqual(failures.count, 1, "\(failures.map(\.description))")
        XCTAssertTrue(failures.first?.description.contains("not hittable") == true, "\(failures.map(\.description))")
        XCTAssertEqual(app.staticTexts["log"].label, "none")
    }
}
