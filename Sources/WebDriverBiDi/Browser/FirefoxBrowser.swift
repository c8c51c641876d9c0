public import DevTools
public import Foundation
public import LabSupport
import Synchronization

/// A Firefox this process started, headless, with a WebDriver BiDi session open on it.
///
/// Each browser has a fresh profile of its own (``profileDirectory``) and runs in a process
/// group of its own under DevTools' supervisor (`SupervisedProcess`), so that nothing of it —
/// Firefox forks helper and content processes, six with this module's preferences — outlives
/// ``terminate(timeout:)`` or this process, even when this process is killed.
/// ``terminate(timeout:)`` returns once no process of the group runs and the profile is gone.
///
/// ```swift
/// let firefox = try await FirefoxBrowser.launch()
/// defer { Task { await firefox.terminate() } }
/// let tab = try await firefox.send(BiDi.BrowsingContext.Create()).context
/// try await firefox.send(BiDi.BrowsingContext.Navigate(context: tab, url: "data:text/html,<p>hi"))
/// ```
public final class FirefoxBrowser: Sendable {
    /// How a Firefox is launched.
    public struct LaunchOptions: Sendable {
        /// The binary; found by ``FirefoxDiscovery`` when `nil`.
        public var executable: String?
        /// How long the browser has to announce its endpoint and open a session.
        public var startTimeout: Duration = .seconds(60)
        /// The time limit of commands that name none.
        public var commandTimeout: Duration = .seconds(30)
        /// How long the process group has between SIGTERM and SIGKILL when it is ended.
        public var terminationGrace: Duration = .milliseconds(500)
        /// Preferences written to the profile's `user.js` after the defaults (they win).
        public var preferences: [String: PreferenceValue] = [:]
        /// More command-line arguments.
        public var arguments: [String] = []
        /// Variables added to (or replacing) this process's environment for the browser.
        public var environment: [String: String] = [:]
        /// The `session.new` capabilities (`alwaysMatch`), e.g. `unhandledPromptBehavior`.
        public var capabilities: [String: JSONValue] = [:]

        public init() {}
    }

    /// A Firefox preference's value.
    public enum PreferenceValue: Sendable, Equatable {
        case bool(Bool)
        case int(Int)
        case string(String)
    }

    /// The connection with the open session.
    public let connection: BiDiConnection
    /// The session's id.
    public let sessionID: String
    /// What the browser granted (`browserVersion`, `moz:processID`, …).
    public let capabilities: JSONValue
    /// The binary that runs.
    public let executable: String
    /// The WebDriver BiDi endpoint the browser announced (`ws://127.0.0.1:PORT`).
    public let endpoint: String
    /// The profile directory, removed by ``terminate(timeout:)``.
    public let profileDirectory: String
    private let process: SupervisedProcess
    private let terminated = Mutex(false)

    /// The browser's process id, which is also its process group's id.
    public var pid: Int32 { process.pid }

    /// The browser's version (`"153.8.0"`).
    public var browserVersion: String { capabilities["browserVersion"]?.string ?? "" }

    /// The exit status once the browser has exited; `nil` while it runs.
    public var exitStatus: ExitStatus? { process.exitStatus }

    /// The last `lines` lines the browser printed (standard output and error).
    public func outputTail(lines: Int = 20) -> String { process.outputTail(lines: lines) }

    private init(connection: BiDiConnection, session: BiDi.Session.New.Result, executable: String, endpoint: String,
                 profileDirectory: String, process: SupervisedProcess) {
        self.connection = connection
        sessionID = session.sessionId
        capabilities = session.capabilities
        self.executable = executable
        self.endpoint = endpoint
        self.profileDirectory = profileDirectory
        self.process = process
    }

    /// Starts Firefox headless with a fresh profile, waits for its WebDriver BiDi endpoint,
    /// connects and opens a session. Fails with ``BiDiError/browserNotFound(searched:)``,
    /// ``BiDiError/launchFailed(path:errno:)``, ``BiDiError/browserExited(status:output:)``
    /// (it quit during start-up) or ``BiDiError/launchTimedOut(path:after:output:)``; nothing of
    /// a failed launch is left running or on disk.
    public static func launch(_ options: LaunchOptions = LaunchOptions()) async throws -> FirefoxBrowser {
        let executable = try options.executable ?? FirefoxDiscovery.locate()
        let deadline = ContinuousClock.now + options.startTimeout
        let extra = options.preferences.sorted { $0.key < $1.key }.map { (key, value) -> (String, FirefoxProfile.Value) in
            switch value {
            case .bool(let flag): (key, .bool(flag))
            case .int(let number): (key, .int(number))
            case .string(let text): (key, .string(text))
            }
        }
        let profile = try FirefoxProfile.create(extra: extra)
        let announcement = EndpointAnnouncement()
        var environment = ProcessInfo.processInfo.environment
        environment["MOZ_CRASHREPORTER_DISABLE"] = "1"
        environment["MOZ_HEADLESS"] = "1"
        for (name, value) in options.environment { environment[name] = value }
        let process: SupervisedProcess
        do {
            process = try SupervisedProcess.spawn(
                executable: executable,
                arguments: ["--headless", "--remote-debugging-port=0", "--profile", profile, "--no-remote", "--new-instance"] + options.arguments,
                environment: environment, directory: nil, grace: options.terminationGrace,
                onOutput: { announcement.feed($0) })
        } catch {
            try? FileManager.default.removeItem(atPath: profile)
            throw BiDiError.launchFailed(path: executable, errno: error.errno)
        }
        LiveProfiles.shared.add(profile, group: process.pid)
        // From here on a failure ends the group and removes the profile.
        func abandon(_ error: any Error) async -> any Error {
            process.terminate()
            if await process.waitUntilGone(timeout: options.terminationGrace + .seconds(5)) {
                try? FileManager.default.removeItem(atPath: profile)
                LiveProfiles.shared.remove(profile)
            }
            return error
        }
        let timedOut = { BiDiError.launchTimedOut(path: executable, after: options.startTimeout, output: process.outputTail()) }
        do {
            let backoff = Backoff([.milliseconds(5), .milliseconds(10), .milliseconds(20), .milliseconds(40)])
            let announced = try await poll(until: deadline, backoff: backoff) { announcement.url != nil || process.exitStatus != nil }
            if let status = process.exitStatus, announcement.url == nil {
                throw BiDiError.browserExited(status: status, output: process.outputTail())
            }
            guard announced, let endpoint = announcement.url else { throw timedOut() }
            let remaining = deadline - .now
            guard remaining > .zero else { throw timedOut() }
            let transport: WebSocketTransport
            do {
                transport = try await WebSocketTransport.connect(url: endpoint + "/session", timeout: remaining)
            } catch {
                throw BiDiError.from(transport: error)
            }
            let connection = BiDiConnection(transport: transport, defaultTimeout: options.commandTimeout) { error in
                // A browser that died explains the closed connection better than the socket does.
                if error != nil, let status = process.exitStatus {
                    return .browserExited(status: status, output: process.outputTail())
                }
                return BiDiConnection.describeClose(error)
            }
            let session: BiDi.Session.New.Result
            do {
                session = try await connection.send(BiDi.Session.New(alwaysMatch: options.capabilities), timeout: max(deadline - .now, .milliseconds(1)))
            } catch BiDiError.timeout {
                connection.close()
                throw timedOut()
            } catch {
                connection.close()
                throw error
            }
            return FirefoxBrowser(connection: connection, session: session, executable: executable, endpoint: endpoint,
                                  profileDirectory: profile, process: process)
        } catch {
            throw await abandon(error)
        }
    }

    /// Sends `command` on the session's connection (see ``BiDiConnection/send(_:timeout:)``).
    @discardableResult
    public func send<Command: BiDiCommand>(_ command: Command, timeout: Duration? = nil) async throws -> Command.Result {
        try await connection.send(command, timeout: timeout)
    }

    /// Closes the connection (pending commands fail with ``BiDiError/connectionClosed(reason:)``),
    /// ends the browser's process group (SIGTERM, SIGKILL after the grace period) and removes
    /// the profile. Returns once nothing of the group runs (or after `timeout`: then `false`).
    /// Idempotent.
    @discardableResult
    public func terminate(timeout: Duration = .seconds(10)) async -> Bool {
        let first = terminated.withLock { done in
            defer { done = true }
            return !done
        }
        if first { connection.close() }
        process.terminate()
        let gone = await process.waitUntilGone(timeout: timeout)
        if gone {
            try? FileManager.default.removeItem(atPath: profileDirectory)
            LiveProfiles.shared.remove(profileDirectory)
        }
        return gone
    }

    /// Whether nothing of the browser's process group runs any more.
    public var isGone: Bool { process.isGone }

    deinit {
        // Released without terminate(): end the group all the same, and remove the profile
        // once nothing of it runs (the process at exit: LiveProfiles).
        process.terminate()
        guard !terminated.withLock({ $0 }) else { return }
        let process = process, profile = profileDirectory
        Task.detached {
            if await process.waitUntilGone(timeout: .seconds(10)) {
                try? FileManager.default.removeItem(atPath: profile)
                LiveProfiles.shared.remove(profile)
            }
        }
    }
}

/// The profiles of browsers still running, for the exit sweep: the supervisor ends a browser's
/// group once this process has exited, but only this process knows the profile, so at exit it
/// ends the groups itself (SIGKILL), waits (at most a second) until they are empty, and
/// removes the profiles.
final class LiveProfiles: Sendable {
    static let shared = LiveProfiles()
    private let groups = Mutex<[String: pid_t]>([:])

    private init() {
        atexit { LiveProfiles.shared.removeAll() }
    }

    func add(_ path: String, group: pid_t) { groups.withLock { $0[path] = group } }
    func remove(_ path: String) { _ = groups.withLock { $0.removeValue(forKey: path) } }

    private func removeAll() {
        let all = groups.withLock { groups in
            defer { groups.removeAll() }
            return groups
        }
        guard !all.isEmpty else { return }
        for group in all.values { _ = kill(-group, SIGKILL) }
        let deadline = Date().addingTimeInterval(1)
        while all.values.contains(where: { kill(-$0, 0) == 0 }) && Date() < deadline { usleep(5_000) }
        for path in all.keys { try? FileManager.default.removeItem(atPath: path) }
    }
}
