import DevTools

/// How a local Chromium is launched (``LocalBrowserSource``, ``SharedBrowser/init(options:)``).
///
/// The settings a test chooses of DevTools' launch options; their defaults are DevTools' own
/// (30 s to launch, 30 s a call, 2 s to close, headless), kept in one place.
public struct BrowserLaunchOptions: Sendable, Equatable {
    /// DevTools' options, which hold every value (and the defaults of those not set).
    private(set) var devToolsOptions: LaunchOptions

    /// The binary to start; when `nil`, `LAB_BROWSER` or the first Chromium found on the usual
    /// paths (`chromium-headless-shell`, `chromium`, …).
    public var executable: String? {
        get { devToolsOptions.executable }
        set { devToolsOptions.executable = newValue }
    }
    /// Arguments added after the defaults (a later flag wins in Chromium).
    public var extraArguments: [String] {
        get { devToolsOptions.extraArguments }
        set { devToolsOptions.extraArguments = newValue }
    }
    /// The browser's environment; this process's when `nil`.
    public var environment: [String: String]? {
        get { devToolsOptions.environment }
        set { devToolsOptions.environment = newValue }
    }
    /// How long the browser may take to answer its first command.
    public var launchTimeout: Duration {
        get { devToolsOptions.launchTimeout }
        set { devToolsOptions.launchTimeout = newValue }
    }
    /// The timeout of every browser call that names none.
    public var callTimeout: Duration {
        get { devToolsOptions.callTimeout }
        set { devToolsOptions.callTimeout = newValue }
    }
    /// How long closing waits for a graceful exit before it kills the browser.
    public var closeTimeout: Duration {
        get { devToolsOptions.closeTimeout }
        set { devToolsOptions.closeTimeout = newValue }
    }
    /// Whether the browser runs without a window; `false` opens real windows (a full
    /// `chromium` on a display, as `lab record` does). The headless shell has no windows.
    public var headless: Bool {
        get { devToolsOptions.headless }
        set { devToolsOptions.headless = newValue }
    }

    /// Options with `executable` (found when `nil`) and `extraArguments`; defaults elsewhere.
    public init(executable: String? = nil, extraArguments: [String] = []) {
        devToolsOptions = LaunchOptions(executable: executable, extraArguments: extraArguments)
    }
}
