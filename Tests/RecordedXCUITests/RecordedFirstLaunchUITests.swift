// Recorded with `lab record` from Automation Animals (lab app "animals").
// The test target names the app in its UITestTarget: TargetApplication(bundleIdentifier: "org.automationlab.animals") { LabAppHost(app: AnimalsApp()) }
import XCTest
import XCUIAutomation

final class RecordedFirstLaunchUITests: XCTestCase {
    func testRecordedJourney() {
        let app = XCUIApplication(bundleIdentifier: "org.automationlab.animals")
        app.launch()
        app.cells["animals.cell.lion"].tap()
        XCTAssertEqual(app.staticTexts["animals.detail.name"].label, "Lion")
        XCTAssertTrue(app.buttons["animals.detail.favoriteButton"].waitForExistence(timeout: 5))
        app.buttons["animals.back"].tap()
        app.buttons["animals.favoritesToggle"].tap()
        XCTAssertEqual(app.staticTexts["animals.emptyState"].label, "No animals found")
    }
}
