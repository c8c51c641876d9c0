import Foundation

/// How to start a local browser.
public struct LaunchOptions: Sendable, Equatable {
    /// The binary to start; found by ``BrowserDiscovery`` when `nil`.
    public var executable: String?
    /// Arguments added after the defaults (a later flag wins in Chromium).
    public var extraArguments: [String] = []
    /// The browser's environment; this process's when `nil`.
    public var environment: [String: String]?
    /// How long the browser may take to answer its first command.
    public var launchTimeout: Duration = .seconds(30)
    /// The timeout of every call that names none.
    public var callTimeout: Duration = .seconds(30)
    /// How long `close()` waits for a graceful exit before it kills the browser.
    public var closeTimeout: Duration = .seconds(2)
    /// Inbound messages larger than this fail the call they answer.
    public var maxMessageSize: Int = 256 << 20
    /// How much of the browser's stderr is kept for error messages.
    public var stderrLimit: Int = 64 << 10
    /// Whether the browser runs without a window (`--headless`); `false` opens real windows
    /// (a full `chromium` on a display, e.g. `lab record`). Ignored by `chromium-headless-shell`.
    public var headless: Bool = true

    public init(executable: String? = nil, extraArguments: [String] = []) {
        self.executable = executable
        self.extraArguments = extraArguments
    }

    /// The command line for `executable` with a profile in `profileDirectory`.
    ///
    /// The flags are the measured set of DESIGN §3: the pipe transport, no sandbox when
    /// running as root, no back-forward cache (a restored page fires no load event), and
    /// no background work that would make timings noisy.
    public func arguments(executable: String, profileDirectory: String) -> [String] {
        var arguments = [
            "--remote-debugging-pipe",
            "--user-data-dir=\(profileDirectory)",
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-back-forward-cache",
            "--disable-background-networking",
            "--disable-background-timer-throttling",
            "--disable-backgrounding-occluded-windows",
            "--disable-renderer-backgrounding",
            "--disable-breakpad",
            "--disable-component-update",
            "--disable-default-apps",
            "--disable-extensions",
            "--disable-sync",
            "--disable-dev-shm-usage",
            "--disable-features=Translate,MediaRouter,OptimizationHints",
            "--metrics-recording-only",
            "--mute-audio",
            "--hide-scrollbars",
            "--password-store=basic",
            "--use-mock-keychain",
        ]
        if headless && !executable.hasSuffix("headless-shell") { arguments.append("--headless") }
        if geteuid() == 0 { arguments.append("--no-sandbox") }
        return arguments + extraArguments + ["about:blank"]
    }
}
