import XCTest
import XCUIAutomation

/// Plain XCUITest, as it would be written for an iOS app.
final class TodoUITests: XCTestCase {
    let app = XCUIApplication()

    override func setUpWithError() throws {
        continueAfterFailure = false
        app.launchArguments = ["--seed", "Buy milk,Walk the dog"]
        app.launch()
    }

    func testTheSeededListIsShown() {
        XCTAssertTrue(app.staticTexts["list-title"].waitForExistence(timeout: 5))
        XCTAssertEqual(app.staticTexts["list-title"].label, "To-dos")
        XCTAssertEqual(app.links.count, 2)
        XCTAssertEqual(app.links["todo-1-link"].label, "Buy milk")
        XCTAssertEqual(app.staticTexts["remaining"].label, "2 items left")
    }

    func testAddingATodo() {
        let field = app.textFields["New to-do"]
        XCTAssertTrue(field.waitForExistence(timeout: 5))
        field.tap()
        field.typeText("Water the plants")
        app.buttons["Add"].tap()
        XCTAssertTrue(app.links["Water the plants"].waitForExistence(timeout: 5))
        XCTAssertEqual(app.staticTexts["remaining"].label, "3 items left")
    }

    func testCompletingATodoFromItsDetailScreen() {
        app.links["Walk the dog"].tap()
        XCTAssertEqual(app.staticTexts["todo-title"].label, "Walk the dog")
        XCTAssertEqual(app.staticTexts["todo-state"].label, "Open")
        app.buttons["Mark as done"].tap()
        XCTAssertEqual(app.staticTexts["todo-state"].label, "Done")
        app.links["back"].tap()
        XCTAssertEqual(app.staticTexts["remaining"].label, "1 item left")
    }

    func testTheLaunchEnvironmentReachesTheServer() {
        app.terminate()
        app.launchEnvironment = ["TODO_LIST_NAME": "Groceries"]
        app.launchArguments = []
        app.launch()
        XCTAssertEqual(app.staticTexts["list-title"].label, "Groceries")
        XCTAssertTrue(app.staticTexts["Nothing to do."].exists)
    }
}
