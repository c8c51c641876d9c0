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

/// Screenshots of the screen, an element and attachments.
final class ScreenshotAndAttachmentTests: XCTestCase {
    let app = XCUIApplication()

    override func setUp() {
        super.setUp()
        app.launch()
    }

    func testScreenshotsArePNGsOfTheScreenAndOfAnElement() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47]
        let screen = XCUIScreen.main.screenshot().pngRepresentation
        XCTAssertEqual(Array(screen.prefix(4)), png)
        let button = app.buttons["save"].screenshot().pngRepresentation
        XCTAssertEqual(Array(button.prefix(4)), png)
        XCTAssertLessThan(button.count, screen.count)
        let attachment = XCTAttachment(screenshot: app.screenshot())
        attachment.name = "controls"
        attachment.lifetime = .keepAlways
        add(attachment)
        XCTContext.runActivity(named: "a named activity") { activity in
            activity.add(XCTAttachment(string: "notes from \(activity.name)"))
        }
    }
}

/// Queries from an element's `firstMatch`, compound predicates, and measuring a launch.
final class QueryAndMeasureTests: XCTestCase {
    let app = XCUIApplication()

    override func setUp() {
        super.setUp()
        app.launch()
    }

    func testAnElementsFirstMatchAndCompoundPredicates() {
        let apricot = app.buttons.matching(NSPredicate(format: "label BEGINSWITH 'Ap'")).element.firstMatch
        XCTAssertEqual(apricot.identifier, "apple", "the first of two matches, where .element alone would fail")
        let both = NSCompoundPredicate(andPredicateWithSubpredicates: [
            NSPredicate(format: "label BEGINSWITH 'A'"), NSPredicate(format: "identifier != 'apple'"),
        ])
        XCTAssertEqual(app.buttons.matching(both).count, 1)
        XCTAssertEqual(app.buttons.element(matching: both).identifier, "apricot")
        let either = NSCompoundPredicate(orPredicateWithSubpredicates: [
            NSPredicate(format: "identifier == 'apple'"), NSPredicate(format: "identifier == 'banana'"),
        ])
        XCTAssertEqual(app.buttons.matching(either).count, 2)
    }

    func testMeasuringALaunch() {
        let options = XCTMeasureOptions()
        options.iterationCount = 2
        let launch = XCTApplicationLaunchMetric()
        var launched = 0
        measure(metrics: [launch, XCTClockMetric()], options: options) {
            app.launch()
            launched += 1
        }
        XCTAssertEqual(launched, 2)
        XCTAssertTrue(app.buttons["save"].exists)
    }

    func testResettingAPermissionTerminatesARunningApp() {
        app.resetAuthorizationStatus(for: .location)
        XCTAssertEqual(app.state, .notRunning)
        app.launch()
        XCTAssertEqual(app.state, .runningForeground)
    }
}

/// XCUIDevice's orientation turns the screen.
final class OrientationTests: XCTestCase {
    let app = XCUIApplication()

    override func setUp() {
        super.setUp()
        app.launch()
    }

    override func tearDown() {
        XCUIDevice.shared.orientation = .portrait
        super.tearDown()
    }

    func testLandscapeSwapsTheViewportNowAndForTheNextLaunch() {
        let size = app.staticTexts["size"]
        XCTAssertEqual(size.label, "393x852")
        XCUIDevice.shared.orientation = .landscapeLeft
        XCTAssertTrue(size.wait(for: \.label, toEqual: "852x393", timeout: 5), size.label)
        XCTAssertEqual(app.frame.width, 852)
        XCTAssertEqual(app.horizontalSizeClass, .regular)
        app.launch()
        XCTAssertEqual(size.label, "852x393")
        XCUIDevice.shared.orientation = .portrait
        XCTAssertTrue(size.wait(for: \.label, toEqual: "393x852", timeout: 5), size.label)
    }
}
