import Foundation
import UIAutomation
import XCTest
import XCUIAutomation

/// What real XCUITest files from public apps use that the facade lacked: a subclass of
/// `XCUIApplication` with its own designated `init()`, Key-Value Coding reads of attributes, and
/// signpost metrics in `measure(metrics:)`.
final class XCUITestGapTests: FailureCapturingTestCase {
    /// A page object over the app, as many suites write one.
    final class ControlsApp: XCUIApplication {
        override init() {
            super.init()
            launchArguments = ["from-subclass"]
        }

        override init(bundleIdentifier: String) {
            super.init(bundleIdentifier: bundleIdentifier)
        }

        var heading: XCUIElement { staticTexts["title"] }
    }

    func testASubclassWithItsOwnInitializerIsTheTargetApplication() {
        let app = ControlsApp()
        XCTAssertEqual(app.bundleIdentifier, "org.automationlab.fixture.controls", "the first application of this module's UITestTarget")
        XCTAssertEqual(app.launchArguments, ["from-subclass"])
        app.launch()
        XCTAssertEqual(app.heading.label, "Controls")
        let second = ControlsApp(bundleIdentifier: "org.automationlab.fixture.second")
        second.launch()
        XCTAssertEqual(second.staticTexts["second-title"].label, "Second app")
    }

    func testValueForKeyReadsTheAttributeKeys() {
        let app = XCUIApplication()
        app.launch()
        let save = app.buttons["save"]
        XCTAssertEqual(save.value(forKey: "label") as? String, "Save")
        XCTAssertEqual(save.value(forKey: "identifier") as? String, "save")
        XCTAssertEqual(save.value(forKey: "isEnabled") as? Bool, true)
        XCTAssertEqual(save.value(forKey: "enabled") as? Bool, true)
        XCTAssertEqual(save.value(forKey: "exists") as? Bool, true)
        XCTAssertEqual(save.value(forKey: "elementType") as? Int, XCUIElement.ElementType.button.rawValue)
        XCTAssertEqual((save.value(forKey: "frame") as? CGRect)?.width, save.frame.width)
        XCTAssertEqual(app.textFields["name"].value(forKey: "placeholderValue") as? String, "Your name")
        XCTAssertEqual(app.buttons["missing"].value(forKey: "exists") as? Bool, false)
        var line = 0
        let failed = failures {
            line = #line + 1
            XCTAssertNil(save.value(forKey: "colour"))
        }
        XCTAssertEqual(failed.count, 1)
        XCTAssertEqual(failed.first?.line, line)
        XCTAssertTrue(failed.first?.description.contains("\"colour\" is not an attribute key of an element") == true, "\(failed.map(\.description))")
    }

    func testThePasteboardIsTheRunningAppsClipboard() {
        let app = XCUIApplication()
        app.launch()
        UIPasteboard.general.string = "Grace Hopper"
        XCTAssertEqual(UIPasteboard.general.string, "Grace Hopper")
        XCTAssertTrue(UIPasteboard.general.hasStrings)
        app.terminate()
        UIPasteboard.general.string = "kept while nothing runs"
        XCTAssertEqual(UIPasteboard.general.string, "kept while nothing runs")
    }

    func testSignpostMetricsAreMeasuredAsClocks() {
        let app = XCUIApplication()
        let options = XCTMeasureOptions()
        options.iterationCount = 2
        let launch = XCTOSSignpostMetric.applicationLaunch
        XCTAssertTrue(launch.reportedName.contains("applicationLaunch"), launch.reportedName)
        XCTAssertTrue(launch.reportedName.contains("measured as Duration (AppLaunch)"), launch.reportedName)
        var launches = 0
        measure(metrics: [launch, XCTOSSignpostMetric.navigationTransitionMetric], options: options) {
            app.launch()
            launches += 1
        }
        XCTAssertEqual(launches, 2)
        // Each metric answers the span it stands for: a launch's own time, and a block's.
        launch.willBeginMeasuring()
        Thread.sleep(forTimeInterval: 0.05)
        XCTAssertEqual(launch.didStopMeasuring(), 0, "no launch happened in the span")
        let custom = XCTOSSignpostMetric(subsystem: "org.example", category: "ui", name: "render")
        custom.willBeginMeasuring()
        Thread.sleep(forTimeInterval: 0.05)
        XCTAssertGreaterThanOrEqual(custom.didStopMeasuring(), 0.05)
    }
}
