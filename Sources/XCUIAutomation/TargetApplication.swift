import CTypeRecords
import Foundation
import Synchronization
public import UIAutomation

/// One app a UI test target can drive, as the "Target Application" of an Xcode UI test target
/// names one: its bundle identifier and how each launch starts a fresh instance of it.
///
/// ```swift
/// let trivia = TargetApplication(bundleIdentifier: "org.automationlab.trivia") {
///     LabAppHost(app: try TriviaApp())          // a fresh server and state per launch
/// }
/// let site = TargetApplication.url("http://127.0.0.1:8080/animals", bundleIdentifier: "org.example.site")
/// let todo = TargetApplication.swiftProduct("TodoServer", arguments: ["--port", "{port}"], bundleIdentifier: "org.example.todo")
/// let docs = TargetApplication.folder("Site", bundleIdentifier: "org.example.docs")
/// ```
public struct TargetApplication: Sendable {
    /// The name tests use in `XCUIApplication(bundleIdentifier:)`.
    public let bundleIdentifier: String
    /// Device, timeouts and identifier attribute for this app's launches.
    public let configuration: Configuration
    let makeHost: @Sendable () throws -> any AppHost

    /// An app whose launches `host` starts (called once, when a test first uses the app).
    public init(bundleIdentifier: String, configuration: Configuration = Configuration(),
                host: @escaping @Sendable () throws -> any AppHost) {
        self.bundleIdentifier = bundleIdentifier
        self.configuration = configuration
        self.makeHost = host
    }

    /// A web app already running at `url` (launch arguments cannot reach it; each launch gets a
    /// fresh browser context).
    public static func url(_ url: String, bundleIdentifier: String, configuration: Configuration = Configuration()) -> TargetApplication {
        TargetApplication(bundleIdentifier: bundleIdentifier, configuration: configuration) { URLHost(url) }
    }

    /// Your own web app's server, started fresh for each launch (a `ProcessHost`): `launchArguments`
    /// are appended to its arguments and `launchEnvironment` merged into its environment, a free
    /// port replaces `{port}` in them and in the URL, and `terminate()` ends its process group.
    ///
    /// ```swift
    /// .process(executable: "python3", arguments: ["-m", "http.server", "{port}", "--bind", "127.0.0.1"],
    ///          bundleIdentifier: "org.example.site")
    /// ```
    public static func process(
        executable: String, arguments: [String] = [], environment: [String: String] = [:], url: String = "http://127.0.0.1:{port}/",
        readiness: ProcessHost.Readiness = .httpResponse, bundleIdentifier: String, configuration: Configuration = Configuration()
    ) -> TargetApplication {
        .process(ProcessHost(executable: executable, arguments: arguments, environment: environment, url: url, readiness: readiness),
                 bundleIdentifier: bundleIdentifier, configuration: configuration)
    }

    /// An executable product of your own package, started fresh for each launch (see
    /// `ProcessHost.swiftProduct(_:arguments:environment:url:readiness:port:startTimeout:)`):
    /// make the test target depend on the executable target so that `swift test` builds it.
    ///
    /// ```swift
    /// .swiftProduct("TodoServer", arguments: ["--port", "{port}"], bundleIdentifier: "org.example.todo")
    /// ```
    public static func swiftProduct(
        _ product: String, arguments: [String] = [], environment: [String: String] = [:], url: String = "http://127.0.0.1:{port}/",
        readiness: ProcessHost.Readiness = .httpResponse, bundleIdentifier: String, configuration: Configuration = Configuration()
    ) -> TargetApplication {
        .process(ProcessHost.swiftProduct(product, arguments: arguments, environment: environment, url: url, readiness: readiness),
                 bundleIdentifier: bundleIdentifier, configuration: configuration)
    }

    /// An app launched by `host`, a `ProcessHost` configured as you need.
    public static func process(_ host: ProcessHost, bundleIdentifier: String, configuration: Configuration = Configuration()) -> TargetApplication {
        TargetApplication(bundleIdentifier: bundleIdentifier, configuration: configuration) { host }
    }

    /// A static site: the files of `directory` (relative to the current directory, which is the
    /// package's under `swift test`), served by a fresh built-in server per launch (a `FolderHost`).
    ///
    /// ```swift
    /// .folder("Site", bundleIdentifier: "org.example.site")
    /// ```
    public static func folder(_ directory: String, path: String = "/", bundleIdentifier: String, configuration: Configuration = Configuration())
        -> TargetApplication
    {
        TargetApplication(bundleIdentifier: bundleIdentifier, configuration: configuration) { FolderHost(directory, path: path) }
    }
}

/// A UI test target's configuration: the apps its tests drive, the first being the one
/// `XCUIApplication()` means. Declare it in the test target as a type named `UITestTarget`
/// (an enum, struct or class); XCUIAutomation finds it by name in the module of the file that
/// creates the `XCUIApplication`, so test files stay exactly as they are for Xcode:
///
/// ```swift
/// // Tests/TriviaXCUITests/UITestTarget.swift
/// import LabTesting
/// import TriviaApp
/// import XCUIAutomation
///
/// enum UITestTarget: UITestTargetConfiguration {
///     static let applications = [
///         TargetApplication(bundleIdentifier: "org.automationlab.trivia") { LabAppHost(app: try TriviaApp()) }
///     ]
/// }
/// ```
public protocol UITestTargetConfiguration {
    /// The apps; `XCUIApplication()` is the first, `XCUIApplication(bundleIdentifier:)` any.
    static var applications: [TargetApplication] { get }
    /// Whether a test goes on after a failure (default `true`). XCTest's own
    /// `continueAfterFailure` cannot be honoured on Linux: swift-corelibs-xctest ignores writes to
    /// it and always reads `true`. With `false` here, after the first failure of a test — a failed
    /// UI call or a failed `XCTAssert` — every later UI call in it returns at once without
    /// touching the app, so the test ends with that failure first (XCTest assertions after it
    /// still run).
    static var continueAfterFailure: Bool { get }
}

extension UITestTargetConfiguration {
    public static var continueAfterFailure: Bool { true }
}

/// Finds the target application of a call site and keeps one UIAutomation `Application` per
/// bundle identifier: every `XCUIApplication` with that identifier is a proxy for the same
/// running app, as in XCUITest.
enum TargetRegistry {
    /// Apps registered in code (``XCUIApplication/register(_:asDefault:)``); they win over a
    /// module's `UITestTarget`.
    private static let registered = Mutex<(apps: [String: TargetApplication], defaultApp: String?)>(([:], nil))
    private static let modules = Mutex<[String: (apps: [TargetApplication], continueAfterFailure: Bool)]>([:])
    private static let running = Mutex<[String: Application]>([:])

    static func register(_ target: TargetApplication, asDefault: Bool) {
        registered.withLock { state in
            state.apps[target.bundleIdentifier] = target
            if asDefault || state.defaultApp == nil { state.defaultApp = target.bundleIdentifier }
        }
    }

    /// The target named `bundleIdentifier` (or the default one), for a call in `module`.
    static func target(bundleIdentifier: String?, module: String) throws -> TargetApplication {
        let (apps, defaultApp) = registered.withLock { ($0.apps, $0.defaultApp) }
        let moduleApps = applications(ofModule: module)
        if let bundleIdentifier {
            if let app = apps[bundleIdentifier] ?? moduleApps.first(where: { $0.bundleIdentifier == bundleIdentifier }) {
                return app
            }
            throw XCUIAutomationError(call: "XCUIApplication(bundleIdentifier: \"\(bundleIdentifier)\")", reason: .noTargetApplication(
                "no application with this bundle identifier; the known ones are "
                    + (Array(apps.keys) + moduleApps.map(\.bundleIdentifier)).sorted().description
                    + ". Declare it in the test target's UITestTarget (see docs/xcuitest.md)"))
        }
        if let defaultApp, let app = apps[defaultApp] { return app }
        if let first = moduleApps.first { return first }
        if let url = ProcessInfo.processInfo.environment["XCUIAUTOMATION_TARGET_URL"], !url.isEmpty {
            return .url(url, bundleIdentifier: url)
        }
        throw XCUIAutomationError(call: "XCUIApplication()", reason: .noTargetApplication(
            "no target application: declare `enum UITestTarget: UITestTargetConfiguration` in the test target \(module) "
                + "(see docs/xcuitest.md), or set XCUIAUTOMATION_TARGET_URL to a running web app"))
    }

    /// The one UIAutomation application of `target` in this process.
    static func application(for target: TargetApplication) throws -> Application {
        if let existing = running.withLock({ $0[target.bundleIdentifier] }) { return existing }
        let app = Application(host: try target.makeHost(), configuration: target.configuration)
        return running.withLock { state in
            if let existing = state[target.bundleIdentifier] { return existing }
            state[target.bundleIdentifier] = app
            return app
        }
    }

    /// The module a `#fileID` names (`Module/File.swift`).
    static func module(ofFileID fileID: String) -> String { String(fileID.prefix { $0 != "/" }) }

    /// Whether tests of `module` go on after a failure (its `UITestTarget`'s setting).
    static func continueAfterFailure(module: String) -> Bool { configuration(ofModule: module).continueAfterFailure }

    private static func applications(ofModule module: String) -> [TargetApplication] { configuration(ofModule: module).apps }

    /// The `UITestTarget` type of `module` (an enum, struct or class at its top level), found
    /// among the Swift type records of the loaded images (CTypeRecords).
    private static func configuration(ofModule module: String) -> (apps: [TargetApplication], continueAfterFailure: Bool) {
        if let known = modules.withLock({ $0[module] }) { return known }
        let type = lab_find_top_level_type(module, "UITestTarget").flatMap {
            unsafeBitCast($0, to: Any.Type.self) as? any UITestTargetConfiguration.Type
        }
        let found = (type?.applications ?? [], type?.continueAfterFailure ?? true)
        modules.withLock { $0[module] = found }
        return found
    }
}
