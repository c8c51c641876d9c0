import DevTools
import Foundation
import LabSupport
import Synchronization

/// The DevTools engine (``PageEngine`` over the Chrome DevTools Protocol): one launched app's
/// isolated browser context and page, and everything UIAutomation does there — reading the
/// element tree, hit tests, input, waiting for idle. Every operation runs on the connection's
/// thread (`Browser.run`).
final class PageDriver: PageEngine {
    let browser: Browser
    let context: BrowserContext
    let page: PageSession
    let configuration: Configuration
    let navigation: NavigationTracker
    let dialogHandler: DialogHandler
    /// Records the page's console messages, exceptions, failed requests and CSP violations.
    let signalCollector: PageSignalCollector
    /// Routes: pauses requests and answers them as the application's routes decide.
    let interceptor: RequestInterceptor
    /// Requests and responses, for network waits (the `Network` domain, enabled on first use).
    let traffic: NetworkTraffic
    /// The scripts added for new documents by key (``setDocumentScript(_:key:)``): their identifiers.
    let documentScripts = Mutex<[String: String]>([:])
    /// The history index of the launch's first page: going back stops there (before it lies
    /// the new tab's `about:blank`, which is no page of the app).
    let historyFloor = Mutex(0)
    let cache = Mutex<CachedTree?>(nil)
    /// Handles on DOM nodes kept for calls on many nodes.
    let nodeHandles: NodeHandles
    /// How many times input was sent (counted before and after each): a tree read before the
    /// latest input is reused or refreshed only when the page says input cannot have changed it
    /// unseen (`inputSafe` in `instrumentation.js`: it knows what every `:hover`-like rule that
    /// sets more than paint matched then and matches now).
    let inputs = Atomic<Int>(0)
    /// The in-page engine's last answer (``inPageQuery(steps:)``).
    let inPageCache = Mutex<InPageCache?>(nil)
    /// The input count when the in-page engine last answered (`-1`: never).
    let inputsAtLastInPageAnswer = Atomic<Int>(-1)
    let statistics = Mutex((read: 0, reused: 0, refreshed: 0))
    /// Whether the Accessibility domain is on in this page (``ensureAccessibility(limit:)``).
    let accessibilityEnabled = Atomic(false)
    /// Whether a read the page could bound reads the whole tree instead when that is likely
    /// cheaper (``wholeReadIsCheaper(treeNodes:roots:frames:weight:levels:)``); tests of the
    /// partial read itself turn it off.
    let readsWholeWhenCheaper = Atomic(true)
    /// Whether the `DOM` and `Overlay` domains are on for a tool's highlight (``highlight(_:)``).
    let overlayEnabled = Atomic(false)

    /// The start of a read: `lab.beginRead`'s answer, for this driver's identifier attribute;
    /// after input, with whether input can have changed the tree unseen.
    let beginRead: String
    let beginReadAfterInput: String

    private init(browser: Browser, context: BrowserContext, page: PageSession, configuration: Configuration, signals: PageSignalLog) {
        self.browser = browser
        self.context = context
        self.page = page
        self.configuration = configuration
        self.navigation = NavigationTracker(page: page)
        self.dialogHandler = DialogHandler(page: page, policy: configuration.dialogPolicy)
        self.signalCollector = PageSignalCollector(page: page, log: signals)
        self.interceptor = RequestInterceptor(page: page)
        self.traffic = NetworkTraffic(page: page)
        self.nodeHandles = NodeHandles(page: page)
        self.beginRead = PageScripts.beginRead(identifierAttribute: configuration.identifierAttribute, afterInput: false)
        self.beginReadAfterInput = PageScripts.beginRead(identifierAttribute: configuration.identifierAttribute, afterInput: true)
    }

    /// A fresh context and page in `browser`, set up as the configured device: a spare made
    /// ready after an earlier launch (``SparePages``) when there is one, else made now.
    static func open(in browser: Browser, configuration: Configuration, signals: PageSignalLog = PageSignalLog()) async throws -> PageDriver {
        let (context, page) = try await SparePages.shared.take(in: browser, device: configuration.device)
        return PageDriver(browser: browser, context: context, page: page, configuration: configuration, signals: signals)
    }

    /// A new isolated context and page in `browser`, emulating `device`, with the
    /// instrumentation script installed for every document and page events enabled; not yet
    /// navigated. The accessibility domain stays off until something reads the tree
    /// (``ensureAccessibility(limit:)``).
    static func prepare(in browser: Browser, device: Device) async throws -> (BrowserContext, PageSession) {
        try await browser.run {
            let context = try await browser.newContext()
            do {
                let page = try await context.newPage()
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { try await page.enablePageEvents() }  // navigate(to:) then skips it
                    group.addTask {
                        _ = try await page.send(CDP.Page.AddScriptToEvaluateOnNewDocument(source: PageScripts.instrumentation))
                    }
                    // The in-page element engine, before the page's scripts: it must see their
                    // click listeners and shadow roots (issue 42).
                    group.addTask {
                        _ = try await page.send(CDP.Page.AddScriptToEvaluateOnNewDocument(source: PageScripts.elementQueryInstall))
                    }
                    group.addTask {
                        _ = try await page.send(CDP.Emulation.SetDeviceMetricsOverride(
                            width: device.width, height: device.height, deviceScaleFactor: device.scale, mobile: device.isMobile))
                    }
                    group.addTask {
                        _ = try await page.send(CDP.Emulation.SetTouchEmulationEnabled(enabled: device.hasTouch, maxTouchPoints: 5))
                    }
                    group.addTask {
                        _ = try await page.send(CDP.Emulation.SetEmulatedMedia(
                            features: [
                                .init(name: "prefers-color-scheme", value: device.colorScheme),
                                .init(name: "prefers-reduced-motion", value: device.reducedMotion ? "reduce" : "no-preference"),
                            ]))
                    }
                    group.addTask { _ = try await page.send(CDP.Emulation.SetFocusEmulationEnabled(enabled: true)) }
                    // The page's own signals (console, exceptions, the browser's log): issue 43.
                    group.addTask { try await page.sendPipelined(PageSignalCollector.enableCommands) }
                    try await group.waitForAll()
                }
                return (context, page)
            } catch {
                try? await context.dispose()
                throw error
            }
        }
    }

    /// Opens `url` and waits until the app is idle, both by `deadline`; then, unless the
    /// configuration says otherwise, starts making the next launch's context and page ready
    /// (``SparePages``).
    func open(_ url: String, until deadline: ContinuousClock.Instant) async throws {
        try await openPage(url, until: deadline)
        if configuration.preparesNextLaunch { await SparePages.shared.refill(in: browser, device: configuration.device) }
    }

    private func openPage(_ url: String, until deadline: ContinuousClock.Instant) async throws {
        try await browser.run {
            // The engines that resolve queries in the tree keep it from the first load, as Chromium
            // builds it incrementally (the tree they were written against); the in-page engine
            // turns it on only when something reads it.
            if configuration.elementEngine != .inPage { try await ensureAccessibility(limit: configuration.responseTimeout) }
            try await page.navigate(to: url, timeout: max(deadline - .now, .milliseconds(1)))
            let history = try await page.send(CDP.Page.GetNavigationHistory(), timeout: configuration.responseTimeout)
            historyFloor.withLock { $0 = history.currentIndex }
            try await waitForIdle(until: deadline)
        }
    }

    func close() async {
        signalCollector.stop()
        interceptor.stop()
        try? await context.dispose()
    }

    func answerNextDialog(_ response: DialogResponse) { dialogHandler.answerNext(response) }

    var dialogs: [JavaScriptDialog] { dialogHandler.dialogs }
}
