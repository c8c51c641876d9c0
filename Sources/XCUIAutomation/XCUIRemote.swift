public import Foundation

/// The Siri Remote of tvOS UI tests, as XCUITest's `XCUIRemote`: a web page has no remote, so
/// pressing a button records a failure that says so (files using it compile; they cannot pass).
open class XCUIRemote: NSObject, @unchecked Sendable {
    /// The remote.
    public static let shared = XCUIRemote()

    /// The remote's buttons.
    public enum Button: UInt, Sendable {
        case up, down, left, right, select, menu, playPause, home
    }

    /// Presses `button`: not supported on the web.
    open func press(_ button: Button, file: StaticString = #filePath, line: UInt = #line) {
        press(button, forDuration: 0, file: file, line: line)
    }

    /// Presses `button` for `duration` seconds: not supported on the web.
    open func press(_ button: Button, forDuration duration: TimeInterval, file: StaticString = #filePath, line: UInt = #line) {
        Facade.fail(XCUIAutomationError(call: "XCUIRemote.shared.press(.\(button))", reason: .unsupported(
            "a web page has no remote; tvOS focus navigation has no equivalent here")), at: CallerLine(file: file, line: line))
    }
}
