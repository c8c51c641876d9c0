import DevTools

/// How a local Chromium is launched (``LocalBrowserSource``, ``SharedBrowser/init(options:)``).
public struct BrowserLaunchOptions: Sendable, Equatable {
    /// The binary to start; when `nil`, `LAB_BROWSER` or the first Chromium found on the usual
    /// paths (`chromium-headless-shell`, `chromium`, …).
    public var executable: String?
    /// Arguments added after the defaults (a later flag wins in Chromium).
    public var extraArguments: [String] = []
    /// The browser's environment; this process's when `nil`.
    public var environment: [String: String]?
    /// How long the browser may take to answer its first command.
    public var launchTimeout: Duration = .seconds(30)
    /// The timeout of every browser call that names none.
    public var callTimeout: Duration = .seconds(30)
    /// How long closing waits for a graceful exit before it kills the browser.
    public var closeTimeout: Duration = .seconds(2)
    /// Whether the browser runs without a window; `false` opens real windows (a full
    /// `chromium` on a display, as `lab record` does). The headless shell has no windows.
    public var headless: Bool = true

    /// Options with `executable` (found when `nil`) and `extraArguments`; defaults elsewhere.
    public init(executable: String? = nil, extraArguments: [String] = []) {
        self.executable = executable
        self.extraArguments = extraArguments
    }

    var devToolsOptions: LaunchOptions {
        var options = LaunchOptions(executable: executable, extraArguments: extraArguments)
        options.environment = environment
        options.launchTimeout = launchTimeout
        options.callTimeout = callTimeout
        options.closeTimeout = closeTimeout
        options.headless = headless
        return options
    }
}
