import XCTest
import XCUIAutomation

/// The toggle seed's tests in plain XCUITest: the centre tap that does nothing, and the helpers.
final class ToggleUITests: XCTestCase {
    let app = XCUIApplication()

    override func setUp() {
        super.setUp()
        app.launch()
        app.links["toggles.root.togglesRow"].tap()
        XCTAssertTrue(app.navigationBars["toggles.toggles.navigationBar"].waitForExistence(timeout: 5))
    }

    func testTappingAToggleDoesNothing() {
        let wifi = app.switches["toggles.toggle.wifi"]
        checkToggleIsOn(wifi)
        wifi.tap()
        checkToggleIsOn(wifi)
        XCTAssertEqual(app.staticTexts["toggles.status"].label, "2 of 5 on")
    }

    func testTheHelpersTurnTogglesOnAndOff() {
        let airplane = app.switches["toggles.toggle.airplaneMode"]
        checkToggleIsOff(airplane)
        turnSwitchOn(airplane)
        checkToggleIsOn(airplane)
        turnSwitchOff(airplane)
        checkToggleIsOff(airplane)

        let wifi = app.switches["toggles.toggle.wifi"]
        turnSwitchOff(wifi)
        checkToggleIsOff(wifi)
    }

    func testNotificationsShowItsDependentRows() {
        let notifications = app.switches["toggles.toggle.notifications"]
        XCTAssertFalse(app.switches["toggles.toggle.sounds"].exists)
        turnSwitchOn(notifications)
        XCTAssertTrue(app.switches["toggles.toggle.sounds"].waitForExistence(timeout: 5))
        XCTAssertTrue(app.switches["toggles.toggle.badges"].exists)
        turnSwitchOff(notifications)
        XCTAssertTrue(app.switches["toggles.toggle.sounds"].waitForNonExistence(timeout: 5))
    }

    func testLaunchEnvironmentPresetsTheToggles() {
        app.terminate()
        app.launchArguments = ["-on", "airplaneMode"]
        app.launch()
        app.links["toggles.root.togglesRow"].tap()
        checkToggleIsOn(app.switches["toggles.toggle.airplaneMode"])
    }
}
