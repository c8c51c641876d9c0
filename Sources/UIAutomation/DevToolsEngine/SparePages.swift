import DevTools

/// Pages made ready ahead of the launches that will use them.
///
/// Most of a launch before the app's first request is the browser's: a new context, a new
/// page (a renderer starting), the device emulation and the instrumentation script — about
/// 30–40 ms here. After a launch has opened its app, one more context and page for the same
/// device are prepared in the background, while the test runs, and the next launch takes
/// them. Isolation is unchanged: a spare is a context no page has ever been navigated in, and
/// each is used by one launch only. A spare whose browser has closed is dropped.
actor SparePages {
    /// The process-wide pool.
    static let shared = SparePages()

    private struct Key: Hashable {
        let browser: ObjectIdentifier
        let device: Device
    }

    /// One spare (being made, or made) per browser and device. A spare holds its browser, so
    /// a browser's identifier is never reused while its spare is here.
    private var spares: [Key: Task<(Browser, BrowserContext, PageSession)?, Never>] = [:]

    /// A fresh context and page for `device` in `browser`: the spare if one is ready or being
    /// made, else one made now.
    func take(in browser: Browser, device: Device) async throws -> (BrowserContext, PageSession) {
        let key = Key(browser: ObjectIdentifier(browser), device: device)
        if let spare = spares.removeValue(forKey: key), let (owner, context, page) = await spare.value {
            if owner === browser && !browser.isClosed { return (context, page) }
        }
        return try await PageDriver.prepare(in: browser, device: device)
    }

    /// Starts preparing the spare the next launch for `device` in `browser` will take, unless
    /// one is already there.
    func refill(in browser: Browser, device: Device) {
        let key = Key(browser: ObjectIdentifier(browser), device: device)
        guard spares[key] == nil, !browser.isClosed else { return }
        spares[key] = Task.detached {
            guard let (context, page) = try? await PageDriver.prepare(in: browser, device: device) else { return nil }
            return (browser, context, page)
        }
    }
}
