import Foundation

/// The browsers of this test process: each obtained from a ``BrowserSource`` on first use,
/// replaced when it has died. Every ``Application`` launch gets a fresh isolated context in
/// one of them.
///
/// With more than one browser (``count``), launches are assigned round-robin, so suites that
/// run in parallel spread over them. Browsers are obtained on a detached task, so the
/// caller's task executor preference never becomes a launched browser's reader thread's.
public actor SharedBrowser {
    /// The process-wide instance: its source from `LAB_BROWSER_SOURCE`
    /// (``BrowserSources/environmentVariable``; a local launch when unset), its number of
    /// browsers from `LAB_BROWSERS` (1 when unset). An invalid value fails every launch with
    /// ``RemoteBrowserError/invalidSource(_:)``.
    public static let shared = SharedBrowser(environment: ProcessInfo.processInfo.environment)

    /// The environment variable giving the number of browsers of ``shared`` (1 to 16).
    public static let countVariable = "LAB_BROWSERS"

    private var choice: Result<any BrowserSource, RemoteBrowserError>
    /// How many browsers launches are spread over.
    public let count: Int
    private var slots: [Int: Slot] = [:]
    private var nextSlot = 0

    private struct Slot {
        var obtained: ObtainedBrowser?
        var obtaining: Task<ObtainedBrowser, any Error>?
    }

    /// A browser of its own, launched locally with `options` (most code wants ``shared``).
    public init(options: BrowserLaunchOptions = BrowserLaunchOptions()) {
        choice = .success(LocalBrowserSource(options: options))
        count = 1
    }

    /// Browsers of its own from `source`: `count` of them, launches assigned round-robin.
    public init(source: any BrowserSource, count: Int = 1) {
        choice = .success(source)
        self.count = max(1, count)
    }

    private init(environment: [String: String]) {
        var choice = Result<any BrowserSource, RemoteBrowserError> { () throws(RemoteBrowserError) in
            try BrowserSources.fromEnvironment(environment)
        }
        var count = 1
        if let text = environment[Self.countVariable], !text.isEmpty {
            if let number = Int(text), (1...16).contains(number) {
                count = number
            } else {
                choice = .failure(.invalidSource("\(Self.countVariable)=\(text) is not a number from 1 to 16"))
            }
        }
        self.choice = choice
        self.count = count
    }

    /// Where the browsers come from; throws when the environment named an invalid source.
    public func source() throws(RemoteBrowserError) -> any BrowserSource { try choice.get() }

    /// How local browsers are launched (the defaults when the source is not a local launch).
    public var options: BrowserLaunchOptions { (try? choice.get() as? LocalBrowserSource)?.options ?? BrowserLaunchOptions() }

    /// Launches local browsers with `options` from the next start on.
    public func setOptions(_ options: BrowserLaunchOptions) { choice = .success(LocalBrowserSource(options: options)) }

    /// Takes browsers from `source` from the next start on (browsers already obtained stay
    /// until they die or ``close()``).
    public func setSource(_ source: any BrowserSource) { choice = .success(source) }

    /// The browser the next launch uses (the next one round-robin), live: obtained (or
    /// obtained again) if needed; the engine that drives it opens the launch's page.
    package func current() async throws -> any BrowserEngine {
        let index = nextSlot % count
        nextSlot &+= 1
        return try await browser(at: index)
    }

    private func browser(at index: Int) async throws -> any BrowserEngine {
        var slot = slots[index] ?? Slot()
        if let obtained = slot.obtained, !obtained.engine.isClosed { return obtained.engine }
        if let obtaining = slot.obtaining { return try await obtaining.value.engine }
        let source = try choice.get()
        let previous = slot.obtained
        let task = Task.detached {
            await previous?.release()  // a dead one: end its session, clean up after it
            return try await source.obtain()
        }
        slot.obtained = nil
        slot.obtaining = task
        slots[index] = slot
        do {
            let fresh = try await task.value
            slots[index] = Slot(obtained: fresh, obtaining: nil)
            return fresh.engine
        } catch {
            slots[index] = Slot()
            throw error
        }
    }

    /// Gives every browser back (closes local ones, ends WebDriver sessions); the next
    /// launch obtains new ones.
    public func close() async {
        let all = slots.values.compactMap(\.obtained)
        slots = [:]
        for obtained in all { await obtained.release() }
    }
}
