public import Foundation
import UIAutomation

/// A PNG image of the screen or of an element, as XCUITest's `XCUIScreenshot` (there is no
/// `UIImage` on Linux: use ``pngRepresentation``).
open class XCUIScreenshot: NSObject, @unchecked Sendable {
    /// The PNG bytes (empty if the screenshot could not be taken; the failure was recorded).
    public let pngRepresentation: Data

    init(pngRepresentation: Data) {
        self.pngRepresentation = pngRepresentation
    }
}

/// Something that can take a screenshot of itself.
public protocol XCUIScreenshotProviding {
    /// A screenshot of it now.
    func screenshot(file: StaticString, line: UInt) -> XCUIScreenshot
}

extension XCUIElement: XCUIScreenshotProviding {}

/// The device's screen, as XCUITest's `XCUIScreen`: the screen of the app the test launched
/// last (the browser's viewport).
open class XCUIScreen: NSObject, XCUIScreenshotProviding, @unchecked Sendable {
    /// The main screen.
    public static let main = XCUIScreen()
    /// Every screen: the main one.
    public static var screens: [XCUIScreen] { [main] }

    /// The scale: device pixels per point.
    open var scale: CGFloat { CGFloat(XCUIDevice.shared.lastApplication?.shared.configuration.device.scale ?? 2) }

    /// A screenshot of the app launched last.
    open func screenshot(file: StaticString = #filePath, line: UInt = #line) -> XCUIScreenshot {
        guard let app = XCUIDevice.shared.lastApplication else {
            Facade.fail(XCUIAutomationError(call: "XCUIScreen.main.screenshot()", reason: .invalidArgument(
                "no app is running: launch one first")), at: CallerLine(file: file, line: line))
            return XCUIScreenshot(pngRepresentation: Data())
        }
        return app.screenshot(file: file, line: line)
    }
}
