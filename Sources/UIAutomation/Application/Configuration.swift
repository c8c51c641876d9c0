import Foundation

/// How an ``Application`` behaves: device, timeouts, identifier attribute, artifacts.
public struct Configuration: Sendable {
    /// The screen to emulate. Default: ``Device/iPhone``, with ``Device/reducedMotion`` on when
    /// the environment has `LAB_REDUCED_MOTION=1` — a run-wide switch, as XCUITest runs turn
    /// animations off by a launch argument (`scripts/test` sets it for the lab's suites).
    public var device: Device = Configuration.defaultDevice
    /// How long an action waits for its element to be actionable (exists, unique,
    /// visible, stable, enabled, not covered).
    public var actionTimeout: Duration = .seconds(10)
    /// How long to wait for the app to become idle after an action or launch.
    public var idleTimeout: Duration = .seconds(10)
    /// How long the page may take to answer one request (read the tree, dispatch a tap)
    /// before it counts as hung and the call fails with `.timedOut`.
    public var responseTimeout: Duration = .seconds(10)
    /// How long an expectation (`expect(…)`) waits for what it expects when the call gives no
    /// `timeout`: 5 s, as Playwright's web-first assertions, since an expectation is a wait.
    public var expectationTimeout: Duration = .seconds(5)
    /// How long `launch()` may take, browser start included.
    public var launchTimeout: Duration = .seconds(30)
    /// How JavaScript dialogs (`alert`, `confirm`, `prompt`) are answered when the test has
    /// not said with ``Application/answerNextDialog(_:)``: `.dismiss` (Playwright's default:
    /// alerts close, `confirm` is `false`, `prompt` is `null`) or `.accept`.
    public var dialogPolicy: DialogPolicy = .dismiss
    /// The DOM attribute read as the accessibility identifier.
    public var identifierAttribute: String = "data-testid"
    /// Where a failure's screenshot and element tree are saved; `nil` to save nothing.
    /// Default: `$LAB_ARTIFACTS_DIR`, else `.build/lab-artifacts` in the current directory.
    public var artifactsDirectory: String? = Configuration.defaultArtifactsDirectory
    /// The browsers launches run in: the process-wide ones (their source from
    /// `LAB_BROWSER_SOURCE`, their number from `LAB_BROWSERS`) unless you give others — for
    /// instance a ``SharedBrowser`` of its own to crash in a test without disturbing tests
    /// running beside it, or one with a `WebDriverBrowserSource` (RemoteBrowsers module).
    public var browser: SharedBrowser = .shared
    /// Whether, once a launch has opened its app, a fresh context and page for the next launch
    /// with the same device are made ready in the background (each is still used by one launch
    /// only; see docs/decisions.md). Saves the next launch the browser's setup, 30–40 ms.
    public var preparesNextLaunch: Bool = true

    /// Where queries find their elements: ``ElementEngine/inPage`` (the default: a page script
    /// answers each query over the DOM, issue 42), ``ElementEngine/accessibilityTree`` (every
    /// query reads Chromium's accessibility tree, as before) or ``ElementEngine/both`` (both, and
    /// a query fails when they disagree: the check in CI). Default: `$LAB_ELEMENT_ENGINE`
    /// (`inPage`, `accessibilityTree` or `both`), else `inPage`.
    public var elementEngine: ElementEngine = Configuration.defaultElementEngine

    /// The kinds of ``PageSignal`` that fail the step during which the page reports them, with
    /// ``UIAutomationError/Reason/Kind/pageErrors`` naming each: `PageSignal.Kind.pageErrors`
    /// (uncaught exceptions and CSP violations) for a suite that keeps its pages clean, as the
    /// lab's suites do. Default: none (every signal is still recorded, in ``Application/pageSignals``
    /// and the step log). A route's failure fails its step whatever this says.
    public var failingPageSignals: Set<PageSignal.Kind> = []

    /// How long a route's handler may take to decide a request before the request is failed
    /// and the step fails with a ``PageSignal/Kind/routeFailure`` (``Application/route(_:file:line:handler:)``):
    /// less than the idle timeout, so the step that waits on the request learns why.
    public var routeTimeout: Duration = .seconds(5)

    /// Makes the page engine of each launch instead of a page in ``browser``: the tests' mock
    /// engine (resolution, actionability and waits without a browser). `nil`: the DevTools
    /// engine in ``browser``.
    package var pageEngine: (@Sendable (Configuration) async throws -> any PageEngine)?

    public init() {}

    /// `$LAB_ARTIFACTS_DIR`, else `<current directory>/.build/lab-artifacts`.
    public static var defaultArtifactsDirectory: String {
        if let explicit = ProcessInfo.processInfo.environment["LAB_ARTIFACTS_DIR"], !explicit.isEmpty { return explicit }
        return FileManager.default.currentDirectoryPath + "/.build/lab-artifacts"
    }

    /// The environment variable that chooses ``elementEngine`` for a whole run.
    public static let elementEngineVariable = "LAB_ELEMENT_ENGINE"

    /// `$LAB_ELEMENT_ENGINE` when it names an ``ElementEngine``, else ``ElementEngine/inPage``.
    public static var defaultElementEngine: ElementEngine {
        ProcessInfo.processInfo.environment[elementEngineVariable].flatMap(ElementEngine.init(rawValue:)) ?? .inPage
    }

    /// The environment variable that turns ``Device/reducedMotion`` on in ``defaultDevice``.
    public static let reducedMotionVariable = "LAB_REDUCED_MOTION"

    /// ``Device/iPhone``, with ``Device/reducedMotion`` on when `LAB_REDUCED_MOTION` is `1`.
    public static var defaultDevice: Device {
        var device = Device.iPhone
        device.reducedMotion = ProcessInfo.processInfo.environment[reducedMotionVariable] == "1"
        return device
    }
}

/// Where queries find their elements (``Configuration/elementEngine``).
public enum ElementEngine: String, Sendable, CaseIterable {
    /// In the page: `elementQuery.js` answers each query over the DOM in one round trip, with
    /// only its matches. A query it cannot answer exactly (a closed shadow root on the page, a
    /// predicate on `isHittable` or a frame, a step that needs the whole tree) is resolved in
    /// the accessibility tree instead, and the step log says so.
    case inPage
    /// In Chromium's accessibility tree, read (or refreshed) for every new page state.
    case accessibilityTree
    /// Both, compared: a query whose matches (types, identifiers, labels, values, placeholders,
    /// states, order) or failure differ between the two, while the page's change stamp stood
    /// still, fails with ``UIAutomationError/Reason/Kind/enginesDisagree`` (a page that changed
    /// between the two answers is asked again). The accessibility tree's answer is the one used.
    /// For diagnosis and CI.
    case both
}
