public import Foundation
import Synchronization
import UIAutomation

/// The app under test, as XCUITest's `XCUIApplication` is: a proxy for the target
/// application. Every `XCUIApplication()` of a test target means the same app (the first of its
/// `UITestTarget`'s applications; `init(bundleIdentifier:)` names another), so a helper that
/// makes its own `XCUIApplication()` sees what the test launched.
///
/// ```swift
/// let app = XCUIApplication()
/// app.launchArguments = ["-favorites", "lion"]
/// app.launch()                       // a fresh instance: new state, new browser context
/// app.cells["animals.cell.lion"].tap()
/// XCTAssert(app.images["animals.detail.star"].exists)
/// ```
///
/// Launching terminates a running instance first; the app is terminated when the test ends.
open class XCUIApplication: XCUIElement, @unchecked Sendable {
    /// The app's bundle identifier.
    public let bundleIdentifier: String
    /// The UIAutomation application every proxy of this bundle identifier shares.
    let shared: Application
    private let launchSettings = Mutex<(arguments: [String], environment: [String: String])>(([], [:]))
    private let creationSite: CallerLine

    /// The test target's application (see ``UITestTargetConfiguration``): `XCUIApplication()`.
    /// The test target is found from the module of the file it is written in.
    public init(fileID: String = #fileID, file: StaticString = #filePath, line: UInt = #line) {
        let made = Self.make(bundleIdentifier: nil, module: TargetRegistry.module(ofFileID: fileID), site: CallerLine(file: file, line: line))
        (bundleIdentifier, shared, creationSite) = (made.bundleIdentifier, made.shared, made.site)
        super.init(backing: made.backing, text: "app", site: made.site)
    }

    /// The application with `bundleIdentifier`, as the test target's configuration names it.
    public init(bundleIdentifier: String, fileID: String = #fileID, file: StaticString = #filePath, line: UInt = #line) {
        let made = Self.make(bundleIdentifier: bundleIdentifier, module: TargetRegistry.module(ofFileID: fileID),
                             site: CallerLine(file: file, line: line))
        (self.bundleIdentifier, shared, creationSite) = (made.bundleIdentifier, made.shared, made.site)
        super.init(backing: made.backing, text: "app", site: made.site)
    }

    /// The test target's application, for a subclass's `override init() { super.init() }` as
    /// XCUITest allows (`XCUIApplication()` itself takes the initializer above, which knows the
    /// caller's file). The test target is the subclass's module.
    @_disfavoredOverload
    public init() {
        let made = Self.make(bundleIdentifier: nil, module: Self.moduleOfSubclass, site: CallerLine(file: #filePath, line: #line))
        (bundleIdentifier, shared, creationSite) = (made.bundleIdentifier, made.shared, made.site)
        super.init(backing: made.backing, text: "app", site: made.site)
    }

    /// The application with `bundleIdentifier`, for a subclass's
    /// `override init(bundleIdentifier:)`; the test target is the subclass's module.
    @_disfavoredOverload
    public init(bundleIdentifier: String) {
        let made = Self.make(bundleIdentifier: bundleIdentifier, module: Self.moduleOfSubclass, site: CallerLine(file: #filePath, line: #line))
        (self.bundleIdentifier, shared, creationSite) = (made.bundleIdentifier, made.shared, made.site)
        super.init(backing: made.backing, text: "app", site: made.site)
    }

    /// The module of the subclass being made (`MyUITests` for `MyUITests.MyApp`), else the module
    /// of the XCTest case running now.
    private static var moduleOfSubclass: String {
        if Self.self != XCUIApplication.self { return String(String(reflecting: Self.self).prefix { $0 != "." }) }
        return TestRun.shared.runningModule ?? ""
    }

    private struct Made {
        var bundleIdentifier: String
        var shared: Application
        var backing: Result<Backing, any Error>
        var site: CallerLine
    }

    /// The target application named `bundleIdentifier` (or the default one) for `module`, and the
    /// one UIAutomation application of it in this process.
    private static func make(bundleIdentifier: String?, module: String, site: CallerLine) -> Made {
        TestRun.shared.start(module: module)
        let resolved = Result { () throws -> (TargetApplication, Application) in
            let target = try TargetRegistry.target(bundleIdentifier: bundleIdentifier, module: module)
            return (target, try TargetRegistry.application(for: target))
        }
        switch resolved {
        case .success(let (target, app)):
            InterruptionRegistry.shared.install(on: app)
            return Made(bundleIdentifier: target.bundleIdentifier, shared: app, backing: .success(.application(app)), site: site)
        case .failure(let error):
            return Made(bundleIdentifier: bundleIdentifier ?? "", shared: Application(url: "about:blank"), backing: .failure(error), site: site)
        }
    }

    /// Registers `target` for this process: `XCUIApplication(bundleIdentifier:)` finds it, and
    /// `XCUIApplication()` means it when `asDefault` is true (or when it is the first registered).
    /// The code alternative to a test target's `UITestTarget`.
    public static func register(_ target: TargetApplication, asDefault: Bool = false) {
        TargetRegistry.register(target, asDefault: asDefault)
    }

    // MARK: Launch

    /// Arguments passed to the app at launch (a lab app reads `-favorites lion` as iOS's
    /// `UserDefaults` would).
    open var launchArguments: [String] {
        get { launchSettings.withLock { $0.arguments } }
        set { launchSettings.withLock { $0.arguments = newValue } }
    }

    /// Environment passed to the app at launch.
    open var launchEnvironment: [String: String] {
        get { launchSettings.withLock { $0.environment } }
        set { launchSettings.withLock { $0.environment = newValue } }
    }

    /// Starts the app fresh (terminating a running instance) with this proxy's launch arguments
    /// and environment, and waits until it is idle.
    open func launch(file: StaticString = #filePath, line: UInt = #line) {
        let (arguments, environment) = launchSettings.withLock { ($0.arguments, $0.environment) }
        let started = ContinuousClock.now
        defer { LaunchClock.add(.now - started) }
        let orientation: Application.Orientation = XCUIDevice.shared.orientation.isLandscape ? .landscape : .portrait
        perform("launch()", CallerLine(file: file, line: line), fallback: ()) { backing in
            guard case .application(let app) = backing else { return }
            app.launchArguments = arguments
            app.launchEnvironment = environment
            try await app.launch()
            if orientation != app.orientation || orientation == .landscape { try await app.rotate(to: orientation) }
        }
        if shared.isRunning {
            TestRun.shared.didLaunch(self)
            XCUIDevice.shared.lastApplication = self
        }
    }

    /// Brings the app to the foreground, launching it if it is not running (without
    /// terminating a running one, unlike ``launch(file:line:)``).
    open func activate(file: StaticString = #filePath, line: UInt = #line) {
        if !shared.isRunning { launch(file: file, line: line) }
    }

    /// Stops the app and closes its browser context.
    open func terminate(file: StaticString = #filePath, line: UInt = #line) {
        perform("terminate()", CallerLine(file: file, line: line), fallback: ()) { backing in
            guard case .application(let app) = backing else { return }
            await app.terminate()
        }
        TestRun.shared.didTerminate(self)
    }

    /// Called when the test that launched the app ends.
    func terminateAfterTest() {
        _ = try? Blocking.run("app.terminate()", limit: Facade.backstop(shared.configuration)) { [shared] in await shared.terminate() }
        // Every proxy of a bundle identifier shares one application: a test's routes, network
        // conditions and clock end with the test, as its launch does.
        shared.resetPageControl()
    }

    /// Where the app is in its life: `.runningForeground` once launched, `.notRunning` before
    /// and after.
    open var state: State { shared.isRunning ? .runningForeground : .notRunning }

    /// Waits up to `timeout` seconds for the app to be in `state`; whether it is.
    open func wait(for state: State, timeout: TimeInterval, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let app = shared
        return Facade.call("app.wait(for: \(state), timeout: \(timeout))", at: CallerLine(file: file, line: line),
                           configuration: app.configuration, waiting: timeout, fallback: false) {
            try await app.wait(timeout: timeout) { (app.isRunning ? State.runningForeground : .notRunning) == state }
        }
    }

    /// The states of an app, as XCUITest's `XCUIApplication.State`.
    public enum State: UInt, Sendable, CustomStringConvertible {
        case unknown = 0, notRunning = 1, runningBackgroundSuspended = 2, runningBackground = 3, runningForeground = 4

        public var description: String {
            switch self {
            case .unknown: return ".unknown"
            case .notRunning: return ".notRunning"
            case .runningBackgroundSuspended: return ".runningBackgroundSuspended"
            case .runningBackground: return ".runningBackground"
            case .runningForeground: return ".runningForeground"
            }
        }
    }

    /// Resets the app's permission to use `resource`, as XCUITest does before testing a first
    /// request: on iOS the system terminates a running app to do it, and so does this. Every
    /// launch starts in a fresh browser context, where no permission has been granted, so the next
    /// launch asks again.
    open func resetAuthorizationStatus(for resource: XCUIProtectedResource, file: StaticString = #filePath, line: UInt = #line) {
        if shared.isRunning { terminate(file: file, line: line) }
    }

    /// Opens `url` in the app (a path relative to the app's launch URL, or a full URL).
    open func open(_ url: URL, file: StaticString = #filePath, line: UInt = #line) {
        perform("open(\(url))", CallerLine(file: file, line: line), fallback: ()) { backing in
            guard case .application(let app) = backing else { return }
            try await app.open(url)
        }
    }

    /// The application's frame: the screen.
    open override var frame: CGRect {
        let screen = shared.screen
        return CGRect(x: 0, y: 0, width: screen.width, height: screen.height)
    }
}

/// A resource an app needs permission for, as XCUITest's `XCUIProtectedResource`.
public enum XCUIProtectedResource: Int, Sendable {
    case contacts = 1, calendar, reminders, photos, microphone, camera, mediaLibrary, homeKit
    case bluetooth = -0x4000_0000, keyboardNetwork, location, health, userTracking, focus
}
