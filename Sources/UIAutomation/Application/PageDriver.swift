import DevTools
import Foundation
import Synchronization

/// The browser side of one launched app: its isolated context and page, and everything
/// UIAutomation does there — reading the element tree, hit tests, input, waiting for idle.
/// Every operation runs on the connection's thread (`Browser.run`).
final class PageDriver: Sendable {
    let browser: Browser
    let context: BrowserContext
    let page: PageSession
    let configuration: Configuration
    let navigation: NavigationTracker
    let dialogs: DialogHandler
    /// The history index of the launch's first page: going back stops there (before it lies
    /// the new tab's `about:blank`, which is no page of the app).
    let historyFloor = Mutex(0)
    private let cache = Mutex<(stamp: String, snapshot: PageSnapshot)?>(nil)
    private let statistics = Mutex((read: 0, reused: 0))

    private init(browser: Browser, context: BrowserContext, page: PageSession, configuration: Configuration) {
        self.browser = browser
        self.context = context
        self.page = page
        self.configuration = configuration
        self.navigation = NavigationTracker(page: page)
        self.dialogs = DialogHandler(page: page, policy: configuration.dialogPolicy)
    }

    /// A fresh context and page in `browser`, set up as the configured device: a spare made
    /// ready after an earlier launch (``SparePages``) when there is one, else made now.
    static func open(in browser: Browser, configuration: Configuration) async throws -> PageDriver {
        let (context, page) = try await SparePages.shared.take(in: browser, device: configuration.device)
        return PageDriver(browser: browser, context: context, page: page, configuration: configuration)
    }

    /// A new isolated context and page in `browser`, emulating `device`, with the
    /// instrumentation script installed for every document, page events and the
    /// accessibility domain enabled; not yet navigated.
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
                    group.addTask {
                        _ = try await page.send(CDP.Emulation.SetDeviceMetricsOverride(
                            width: device.width, height: device.height, deviceScaleFactor: device.scale, mobile: device.isMobile))
                    }
                    group.addTask {
                        _ = try await page.send(CDP.Emulation.SetTouchEmulationEnabled(enabled: device.hasTouch, maxTouchPoints: 5))
                    }
                    group.addTask {
                        _ = try await page.send(CDP.Emulation.SetEmulatedMedia(
                            features: [.init(name: "prefers-color-scheme", value: device.colorScheme)]))
                    }
                    group.addTask { _ = try await page.send(CDP.Emulation.SetFocusEmulationEnabled(enabled: true)) }
                    group.addTask { _ = try await page.send(CDP.Accessibility.Enable()) }
                    try await group.waitForAll()
                }
                return (context, page)
            } catch {
                try? await context.dispose()
                throw error
            }
        }
    }

    /// Opens `url` and waits until the app is idle.
    func open(_ url: String, timeout: Duration) async throws {
        try await browser.run {
            try await page.navigate(to: url, timeout: timeout)
            let history = try await page.send(CDP.Page.GetNavigationHistory(), timeout: configuration.responseTimeout)
            historyFloor.withLock { $0 = history.currentIndex }
            try await waitForIdle(timeout: timeout)
        }
    }

    func close() async {
        try? await context.dispose()
    }

    // MARK: - Reading the page

    /// The element tree now: the accessibility tree and the DOM facts, read concurrently.
    /// A page that does not answer within `timeout` (default: the response timeout) fails it.
    ///
    /// Reading the accessibility tree costs the browser 5–20 ms on a 100-element page, so
    /// the last tree is reused while the page provably has not changed: the in-page change
    /// stamp (``PageScripts/instrumentation``) is the same, nothing animates, no navigation
    /// is under way, and no input was sent since.
    func snapshot(timeout: Duration? = nil) async throws -> PageSnapshot {
        let limit = timeout ?? configuration.responseTimeout
        return try await browser.run {
            let stamp = try await page.send(CDP.Runtime.Evaluate(expression: PageScripts.stamp), timeout: limit).result.value?.string
            if let stamp, !navigation.isLoading, let cached = cache.withLock({ $0 }), cached.stamp == stamp {
                statistics.withLock { $0.reused += 1 }
                return cached.snapshot
            }
            async let tree = page.send(CDP.Accessibility.GetFullAXTree(), timeout: limit)
            async let dom = page.send(CDP.DOMSnapshot.CaptureSnapshot(computedStyles: []), timeout: limit)
            let builder = SnapshotBuilder(identifierAttribute: configuration.identifierAttribute)
            let snapshot = try await builder.build(axNodes: tree.nodes, dom: dom)
            statistics.withLock { $0.read += 1 }
            // Stored under the stamp taken *before* reading: a change during the read makes
            // the next stamp differ, so the next query reads again.
            cache.withLock { $0 = stamp.map { (stamp: $0, snapshot: snapshot) } }
            return snapshot
        }
    }

    /// Forgets the cached tree (before and after every input this driver sends).
    func invalidateSnapshot() {
        cache.withLock { $0 = nil }
    }

    /// Runs `body` (which sends input) on the connection's thread, with the cached tree
    /// forgotten before and after. (No `defer`: a `Mutex` in the `defer` of an async
    /// function crashed in release builds with "unlock on a thread which hasn't acquired".)
    func sendingInput<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        invalidateSnapshot()
        let result: T
        do {
            result = try await browser.run(body)
        } catch {
            invalidateSnapshot()
            throw error
        }
        invalidateSnapshot()
        return result
    }

    /// How many snapshots were read from the browser and how many reused.
    var snapshotStatistics: (read: Int, reused: Int) { statistics.withLock { ($0.read, $0.reused) } }

    /// Whether `element` receives touches at its centre: the DOM node hit there is the
    /// element's own node or one inside it.
    func isHittable(_ element: ElementSnapshot, in snapshot: PageSnapshot) async throws -> Bool {
        guard let node = element.backendNodeId, !element.frame.isEmpty else { return false }
        let x = element.frame.midX, y = element.frame.midY
        let device = configuration.device
        guard x >= 0, y >= 0, x < Double(device.width), y < Double(device.height) else { return false }
        do {
            // DOM.getNodeForLocation takes page coordinates: the viewport point plus the scroll.
            let hit = try await page.send(CDP.DOM.GetNodeForLocation(
                x: Int(x + snapshot.scrollOffset.x), y: Int(y + snapshot.scrollOffset.y)), timeout: configuration.responseTimeout)
            return snapshot.isDOMNode(hit.backendNodeId, inside: node)
        } catch DevToolsError.protocolError {
            return false
        }
    }

    /// A PNG of the viewport.
    ///
    /// Right after a navigation commits, Chromium can answer `Page.captureScreenshot` with
    /// "Not attached to an active page" until the new document's frame is attached (seen
    /// under load after form-post redirects); that answer is retried with back-off until
    /// the response timeout.
    func screenshot(timeout: Duration? = nil) async throws -> Data {
        let limit = timeout ?? configuration.responseTimeout
        let deadline = ContinuousClock.now + limit
        var pause: Duration = .milliseconds(10)
        while true {
            do {
                return try await browser.run { try await page.screenshot(timeout: limit) }
            } catch DevToolsError.protocolError(_, _, let message, _)
                where message.contains("Not attached to an active page") && ContinuousClock.now + pause < deadline {
                try await Task.sleep(for: pause)
                pause = min(pause * 2, .milliseconds(200))
            }
        }
    }

    /// A PNG of one rectangle of the viewport.
    func screenshot(of rect: Rect) async throws -> Data {
        try await browser.run {
            let reply = try await page.send(CDP.Page.CaptureScreenshot(
                format: "png", clip: .init(x: rect.x, y: rect.y, width: max(rect.width, 1), height: max(rect.height, 1))))
            guard let data = Data(base64Encoded: reply.data) else {
                throw DevToolsError.unexpectedResponse(method: CDP.Page.CaptureScreenshot.method, reason: "not base64")
            }
            return data
        }
    }

    // MARK: - Actions

    /// The outcome of the in-page actionability check.
    struct Actionability: Decodable {
        let state: String
        let x: Double?
        let y: Double?
        let by: String?
    }

    /// Runs the actionability check on a node; see ``PageScripts/actionability``. With
    /// `guardHits`, a passing check also guards the next press: if it lands on something else,
    /// the page never sees it, and ``takeHitGuard()`` says what it hit.
    func checkActionability(node: Int, offsetX: Double, offsetY: Double, guardHits: Bool = false) async throws -> Actionability {
        let value = try await callFunction(PageScripts.actionability, on: node,
                                           arguments: [.number(offsetX), .number(offsetY), .bool(guardHits)])
        guard let value, value != .null else { return Actionability(state: "detached", x: nil, y: nil, by: nil) }
        return try JSONDecoder().decode(Actionability.self, from: JSONEncoder().encode(value))
    }

    /// Removes the hit guard of the last actionability check; what the press hit instead of
    /// its element, or `nil` when it hit it (or the page has gone: a navigation it caused).
    func takeHitGuard() async -> String? {
        try? await browser.run {
            try await page.send(CDP.Runtime.Evaluate(expression: PageScripts.takeHitGuard), timeout: configuration.responseTimeout)
                .result.value?.string
        } ?? nil
    }

    /// Calls `declaration` (a JavaScript function) with `this` the DOM node and returns its
    /// value (promises awaited); `nil` when the node is gone. A thrown exception becomes
    /// ``DevToolsError/javaScriptException(message:)``.
    func callFunction(_ declaration: String, on node: Int, arguments: [JSONValue] = []) async throws -> JSONValue? {
        try await browser.run {
            let object: CDP.DOM.ResolveNode.Response
            do {
                object = try await page.send(CDP.DOM.ResolveNode(backendNodeId: node), timeout: configuration.responseTimeout)
            } catch DevToolsError.protocolError {
                return nil  // "No node with given id found": it left the document
            }
            guard let objectId = object.object.objectId else { return nil }
            defer { Task { _ = try? await page.send(CDP.Runtime.ReleaseObject(objectId: objectId)) } }
            let reply = try await page.send(CDP.Runtime.CallFunctionOn(
                functionDeclaration: declaration, objectId: objectId,
                arguments: arguments.map { .init(value: $0) },
                returnByValue: true, awaitPromise: true), timeout: configuration.responseTimeout)
            if let exception = reply.exceptionDetails {
                throw DevToolsError.javaScriptException(message: exception.message)
            }
            return reply.result.value
        }
    }

    /// Evaluates a JavaScript expression in the page's main frame and returns its JSON value
    /// (promises awaited, `undefined` as null). A thrown exception becomes
    /// ``DevToolsError/javaScriptException(message:)``.
    func evaluate(_ expression: String) async throws -> JSONValue {
        try await browser.run { try await page.evaluate(expression, timeout: configuration.responseTimeout) }
    }

    /// Which of `nodes` (backend node ids) match the CSS `selector` — a text node by its
    /// parent element. All handles are made at once, in one object group released after
    /// the one call that tests them: three round trips' worth of latency for any number of
    /// nodes. A node that left the document matches nothing. An invalid selector throws
    /// ``UIAutomationError/Reason/invalidRequest(_:)``.
    func nodes(_ nodes: [Int], matchingCSS selector: String) async throws -> Set<Int> {
        guard !nodes.isEmpty else { return [] }
        return try await browser.run {
            let group = "automationlab-css"
            let limit = configuration.responseTimeout
            let page = self.page
            let handles = try await withThrowingTaskGroup(of: (Int, String?).self) { tasks in
                for node in nodes {
                    tasks.addTask {
                        do {
                            let reply = try await page.send(CDP.DOM.ResolveNode(backendNodeId: node, objectGroup: group), timeout: limit)
                            return (node, reply.object.objectId)
                        } catch DevToolsError.protocolError {
                            return (node, nil)  // "No node with given id found": it left the document
                        }
                    }
                }
                var handles: [(node: Int, objectId: String)] = []
                for try await (node, objectId) in tasks { if let objectId { handles.append((node, objectId)) } }
                return handles
            }
            defer { Task { _ = try? await page.send(CDP.Runtime.ReleaseObjectGroup(objectGroup: group)) } }
            guard let first = handles.first else { return [] }
            let reply = try await page.send(CDP.Runtime.CallFunctionOn(
                functionDeclaration: PageScripts.nodesMatchingSelector, objectId: first.objectId,
                arguments: [.init(value: .string(selector))] + handles.dropFirst().map { .init(objectId: $0.objectId) },
                returnByValue: true), timeout: limit)
            if let exception = reply.exceptionDetails {
                throw DevToolsError.javaScriptException(message: exception.message)
            }
            switch reply.result.value {
            case .array(let answers)?:
                return Set(zip(handles, answers).compactMap { $1.bool == true ? $0.node : nil })
            case .object(let fields)?:
                throw UIAutomationError(query: "", reason: .invalidRequest(
                    "\(quoted(selector)) is not a CSS selector: \(fields["invalidSelector"]?.string ?? "")"))
            default:
                return []
            }
        }
    }

    /// A tap: press and release at a viewport point (`count` 2 for a double tap), held
    /// `duration` between them.
    func tap(x: Double, y: Double, count: Int = 1, holding duration: Duration = .zero) async throws {
        try await sendingInput {
            // The reply to a release comes once the page has handled the click: a page that
            // hangs in its handler must fail the action at its timeout, not the connection's.
            let limit = configuration.responseTimeout
            // The pointer moves there first, as a finger or mouse does: hover and
            // pointer-move handlers run before the press, as they would for a user.
            _ = try await page.send(CDP.Input.DispatchMouseEvent(type: "mouseMoved", x: x, y: y), timeout: limit)
            for click in 1...count {
                _ = try await page.send(CDP.Input.DispatchMouseEvent(
                    type: "mousePressed", x: x, y: y, button: "left", clickCount: click), timeout: limit)
                if duration > .zero { try await Task.sleep(for: duration) }
                _ = try await page.send(CDP.Input.DispatchMouseEvent(
                    type: "mouseReleased", x: x, y: y, button: "left", clickCount: click), timeout: limit)
            }
        }
    }

    /// Moves the mouse pointer to a viewport point (from outside the page the first time), so
    /// the page sees `pointerover`/`mouseenter` and CSS `:hover` applies there.
    func hover(x: Double, y: Double) async throws {
        try await sendingInput {
            _ = try await page.send(CDP.Input.DispatchMouseEvent(type: "mouseMoved", x: x, y: y), timeout: configuration.responseTimeout)
        }
    }

    /// A finger swipe starting at a point, moving the content by the given distances
    /// (negative `dy`: the finger moves up, revealing what is below). Returns when done.
    func swipe(from start: (x: Double, y: Double), dx: Double, dy: Double, speed: Int = 2_400) async throws {
        try await sendingInput {
            // A synthesized touch scroll does nothing in the headless shell (measured); the
            // mouse-sourced gesture scrolls the same content the same way.
            let gesture = CDP.Input.SynthesizeScrollGesture(
                x: start.x, y: start.y, xDistance: dx, yDistance: dy, speed: speed, gestureSourceType: "mouse")
            _ = try await page.send(gesture, timeout: .seconds(10))
        }
    }

    // MARK: - Idle

    /// Why the page is the browser's error page. The `Page` events name only the URL, not the
    /// network error (that would take the `Network` domain on every page, for this one case).
    static let errorPageReason = "the browser could not load it and shows its error page instead; is the app's server still running?"

    /// Waits until no main-frame navigation is under way, the document is loaded, no
    /// request is in flight and no finite animation runs. Throws a timeout naming what
    /// kept the page busy.
    func waitForIdle(timeout: Duration) async throws {
        try await browser.run {
            let clock = ContinuousClock()
            let deadline = clock.now.advanced(by: timeout)
            var lastProblem: String?
            while clock.now < deadline {
                if navigation.isLoading {
                    lastProblem = "a navigation is loading"
                    try await Task.sleep(for: .milliseconds(2))
                    continue
                }
                let budget = max(1, Int((deadline - clock.now).milliseconds))
                do {
                    let result = try await page.send(
                        CDP.Runtime.Evaluate(expression: PageScripts.idle(budgetMilliseconds: min(budget, 1_000)), awaitPromise: true),
                        timeout: .milliseconds(budget + 1_000))
                    if let exception = result.exceptionDetails {
                        lastProblem = exception.message
                    } else if result.result.value == nil || result.result.value == .null {
                        // Idle in this document; a navigation requested meanwhile is known by now.
                        if !navigation.isLoading {
                            if let unreachable = navigation.unreachableURL {
                                throw DevToolsError.navigationFailed(url: unreachable, reason: Self.errorPageReason)
                            }
                            return
                        }
                    } else {
                        lastProblem = result.result.value?.text
                    }
                } catch DevToolsError.protocolError(_, _, let message, _) {
                    // The document went away under the evaluation: a navigation. Go round.
                    lastProblem = message
                }
            }
            throw UIAutomationError(
                query: "app", reason: .timedOut(after: timeout, waitingFor: "the app to become idle", lastProblem: lastProblem))
        }
    }
}

extension Duration {
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1e3 + Double(attoseconds) / 1e15
    }
}
