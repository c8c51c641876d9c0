package import DevTools

/// The DevTools engine's browser (``BrowserEngine`` over a DevTools `Browser`, launched or
/// attached): each launch gets a ``PageDriver`` in a fresh context, a spare one made ready
/// after an earlier launch (``SparePages``) when there is one.
final class DevToolsBrowser: BrowserEngine {
    /// The browser, driven over CDP.
    let browser: Browser

    init(_ browser: Browser) { self.browser = browser }

    var isClosed: Bool { browser.isClosed }

    func openPage(configuration: Configuration, signals: PageSignalLog) async throws -> any PageEngine {
        try await PageDriver.open(in: browser, configuration: configuration, signals: signals)
    }
}

extension BrowserEngine {
    /// The DevTools browser this engine drives, when it is the DevTools engine: for this
    /// package's tests that need the browser process or CDP itself.
    package var devToolsBrowser: Browser? { (self as? DevToolsBrowser)?.browser }
}

extension Application {
    /// The browser and page of the running app, when it runs on the DevTools engine: for this
    /// package's tests that send CDP beside UIAutomation. Tools ask the engine instead
    /// (``runningEngine``). Package-level: no DevTools type is public here.
    package var runningPage: (browser: Browser, page: PageSession)? {
        guard let driver = runningEngine as? PageDriver else { return nil }
        return (driver.browser, driver.page)
    }
}

extension ObtainedBrowser {
    /// A local Chromium launched with `options`, closed by ``release()``.
    public static func launch(_ options: BrowserLaunchOptions = BrowserLaunchOptions()) async throws(BrowserFailure) -> ObtainedBrowser {
        do {
            let browser = try await Browser.launch(options.devToolsOptions)
            return ObtainedBrowser(engine: DevToolsBrowser(browser)) { await browser.close() }
        } catch let error as DevToolsError {
            throw BrowserFailure(error)
        } catch {
            throw BrowserFailure(kind: .launchFailed, description: "Could not launch a browser: \(error)")
        }
    }

    /// A running Chromium attached over its DevTools WebSocket (`ws://`, or `wss://` with the
    /// package's `TLS` trait; no `Origin` header is sent), sending `headers` with the upgrade. ``release()``
    /// disconnects and then runs `release` (a WebDriver source deletes its session there).
    /// `peer` names the browser in errors (default: the URL).
    public static func attach(
        webSocketURL: String, headers: [String: String] = [:], connectTimeout: Duration = .seconds(10),
        callTimeout: Duration = .seconds(30), peer: String? = nil, release: @escaping @Sendable () async -> Void = {}
    ) async throws(BrowserFailure) -> ObtainedBrowser {
        do {
            let browser = try await Browser.connect(
                webSocketURL: webSocketURL, callTimeout: callTimeout, connectTimeout: connectTimeout, headers: headers, peer: peer)
            return ObtainedBrowser(engine: DevToolsBrowser(browser)) {
                await browser.close()
                await release()
            }
        } catch let error as DevToolsError {
            throw BrowserFailure(error)
        } catch {
            throw BrowserFailure(kind: .unreachable, subject: webSocketURL, description: "Could not attach to \(webSocketURL): \(error)")
        }
    }
}

/// The DevTools engine translates its own errors: a command the page did not answer in time
/// is `.timedOut`, a page script's exception `.scriptFailed`, the rest a ``BrowserFailure``.
extension DevToolsError: EngineError {
    package var reason: UIAutomationError.Reason {
        switch self {
        case .timeout(let method, let after):
            .timedOut(after: after, waitingFor: "the browser to answer \(method)", lastProblem: "the page is not responding")
        case .javaScriptException(let message): .scriptFailed(message)
        default: .browser(BrowserFailure(self))
        }
    }
}

extension BrowserFailure {
    /// The failure a DevTools error stands for.
    init(_ error: DevToolsError) {
        let (kind, subject): (Kind, String?) =
            switch error {
            case .browserNotFound: (.browserNotFound, nil)
            case .launchFailed(let path, _), .launchTimedOut(let path, _, _): (.launchFailed, path)
            case .browserExited(let status, _): (.browserExited, status.description)
            case .targetCrashed(let method): (.pageCrashed, method)
            case .connectionClosed: (.connectionClosed, nil)
            case .webSocketFailed(let url, _): (.unreachable, url)
            case .remoteBrowserLost(let peer, _): (.remoteBrowserLost, peer)
            case .navigationFailed(let url, _): (.navigationFailed, url)
            case .timeout(let method, _): (.timedOut, method)
            case .protocolError(let method, _, _, _), .unexpectedResponse(let method, _): (.protocolFailure, method)
            case .malformedMessage(let method, _), .oversizedMessage(let method, _, _): (.protocolFailure, method)
            case .javaScriptException: (.protocolFailure, nil)
            }
        self.init(kind: kind, subject: subject, description: error.description)
    }
}
