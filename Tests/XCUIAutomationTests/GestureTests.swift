import Foundation
import XCTest
import XCUIAutomation

/// XCUITest's gestures on a page: each reaches the page as real input.
final class GestureTests: XCTestCase {
    let app = XCUIApplication()
    var log: XCUIElement { app.staticTexts["log"] }

    override func setUp() {
        super.setUp()
        app.launch()
    }

    func testTypingIntoAFieldAndIntoWhateverHasFocus() {
        let name = app.textFields["name"]
        name.tap()
        name.typeText("Ada")
        XCTAssertEqual(name.value as? String, "Ada")
        app.typeText(" L")
        XCTAssertEqual(name.value as? String, "Ada L")
        name.typeKey(.delete, modifierFlags: [])
        XCTAssertEqual(name.value as? String, "Ada ")
        name.typeKey(XCUIKeyboardKey.escape.rawValue, modifierFlags: [])
        XCTAssertEqual(log.label, "escape")
        app.typeKey("a", modifierFlags: .control)
        app.typeText("Grace")
        XCTAssertEqual(name.value as? String, "Grace")
    }

    func testASliderMovesToAPosition() {
        let volume = app.sliders["volume"]
        XCTAssertEqual(volume.normalizedSliderPosition, 0.5, accuracy: 0.01)
        volume.adjust(toNormalizedSliderPosition: 0.9)
        XCTAssertEqual(volume.normalizedSliderPosition, 0.9, accuracy: 0.05)
        XCTAssertTrue(log.label.hasPrefix("volume "), log.label)
        volume.adjust(toNormalizedSliderPosition: 0.1)
        XCTAssertEqual(volume.normalizedSliderPosition, 0.1, accuracy: 0.05)
    }

    func testAPickerWheelChoosesAnOption() {
        let flavour = app.pickers["flavour"]
        flavour.adjust(toPickerWheelValue: "Chocolate")
        XCTAssertEqual(log.label, "flavour c")
        flavour.adjust(toPickerWheelValue: "Strawberry")
        XCTAssertEqual(log.label, "flavour s")
    }

    func testTouchesDragsAndCoordinates() {
        let zone = app.groups["tap-zone"]
        zone.twoFingerTap()
        XCTAssertEqual(log.label, "touches 2")
        let start = zone.coordinate(withNormalizedOffset: CGVector(dx: 0.2, dy: 0.5))
        let end = start.withOffset(CGVector(dx: 100, dy: 0))
        start.press(forDuration: 0.1, thenDragTo: end)
        XCTAssertEqual(log.label, "drag 100")
        app.buttons["save"].coordinate(withNormalizedOffset: CGVector(dx: 0.5, dy: 0.5)).tap()
        XCTAssertEqual(log.label, "saved")
        let point = app.buttons["save"].coordinate(withNormalizedOffset: CGVector(dx: 0, dy: 0)).screenPoint
        XCTAssertEqual(point.x, app.buttons["save"].frame.minX, accuracy: 0.5)
    }

    func testSwipesAndScrollsRevealWhatIsBelow() {
        let bottom = app.staticTexts["bottom"]
        XCTAssertFalse(bottom.isHittable)
        app.swipeUp()
        app.swipeUp(velocity: .fast)
        app.scroll(byDeltaX: 0, deltaY: 2_000)
        XCTAssertTrue(bottom.isHittable, "\(bottom.frame)")
        app.swipeDown(velocity: .slow)
    }

}
