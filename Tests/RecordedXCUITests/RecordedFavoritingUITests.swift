// Recorded with `lab record` from Automation Animals (lab app "animals").
// The test target names the app in its UITestTarget: TargetApplication(bundleIdentifier: "org.automationlab.animals") { LabAppHost(app: AnimalsApp()) }
import XCTest
import XCUIAutomation

final class RecordedFavoritingUITests: XCTestCase {
    func testRecordedJourney() {
        let app = XCUIApplication(bundleIdentifier: "org.automationlab.animals")
        app.launch()
        app.cells["animals.cell.zebra"].tap()
        app.buttons["animals.detail.favoriteButton"].tap()
        XCTAssertTrue(app.images["animals.detail.star"].waitForExistence(timeout: 5))
        XCTAssertTrue(app.buttons["animals.detail.favoriteButton"].wait(for: \.label, toEqual: "Remove from Favourites", timeout: 5))
        app.buttons["animals.back"].tap()
        XCTAssertTrue(app.images["animals.cell.zebra.star"].waitForExistence(timeout: 5))
    }
}
