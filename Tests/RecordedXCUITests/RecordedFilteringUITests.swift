// Recorded with `lab record` from Automation Animals (lab app "animals").
// The test target names the app in its UITestTarget: TargetApplication(bundleIdentifier: "org.automationlab.animals") { LabAppHost(app: AnimalsApp()) }
import XCTest
import XCUIAutomation

final class RecordedFilteringUITests: XCTestCase {
    func testRecordedJourney() {
        let app = XCUIApplication(bundleIdentifier: "org.automationlab.animals")
        app.launch()
        app.buttons["animals.filterButton"].tap()
        app.cells["animals.filter.tag.stripes"].tap()
        app.cells["animals.filter.tag.farm"].tap()
        app.buttons["animals.filter.done"].tap()
        app.cells["animals.cell.zebra"].tap()
        XCTAssertTrue(app.staticTexts["animals.detail.name"].wait(for: \.label, toEqual: "Zebra", timeout: 5))
        app.buttons["animals.back"].tap()
        app.buttons["animals.filterButton"].tap()
        app.buttons["animals.filter.clearAll"].tap()
        app.buttons["animals.filter.done"].tap()
        XCTAssertTrue(app.images["animals.cell.lion.image"].waitForExistence(timeout: 5))
    }
}
