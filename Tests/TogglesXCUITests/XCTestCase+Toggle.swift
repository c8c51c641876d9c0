import XCTest
import XCUIAutomation

/// The toggle seed's helpers (toggle-ui-tests.md: "Extension of XCTestCase"), written with
/// XCUITest's API only: the same file compiles against Apple's XCUITest.
extension XCTestCase {
    /// Fails the test unless `toggle` is on now.
    func checkToggleIsOn(_ toggle: XCUIElement, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(toggle.value as? String, "1", "\(toggle) should be on", file: file, line: line)
    }

    /// Fails the test unless `toggle` is off now.
    func checkToggleIsOff(_ toggle: XCUIElement, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(toggle.value as? String, "0", "\(toggle) should be off", file: file, line: line)
    }

    /// Waits with an expectation until `element` is on.
    func waitForSwitchToBeOn(_ element: XCUIElement, timeOut: TimeInterval) {
        let isOn = NSPredicate(format: "value == '1'")
        expectation(for: isOn, evaluatedWith: element, handler: nil)
        waitForExpectations(timeout: timeOut, handler: nil)
    }

    /// Waits with an expectation until `element` is off.
    func waitForSwitchToBeOff(_ element: XCUIElement, timeOut: TimeInterval) {
        let isOff = NSPredicate(format: "value == '0'")
        expectation(for: isOff, evaluatedWith: element, handler: nil)
        waitForExpectations(timeout: timeOut, handler: nil)
    }

    /// Taps the centre of the toggle's inner switch (a tap on the toggle itself lands on its
    /// centre, where nothing reacts), then waits until it is on.
    func turnSwitchOn(_ toggle: XCUIElement) {
        let switchCentre = toggle.switches.firstMatch.coordinate(withNormalizedOffset: CGVector(dx: 0.5, dy: 0.5))
        toggle.tap()
        switchCentre.tap()
        waitForSwitchToBeOn(toggle, timeOut: 5)
    }

    /// Taps the centre of the toggle's inner switch, then waits until it is off.
    func turnSwitchOff(_ toggle: XCUIElement) {
        let switchCentre = toggle.switches.firstMatch.coordinate(withNormalizedOffset: CGVector(dx: 0.5, dy: 0.5))
        toggle.tap()
        switchCentre.tap()
        waitForSwitchToBeOff(toggle, timeOut: 5)
    }
}
