public import Foundation
import Synchronization
import UIAutomation

/// The device, as XCUITest's `XCUIDevice`: its orientation and buttons, on a page.
///
/// - `orientation` turns the screen: a landscape orientation swaps the viewport's width and
///   height for the running app (the page gets `resize`; `orientation: landscape` media queries
///   match) and for later launches. Face up and down leave it as it was.
/// - `press(.home)` and the other hardware buttons have no meaning for a web page: pressing one
///   records a failure that says so, rather than doing nothing silently.
open class XCUIDevice: NSObject, @unchecked Sendable {
    /// The device.
    public static let shared = XCUIDevice()

    private let state = Mutex<(orientation: UIDeviceOrientation, lastApplication: XCUIApplication?)>((.portrait, nil))

    /// The orientation; setting a portrait or landscape one turns the running app's screen.
    open var orientation: UIDeviceOrientation {
        get { state.withLock { $0.orientation } }
        set {
            let (app, turned) = state.withLock { state -> (XCUIApplication?, Bool) in
                let turned = newValue.isLandscape != state.orientation.isLandscape && (newValue.isLandscape || newValue.isPortrait)
                if newValue.isLandscape || newValue.isPortrait { state.orientation = newValue }
                return (state.lastApplication, turned)
            }
            guard turned, let app, app.shared.isRunning else { return }
            let orientation: Application.Orientation = newValue.isLandscape ? .landscape : .portrait
            app.perform("rotate(to: .\(orientation))", app.site, fallback: ()) { backing in
                guard case .application(let uiApp) = backing else { return }
                try await uiApp.rotate(to: orientation)
            }
        }
    }

    var lastApplication: XCUIApplication? {
        get { state.withLock { $0.lastApplication } }
        set { state.withLock { $0.lastApplication = newValue } }
    }

    /// Presses a hardware button: none exists on a web page, so this records a failure.
    open func press(_ button: Button, file: StaticString = #filePath, line: UInt = #line) {
        Facade.fail(XCUIAutomationError(call: "XCUIDevice.shared.press(.\(button))", reason: .unsupported(
            "a web page has no hardware buttons; to leave the app and come back, terminate() and launch() it")),
                    at: CallerLine(file: file, line: line))
    }

    /// The device's hardware buttons.
    public enum Button: Int, Sendable {
        case home = 1, volumeUp, volumeDown, action, camera
    }
}

/// A device orientation, as UIKit's `UIDeviceOrientation` (UIKit does not exist on Linux).
public enum UIDeviceOrientation: Int, Sendable {
    case unknown = 0, portrait, portraitUpsideDown, landscapeLeft, landscapeRight, faceUp, faceDown

    /// Whether the screen is wider than tall in it.
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
    /// Whether the screen is taller than wide in it.
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
}
