import DevTools
import Synchronization

/// The one browser of this test process: started on first use, restarted when it has died.
/// Every ``Application`` launch gets a fresh isolated context in it.
///
/// It is launched on a detached task, so the caller's task executor preference never
/// becomes the browser's reader thread's.
public actor SharedBrowser {
    /// The process-wide instance.
    public static let shared = SharedBrowser()

    /// A browser of its own (most code wants ``shared``).
    public init(options: LaunchOptions = LaunchOptions()) {
        self.options = options
    }

    private var browser: Browser?
    private var launching: Task<Browser, any Error>?
    /// How the browser is launched; change before the first launch.
    public private(set) var options: LaunchOptions

    /// Sets the launch options used when the browser is next started.
    public func setOptions(_ options: LaunchOptions) { self.options = options }

    /// The live browser, launching (or relaunching) it if needed.
    public func current() async throws -> Browser {
        if let browser, !browser.isClosed { return browser }
        if let launching { return try await launching.value }
        let previous = browser
        let options = self.options
        let task = Task.detached {
            await previous?.close()
            return try await Browser.launch(options)
        }
        launching = task
        defer { launching = nil }
        let fresh = try await task.value
        browser = fresh
        return fresh
    }

    /// Closes the browser (the next ``current()`` starts a new one).
    public func close() async {
        let browser = self.browser
        self.browser = nil
        await browser?.close()
    }
}
