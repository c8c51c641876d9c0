// Recorded with `lab record` from Automation Animals (lab app "animals").
// The test target names the app in its UITestTarget: TargetApplication(bundleIdentifier: "org.automationlab.animals") { LabAppHost(app: AnimalsApp()) }
import XCTest
import XCUIAutomation

final class RecordedFirstLaunchUITests: XCTestCase {
    func testRecordedJourney() {
        let app = XCUIApplication(bundleIdentifier: "org.automationlab.animals")
        app.launch()
        app.cells["animals.cell.lion"].tap()
        XCTAssertTrue(app.staticTexts["animals.detail.name"].wait(for: \.label, toEqual: "Lion", timeout: 5))
        XCTAssertTrue(app.buttons["animals.detail.favoriteButton"].waitForExistence(timeout: 5))
        app.buttons["animals.back"].tap()
        app.buttons["animals.favoritesToggle"].tap()
        XCTAssertTrue(app.staticTexts["animals.emptyState"].wait(for: \.label, toEqual: "No animals found", timeout: 5))
    }
}
