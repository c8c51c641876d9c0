public import Foundation
import LabSupport
import Synchronization

/// The app under test, as `XCUIApplication` is: launch it, query its elements, act on them.
///
/// ```swift
/// let app = Application(host: LabAppHost(app: AnimalsApp()))  // LabTesting's host for a lab app
/// app.launchArguments = ["-favorites", "lion"]
/// try await app.launch()
/// try await app.cells["animals.cell.lion"].tap()
/// #expect(try await app.images["animals.detail.star"].exists)
/// ```
///
/// Each launch gets a fresh isolated browser context (cookies, storage) and a fresh app
/// instance from its ``AppHost``, in the process's one shared browser.
public final class Application: ElementQueryProviding, Sendable, CustomStringConvertible {
    /// Where the app comes from.
    public let host: any AppHost
    /// Device, timeouts, identifier attribute, artifacts folder.
    public let configuration: Configuration
    private let state = Mutex(State())
    /// The routes every launch's requests go through (``route(_:file:line:handler:)``).
    let routeTable = RouteTable()
    /// The page clock's state, once installed (``clock``): what each new document starts from.
    let clockSettings = Mutex<ClockState?>(nil)
    /// Where the HAR being recorded goes (``recordHAR(to:file:line:)``), while one is.
    let harRecording = Mutex<String?>(nil)

    private struct State {
        var launchArguments: [String] = []
        var launchEnvironment: [String: String] = [:]
        var running: (app: any RunningApp, driver: any PageEngine)?
        /// The page signals of the running launch, or of the last one (``pageSignals``).
        var signalLog = PageSignalLog()
        /// The network every launch gets (``setNetworkConditions(_:)``).
        var networkConditions = NetworkConditions.normal
    }

    /// An app served by `host`.
    public init(host: any AppHost, configuration: Configuration = Configuration()) {
        self.host = host
        self.configuration = configuration
    }

    /// A web app already running at `url`.
    public convenience init(url: String, configuration: Configuration = Configuration()) {
        self.init(host: URLHost(url), configuration: configuration)
    }

    /// Arguments passed to the next launch (XCUITest's `launchArguments`).
    public var launchArguments: [String] {
        get { state.withLock { $0.launchArguments } }
        set { state.withLock { $0.launchArguments = newValue } }
    }

    /// Environment passed to the next launch (XCUITest's `launchEnvironment`).
    public var launchEnvironment: [String: String] {
        get { state.withLock { $0.launchEnvironment } }
        set { state.withLock { $0.launchEnvironment = newValue } }
    }

    /// Whether the app is running (launched and not terminated).
    public var isRunning: Bool { state.withLock { $0.running != nil } }

    /// Starts the app fresh: terminates a running instance, starts a new one from the host
    /// with the launch arguments and environment, opens it in a new isolated browser
    /// context, and waits until it is idle.
    public func launch(file: StaticString = #filePath, line: UInt = #line) async throws {
        TestLibraryRegistry.bridge?.applicationWillLaunch()
        try await called(file, line) {
            // The slot first: the launch's clock starts once the app may run (RunningApps).
            try await RunningApps.shared.admit(ObjectIdentifier(self), named: "app of \(type(of: host))", test: TestIdentity.current)
            LaunchedApps.current?.add(self)
            do {
                try await step("app.launch()", .action) {
                    try await CallProgress.run("app.launch()", limit: configuration.launchTimeout) { progress in try await launch(progress) }
                }
            } catch {
                if !isRunning { RunningApps.shared.release(ObjectIdentifier(self)) }
                throw error
            }
        }
    }

    /// ``launch(file:line:)`` within its one deadline (the launch timeout): the host's start, the
    /// browser's context and the page's load and idle wait.
    private func launch(_ progress: CallProgress) async throws {
        progress.enter("start")
        await stopRunning()
        let signals = PageSignalLog()
        let (arguments, environment) = state.withLock { state in
            state.signalLog = signals
            return (state.launchArguments, state.launchEnvironment)
        }
        let running = try await host.launch(arguments: arguments, environment: environment)
        do {
            let driver: any PageEngine
            if let makeEngine = configuration.pageEngine {
                driver = try await makeEngine(configuration)
            } else {
                driver = try await configuration.browser.current().openPage(configuration: configuration, signals: signals)
            }
            state.withLock { $0.running = (running, driver) }
            try await prepareNetwork(of: driver, signals: signals)  // routes see the launch's first request
            progress.enter("open")
            try await driver.open(running.url, until: progress.deadline)
        } catch {
            await stopRunning()
            await running.terminate()
            throw wrap(error, query: "app.launch()")
        }
    }

    /// Stops the app and closes its browser context, giving its place among the apps that run
    /// at once to the next launch. Safe when not running.
    public func terminate() async {
        await stopRunning()
        RunningApps.shared.release(ObjectIdentifier(self))
    }

    deinit {
        // Released without terminate(): close what still runs and give the slot back.
        if let running = state.withLock({ $0.running }) {
            Task.detached {
                await running.driver.close()
                await running.app.terminate()
            }
        }
        RunningApps.shared.release(ObjectIdentifier(self))
    }

    /// Stops the running instance and closes its browser context, keeping the app's slot
    /// (``launch(file:line:)`` starts a new instance in it).
    private func stopRunning() async {
        let running = state.withLock { state in
            defer { state.running = nil }
            return state.running
        }
        guard let running else { return }
        // A step of its own (unless inside launch()'s); closing cannot fail, so neither can the step.
        _ = try? await step("app.terminate()", .action) {
            await running.driver.close()
            await running.app.terminate()
        }
    }

    /// A screenshot of the whole screen, as PNG.
    public func screenshot(file: StaticString = #filePath, line: UInt = #line) async throws -> Screenshot {
        try await called(file, line) {
            let driver = try self.driver(for: "app.screenshot()")
            return Screenshot(pngData: try await perform("app.screenshot()") { try await driver.screenshot() })
        }
    }

    /// A screenshot of the whole screen that is the same every run for the same screen (what
    /// snapshot tests compare): taken once the app is idle, with the text caret and scrollbars
    /// hidden, finite animations finished and infinite ones paused at their start, after web
    /// fonts have loaded. The page is as it was afterwards.
    public func stillScreenshot(file: StaticString = #filePath, line: UInt = #line) async throws -> Screenshot {
        try await called(file, line) {
            let driver = try self.driver(for: "app.stillScreenshot()")
            try await waitForIdle()
            let png = try await perform("app.stillScreenshot()") { try await driver.stillScreenshot(of: nil) }
            try failOnPageErrors("app.stillScreenshot()")  // not a step: its scripts' errors are checked here
            return Screenshot(pngData: png)
        }
    }

    /// The element tree, one element per line, indented by depth: type, frame,
    /// identifier, label, value (XCUITest's `debugDescription`).
    public func treeDescription() async throws -> String {
        try await snapshot().treeDescription()
    }

    /// The element tree as it is now.
    public func snapshot() async throws -> PageSnapshot {
        let driver = try self.driver(for: "app")
        return try await perform("app") { try await driver.snapshot() }
    }

    /// Waits until the app is idle (loaded, no requests in flight, no animations), within
    /// `timeout` (default: the idle timeout).
    public func waitForIdle(timeout: Duration? = nil, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            let driver = try self.driver(for: "app.waitForIdle()")
            try await CallProgress.run("app.waitForIdle()", limit: timeout ?? configuration.idleTimeout) { progress in
                try await perform("app.waitForIdle()") { try await driver.waitForIdle(until: progress.deadline) }
            }
        }
    }

    public var description: String { "app" }

    // MARK: - Queries

    public func descendants(matching type: ElementType) -> ElementQuery {
        ElementQuery(app: self, steps: [.descendants(type)], text: "app" + Self.shortcut(for: type))
    }

    public func children(matching type: ElementType) -> ElementQuery {
        ElementQuery(app: self, steps: [.children(type)], text: "app.children(matching: .\(type.name))")
    }

    // MARK: - Internals

    /// The URL the running instance was launched at: the base of relative URLs in ``open(_:)``.
    func launchURL(for query: String) throws -> String {
        guard let url = state.withLock({ $0.running?.app.url }) else {
            throw UIAutomationError(query: query, reason: .notRunning)
        }
        return url
    }

    /// The network every launch gets.
    var networkConditions: NetworkConditions {
        get { state.withLock { $0.networkConditions } }
        set { state.withLock { $0.networkConditions = newValue } }
    }

    /// The page signals of the running launch, or of the last one.
    var signalLog: PageSignalLog { state.withLock { $0.signalLog } }

    func driver(for query: String) throws -> any PageEngine {
        guard let driver = state.withLock({ $0.running?.driver }) else {
            throw UIAutomationError(query: query, reason: .notRunning)
        }
        return driver
    }

    /// Runs `body`, turning engine errors (``EngineError``) into `UIAutomationError`s that name `query`.
    func perform<T>(_ query: String, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch {
            throw wrap(error, query: query)
        }
    }

    func wrap(_ error: any Error, query: String) -> any Error {
        switch error {
        case let error as UIAutomationError where error.query.isEmpty:  // raised below the query's level
            return UIAutomationError(query: query, reason: error.reason, tree: error.tree)
        case let error as UIAutomationError: return error
        case let error as any EngineError: return UIAutomationError(query: query, reason: error.reason)
        default: return error
        }
    }

    /// `.buttons` for the types XCUITest has a shortcut for, else `.descendants(matching:)`.
    static func shortcut(for type: ElementType) -> String {
        if let name = ElementType.shortcutNames[type] { return "." + name }
        return ".descendants(matching: .\(type.name))"
    }
}

/// A PNG image of the screen or of one element.
public struct Screenshot: Sendable {
    /// The PNG bytes.
    public let pngData: Data

    /// Writes the PNG to `path`.
    public func write(to path: String) throws {
        try pngData.write(to: URL(fileURLWithPath: path))
    }
}
