import XCTest
import XCUIAutomation

/// Plain XCUITest against a Python web app, as it would be written for an iOS app.
final class NotesUITests: XCTestCase {
    let app = XCUIApplication()

    override func setUpWithError() throws {
        continueAfterFailure = false
    }

    func testSavingANoteListsIt() {
        app.launch()
        XCTAssertTrue(app.staticTexts["No notes yet."].waitForExistence(timeout: 5))
        let text = app.textViews["New note"]
        text.tap()
        text.typeText("Buy oat milk")
        app.buttons["Save"].tap()
        XCTAssertTrue(app.staticTexts["Buy oat milk"].waitForExistence(timeout: 5))
        XCTAssertEqual(app.staticTexts["count"].label, "1 note")
    }

    func testLaunchArgumentsAndEnvironmentReachTheApp() {
        app.launchArguments = ["--title", "Groceries", "--note", "Apples", "--note", "Pears"]
        app.launchEnvironment = ["NOTES_GREETING": "Hello from the test"]
        app.launch()
        XCTAssertEqual(app.staticTexts["title"].label, "Groceries")
        XCTAssertEqual(app.staticTexts["greeting"].label, "Hello from the test")
        XCTAssertEqual(app.staticTexts["count"].label, "2 notes")
        XCTAssertEqual(app.staticTexts["note-2"].label, "Pears")
    }

    func testTheHelpSiteIsASecondApp() {
        let help = XCUIApplication(bundleIdentifier: "org.example.notes.help")
        help.launch()
        XCTAssertEqual(help.staticTexts["help-title"].label, "Notes help")
        help.links["Privacy"].tap()
        XCTAssertEqual(help.staticTexts["privacy-text"].label, "Your notes never leave this machine.")
        help.links["back"].tap()
        XCTAssertTrue(help.staticTexts["Notes help"].waitForExistence(timeout: 5))
    }
}
