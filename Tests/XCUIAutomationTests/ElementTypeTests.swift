import UIAutomation
import XCTest
import XCUIAutomation

/// The element types real apps query, as a page has them (docs/element-model.md).
final class ElementTypeTests: XCTestCase {
    let app = XCUIApplication()

    override func setUp() {
        super.setUp()
        app.launch()
    }

    func testWebControlsHaveTheirXCUITestTypes() {
        XCTAssertEqual(app.textFields["name"].elementType, .textField)
        XCTAssertEqual(app.textViews["notes"].elementType, .textView)
        XCTAssertEqual(app.sliders["volume"].elementType, .slider)
        XCTAssertEqual(app.pickers["flavour"].elementType, .picker)
        XCTAssertEqual(app.datePickers["day"].elementType, .datePicker)
        XCTAssertEqual(app.activityIndicators["spinner"].elementType, .activityIndicator)
        XCTAssertEqual(app.progressIndicators["upload"].elementType, .progressIndicator)
        XCTAssertEqual(app.webViews["frame"].elementType, .webView)
        XCTAssertFalse(app.keyboards.element.exists, "a page has no keyboard element")
        XCTAssertEqual(app.keyboards.count, 0)
    }
}
