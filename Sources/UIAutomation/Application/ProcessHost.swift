import DevTools
import Foundation
import LabSupport
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Launches your own web app — any server executable: a Swift server, `python3 -m http.server`,
/// a Node or Go app — as a fresh process per launch, as XCUITest launches an iOS app.
///
/// ```swift
/// let app = Application(host: ProcessHost(executable: "python3", arguments: ["-m", "http.server", "{port}", "--bind", "127.0.0.1"]))
/// app.launchArguments = ["--verbose"]            // appended to its arguments
/// app.launchEnvironment = ["TODO_SEED": "3"]     // merged into its environment
/// try await app.launch()                         // started, waited for, opened in the browser
/// ```
///
/// Each launch:
/// - picks a free port on 127.0.0.1 and puts it wherever `{port}` appears: in the arguments,
///   in environment values (`"PORT": "{port}"`) and in the URL (`http://127.0.0.1:{port}/`);
/// - starts the executable with its ``arguments`` followed by the launch's
///   `launchArguments`, and this process's environment (unless ``inheritsEnvironment`` is
///   false) with ``environment`` and then the launch's `launchEnvironment` on top;
/// - waits, at most ``startTimeout``, until it is ready (``Readiness``): its URL answers HTTP
///   with any status, or it prints a given line on stdout or stderr. If it exits first, or is
///   not ready in time, the launch fails with a ``ProcessHostError`` that carries the last lines
///   it printed and, when it died, its exit status; it is then ended;
/// - keeps everything it prints (stdout and stderr, in order) in the test's artifacts folder:
///   `<artifacts>/<test folder>/app-<n>.log` (``logDirectory``; the same folder per test as
///   the failure screenshots).
///
/// `terminate()` ends the app's whole process group — SIGTERM, then SIGKILL after
/// ``terminationGrace`` — and waits until nothing of it runs. The app runs under a small
/// supervisor process, so nothing of it is left behind even when the test process is killed
/// (SIGKILL included): the supervisor ends the group as soon as its pipe from the test process
/// closes. A process that leaves its group on purpose (`setsid`, a daemon that forks away) is
/// not followed.
///
/// **The free port.** The port is found by binding port 0 on 127.0.0.1 and closing the socket,
/// so another process may take it before the app binds it. When the app exits before it is
/// ready saying the address is in use (`EADDRINUSE`, "address already in use"), the launch
/// tries again with a new port, up to three times in all.
public struct ProcessHost: AppHost {
    /// What the app under test is.
    public enum Executable: Sendable, Equatable {
        /// A program by path (absolute, or relative to the current directory when it contains a
        /// `/`) or by name, looked up in the `PATH` of its environment.
        case path(String)
        /// An executable product of the package under test (`swift test` builds it when the test
        /// target depends on it), found next to the running test binary, else in
        /// `.build/debug` or `.build/release` under the current directory.
        case swiftProduct(String)
    }

    /// When a started app counts as ready.
    public enum Readiness: Sendable, Equatable {
        /// When its URL answers an HTTP request with any status (the default).
        case httpResponse
        /// When a line it prints (stdout or stderr) contains this text.
        case outputContains(String)
        /// When a line it prints (stdout or stderr) matches this regular expression (Swift `Regex` syntax).
        case outputMatches(String)
    }

    /// The port handed to the app.
    public enum Port: Sendable, Equatable {
        /// A free port on 127.0.0.1, new for each launch (the default).
        case free
        /// Always this one (launches in parallel then collide).
        case fixed(Int)
    }

    /// The placeholder replaced by the port in arguments, environment values and ``url``.
    public static let portPlaceholder = "{port}"

    /// The app's executable.
    public var executable: Executable
    /// Its arguments; the launch's `launchArguments` follow them.
    public var arguments: [String]
    /// Variables set for it on top of the inherited environment; the launch's
    /// `launchEnvironment` goes on top of these.
    public var environment: [String: String]
    /// Whether it inherits this process's environment (default `true`).
    public var inheritsEnvironment: Bool
    /// Its working directory (default: this process's).
    public var workingDirectory: String?
    /// The URL the browser opens, `{port}` replaced (default `http://127.0.0.1:{port}/`).
    public var url: String
    /// When it is ready (default: its URL answers HTTP).
    public var readiness: Readiness
    /// The port handed to it (default: a free one per launch).
    public var port: Port
    /// How long it may take to get ready (default 20 s; within the application's launch timeout, 30 s by default).
    public var startTimeout: Duration
    /// How long its group has between SIGTERM and SIGKILL when it is ended (default 3 s).
    public var terminationGrace: Duration
    /// Where its output is kept: `<logDirectory>/<test folder>/app-<n>.log`. Default (`nil`):
    /// the artifacts folder, `Configuration.defaultArtifactsDirectory` (`$LAB_ARTIFACTS_DIR`,
    /// else `.build/lab-artifacts`). An empty string keeps no log.
    public var logDirectory: String?

    /// A host launching `executable` with `arguments`.
    public init(
        executable: Executable, arguments: [String] = [], environment: [String: String] = [:], url: String = "http://127.0.0.1:{port}/",
        readiness: Readiness = .httpResponse, port: Port = .free, inheritsEnvironment: Bool = true, workingDirectory: String? = nil,
        startTimeout: Duration = .seconds(20), terminationGrace: Duration = .seconds(3), logDirectory: String? = nil
    ) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.url = url
        self.readiness = readiness
        self.port = port
        self.inheritsEnvironment = inheritsEnvironment
        self.workingDirectory = workingDirectory
        self.startTimeout = startTimeout
        self.terminationGrace = terminationGrace
        self.logDirectory = logDirectory
    }

    /// A host launching the program at `path` (or named `path`, found in `PATH`).
    public init(
        executable path: String, arguments: [String] = [], environment: [String: String] = [:], url: String = "http://127.0.0.1:{port}/",
        readiness: Readiness = .httpResponse, port: Port = .free, inheritsEnvironment: Bool = true, workingDirectory: String? = nil,
        startTimeout: Duration = .seconds(20), terminationGrace: Duration = .seconds(3), logDirectory: String? = nil
    ) {
        self.init(executable: .path(path), arguments: arguments, environment: environment, url: url, readiness: readiness, port: port,
                  inheritsEnvironment: inheritsEnvironment, workingDirectory: workingDirectory, startTimeout: startTimeout,
                  terminationGrace: terminationGrace, logDirectory: logDirectory)
    }

    /// A host launching `product`, an executable product of the package under test. Make the
    /// test target depend on it (`dependencies: ["TodoServer"]`) so `swift test` builds it
    /// first; the launch does not build it, and says so when it is missing.
    public static func swiftProduct(
        _ product: String, arguments: [String] = [], environment: [String: String] = [:], url: String = "http://127.0.0.1:{port}/",
        readiness: Readiness = .httpResponse, port: Port = .free, startTimeout: Duration = .seconds(20)
    ) -> ProcessHost {
        ProcessHost(executable: .swiftProduct(product), arguments: arguments, environment: environment, url: url, readiness: readiness,
                    port: port, startTimeout: startTimeout)
    }

    public func launch(arguments launchArguments: [String], environment launchEnvironment: [String: String]) async throws -> any RunningApp {
        try await start(launchArguments: launchArguments, launchEnvironment: launchEnvironment)
    }

    /// Starts one instance: ``launch(arguments:environment:)`` with its concrete type, for a
    /// test of your own that needs the process id or the log.
    public func start(launchArguments: [String] = [], launchEnvironment: [String: String] = [:]) async throws -> RunningProcess {
        try validate()
        let baseEnvironment = (inheritsEnvironment ? ProcessInfo.processInfo.environment : [:])
            .merging(environment) { $1 }.merging(launchEnvironment) { $1 }
        let path = try resolveExecutable(environment: baseEnvironment)
        let usesPort = ([url] + arguments + launchArguments + Array(baseEnvironment.values)).contains { $0.contains(Self.portPlaceholder) }
        let attempts = (usesPort && port == .free) ? 3 : 1
        for attempt in 1...attempts {
            let chosen: Int
            switch port {
            case .fixed(let fixed): chosen = fixed
            case .free: chosen = usesPort ? try Self.freePort() : 0
            }
            let fill = { (text: String) in text.replacingOccurrences(of: Self.portPlaceholder, with: String(chosen)) }
            let command = [path] + (arguments + launchArguments).map(fill)
            do {
                return try await startOnce(
                    command: command, environment: baseEnvironment.mapValues(fill), url: fill(url), port: chosen)
            } catch let error as ProcessHostError where attempt < attempts && error.saysAddressInUse {
                continue
            }
        }
        preconditionFailure("unreachable: the last attempt returns or throws")
    }

    /// One attempt: start, wait until ready or failed, end it on failure.
    private func startOnce(command: [String], environment: [String: String], url: String, port: Int) async throws -> RunningProcess {
        let log = try AppLog.open(in: resolvedLogDirectory, test: TestIdentity.current)
        log?.writeHeader(command: command, url: url)
        let watch = try OutputWatch(readiness: readiness, log: log)
        let process: SupervisedProcess
        do {
            process = try SupervisedProcess.spawn(
                executable: command[0], arguments: Array(command.dropFirst()), environment: environment, directory: workingDirectory,
                grace: terminationGrace, onOutput: { watch.receive($0) })
        } catch {
            log?.close()
            throw ProcessHostError(command: command, reason: .couldNotStart(errno: error.errno, description: String(cString: strerror(error.errno))),
                                   outputTail: "", logFile: log?.path)
        }
        let probe = readiness == .httpResponse ? HTTPProbe(url: url) : nil
        defer { probe?.stop() }
        let running = RunningProcess(process: process, url: url, port: port, log: log, grace: terminationGrace)

        func fail(_ reason: ProcessHostError.Reason) async -> ProcessHostError {
            await running.terminate()
            return ProcessHostError(command: command, reason: reason, outputTail: process.outputTail(lines: ProcessHostError.tailLines), logFile: log?.path,
                                    processID: process.pid)
        }
        let deadline = ContinuousClock.now + startTimeout
        let backoff = Backoff([.milliseconds(5), .milliseconds(10), .milliseconds(20), .milliseconds(40), .milliseconds(50)])
        let isReady: Bool
        do {
            isReady = try await poll(until: deadline, backoff: backoff) {
                if process.exitStatus != nil { return true }
                return watch.matched || probe?.answered == true
            }
        } catch {
            await running.terminate()
            throw error  // cancelled
        }
        if let exit = process.exitStatus {
            // Everything it printed before it died, for the message.
            _ = try? await poll(until: .now + .milliseconds(500), backoff: backoff) { process.outputHasEnded }
            throw await fail(.exitedBeforeReady(AppProcessExit(exit)))
        }
        guard isReady else {
            throw await fail(.notReady(after: startTimeout, waitingFor: readiness.waitDescription(url: url)))
        }
        return running
    }

    private var resolvedLogDirectory: String? {
        if let logDirectory { return logDirectory.isEmpty ? nil : logDirectory }
        return Configuration.defaultArtifactsDirectory
    }

    private func validate() throws {
        if case .outputMatches(let pattern) = readiness, (try? Regex(pattern)) == nil {
            throw ProcessHostError(command: [], reason: .invalidConfiguration("readiness .outputMatches(\(pattern.debugDescription)) is not a valid regular expression"))
        }
        if case .fixed(let fixed) = port, !(1...65535).contains(fixed) {
            throw ProcessHostError(command: [], reason: .invalidConfiguration("port .fixed(\(fixed)) is not between 1 and 65535"))
        }
        if startTimeout <= .zero {
            throw ProcessHostError(command: [], reason: .invalidConfiguration("startTimeout \(startTimeout) is not positive"))
        }
        if let workingDirectory {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: workingDirectory, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ProcessHostError(command: [], reason: .invalidConfiguration("workingDirectory \(workingDirectory.debugDescription) is not a directory"))
            }
        }
        let probeURL = url.replacingOccurrences(of: Self.portPlaceholder, with: "1")
        guard let parsed = URL(string: probeURL), ["http", "https"].contains(parsed.scheme ?? ""), parsed.host != nil else {
            throw ProcessHostError(command: [], reason: .invalidConfiguration("url \(url.debugDescription) is not an http:// URL"))
        }
    }

    /// The executable's absolute path.
    private func resolveExecutable(environment: [String: String]) throws -> String {
        let fileManager = FileManager.default
        let current = fileManager.currentDirectoryPath
        var searched: [String] = []
        switch executable {
        case .path(let path) where path.isEmpty:
            throw ProcessHostError(command: [], reason: .invalidConfiguration("the executable's path is empty"))
        case .path(let path) where path.contains("/"):
            let absolute = path.hasPrefix("/") ? path : current + "/" + path
            if fileManager.isExecutableFile(atPath: absolute) { return absolute }
            searched = [absolute]
            throw ProcessHostError(command: [path], reason: .executableNotFound(name: path, searched: searched, hint: nil))
        case .path(let name):
            for directory in (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
                let candidate = String(directory) + "/" + name
                if fileManager.isExecutableFile(atPath: candidate) { return candidate }
                searched.append(candidate)
            }
            throw ProcessHostError(command: [name], reason: .executableNotFound(name: name, searched: searched, hint: "not in the PATH"))
        case .swiftProduct(let product):
            var directories: [String] = []
            if let running = try? fileManager.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
                directories.append((running as NSString).deletingLastPathComponent)
            }
            directories += [current + "/.build/debug", current + "/.build/release"]
            for directory in directories {
                let candidate = directory + "/" + product
                if fileManager.isExecutableFile(atPath: candidate) { return candidate }
                searched.append(candidate)
            }
            throw ProcessHostError(command: [product], reason: .executableNotFound(
                name: product, searched: searched,
                hint: "make the test target depend on the executable target \(product.debugDescription) so that `swift test` builds it "
                    + "(or run `swift build --product \(product)` first); a launch does not build it"))
        }
    }

    /// A port nothing listens on now: bound on 127.0.0.1 with port 0, read back, released.
    /// Another process may take it before the app binds it (see the type's documentation).
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ProcessHostError(command: [], reason: .couldNotStart(errno: errno, description: "no socket for a free port")) }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(fd, address, length) == 0 && getsockname(fd, address, &length) == 0
            }
        }
        guard bound else { throw ProcessHostError(command: [], reason: .couldNotStart(errno: errno, description: "could not bind 127.0.0.1:0 for a free port")) }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

extension ProcessHost.Readiness {
    /// What a launch waits for, in words.
    func waitDescription(url: String) -> String {
        switch self {
        case .httpResponse: "\(url) to answer HTTP"
        case .outputContains(let text): "a line of output containing \(text.debugDescription)"
        case .outputMatches(let pattern): "a line of output matching /\(pattern)/"
        }
    }
}

/// How an app's process ended.
public enum AppProcessExit: Sendable, Equatable, CustomStringConvertible {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it.
    case signaled(Int32)
    /// Its status could not be read.
    case unknown

    init(_ status: ExitStatus) {
        switch status {
        case .exited(let code): self = .exited(code)
        case .signaled(let signal): self = .signaled(signal)
        case .unknown: self = .unknown
        }
    }

    public var description: String {
        switch self {
        case .exited(let code): "exit status \(code)"
        case .signaled(let signal): "killed by signal \(signal)"
        case .unknown: "exit status unknown"
        }
    }
}

/// A ``ProcessHost`` launch failed: the command, why, and the last lines the app printed.
public struct ProcessHostError: Error, Sendable, CustomStringConvertible {
    /// Why.
    public enum Reason: Sendable, Equatable {
        /// The host's settings are wrong (an invalid regular expression, port or URL, say).
        case invalidConfiguration(String)
        /// No executable file was found; `searched` lists the paths tried.
        case executableNotFound(name: String, searched: [String], hint: String?)
        /// The process could not be started (`execve`, `chdir` or `fork` failed with `errno`).
        case couldNotStart(errno: Int32, description: String)
        /// It exited (or was killed) before it was ready.
        case exitedBeforeReady(AppProcessExit)
        /// It ran but was not ready within the start timeout; it has been ended.
        case notReady(after: Duration, waitingFor: String)
    }

    /// How many lines of output an error carries.
    static let tailLines = 30

    /// The command line (the executable's path first), when it got that far.
    public let command: [String]
    /// Why the launch failed.
    public let reason: Reason
    /// The last lines the app printed (stdout and stderr), empty when it printed nothing.
    public let outputTail: String
    /// The file holding everything it printed, when one was kept.
    public let logFile: String?
    /// The process id (and process group id) it had, when it was started.
    public let processID: Int32?

    /// An error for `command`.
    public init(command: [String], reason: Reason, outputTail: String = "", logFile: String? = nil, processID: Int32? = nil) {
        self.command = command
        self.reason = reason
        self.outputTail = outputTail
        self.logFile = logFile
        self.processID = processID
    }

    /// Whether it died saying its port was taken (the free-port race; a new port is tried).
    var saysAddressInUse: Bool {
        guard case .exitedBeforeReady = reason else { return false }
        let text = outputTail.lowercased()
        return text.contains("address already in use") || text.contains("eaddrinuse") || text.contains("address in use")
    }

    public var description: String {
        let shown = command.map { $0.contains(" ") || $0.isEmpty ? $0.debugDescription : $0 }.joined(separator: " ")
        var text = "app process" + (shown.isEmpty ? "" : " `\(shown)`") + ": "
        switch reason {
        case .invalidConfiguration(let problem): text += "invalid ProcessHost: \(problem)"
        case .executableNotFound(let name, let searched, let hint):
            text += "no executable \(name.debugDescription)" + (hint.map { ": \($0)" } ?? "")
            if !searched.isEmpty { text += " (looked for " + searched.prefix(6).joined(separator: ", ") + (searched.count > 6 ? ", …" : "") + ")" }
        case .couldNotStart(let errno, let description): text += "could not be started: \(description) (errno \(errno))"
        case .exitedBeforeReady(let exit): text += "exited before it was ready (\(exit))"
        case .notReady(let after, let waitingFor): text += "not ready after \(after.formatted), waiting for \(waitingFor); it has been ended"
        }
        if let processID { text += " [pid \(processID)]" }
        // The last line on the first line too: a report may show only the first.
        if let last = outputTail.split(separator: "\n").last(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            text += "; its last output: \(String(last.prefix(200)).debugDescription)"
        }
        if let logFile { text += "\nIts output: \(logFile)" }
        text += outputTail.isEmpty ? "\nIt printed nothing." : "\nLast lines it printed:\n" + outputTail
        return text
    }
}

/// One running instance started by a ``ProcessHost``.
public final class RunningProcess: RunningApp {
    /// The URL the browser opens.
    public let url: String
    /// The port handed to it (0 when none was).
    public let port: Int
    /// Its process id, also the id of its process group.
    public var pid: Int32 { process.pid }
    /// The file its output is kept in, if any.
    public var logFile: String? { log?.path }
    /// How its leader ended, once it has; `nil` while it runs.
    public var exit: AppProcessExit? { process.exitStatus.map(AppProcessExit.init) }
    /// Whether nothing of its process group runs any more.
    public var hasEnded: Bool { process.isGone }
    private let process: SupervisedProcess
    private let log: AppLog?
    private let grace: Duration

    init(process: SupervisedProcess, url: String, port: Int, log: AppLog?, grace: Duration) {
        self.process = process
        self.url = url
        self.port = port
        self.log = log
        self.grace = grace
    }

    /// The last `lines` lines it printed (stdout and stderr).
    public func outputTail(lines: Int = 20) -> String { process.outputTail(lines: lines) }

    /// Ends its whole process group (SIGTERM, then SIGKILL after the grace period) and waits,
    /// bounded, until nothing of it runs.
    public func terminate() async {
        process.terminate()
        _ = await process.waitUntilGone(timeout: grace + .seconds(6))
        log?.close()
    }
}

/// The file an app's output is kept in.
final class AppLog: Sendable {
    private static let sequence = Atomic<Int>(0)
    let path: String
    private let descriptor: Mutex<Int32>

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = Mutex(descriptor)
    }

    /// `<root>/<test folder>/app-<n>.log`, created; `nil` when `root` is `nil`.
    static func open(in root: String?, test: TestIdentity?) throws -> AppLog? {
        guard let root else { return nil }
        let directory = root + "/" + (test?.folderName ?? "unattributed")
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let number = sequence.wrappingAdd(1, ordering: .relaxed).newValue
        let path = directory + "/" + String(format: "app-%03d.log", number)
        let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_APPEND, 0o644)
        guard fd >= 0 else { return nil }  // no log is no reason to fail the test
        return AppLog(path: path, descriptor: fd)
    }

    func writeHeader(command: [String], url: String) {
        write(Data("== \(command.joined(separator: " ")) (\(url))\n".utf8))
    }

    func write(_ bytes: Data) {
        bytes.withUnsafeBytes { write($0) }
    }

    func write(_ bytes: UnsafeRawBufferPointer) {
        descriptor.withLock { fd in
            guard fd >= 0, var next = bytes.baseAddress else { return }
            var left = bytes.count
            while left > 0 {
                let written = Glibc.write(fd, next, left)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }
                next += written
                left -= written
            }
        }
    }

    func close() {
        descriptor.withLock { fd in
            if fd >= 0 { _ = Glibc.close(fd) }
            fd = -1
        }
    }

    deinit { close() }
}

/// Watches an app's output as it is read: keeps it in the log and looks for the ready line.
final class OutputWatch: @unchecked Sendable {
    // Unchecked: `pattern` is read-only after init; the line buffer is behind `state`.
    private let contains: String?
    private let pattern: Regex<AnyRegexOutput>?
    private let log: AppLog?
    private let state = Mutex<(partial: [UInt8], matched: Bool)>(([], false))

    init(readiness: ProcessHost.Readiness, log: AppLog?) throws {
        self.log = log
        switch readiness {
        case .httpResponse:
            contains = nil
            pattern = nil
        case .outputContains(let text):
            contains = text
            pattern = nil
        case .outputMatches(let expression):
            contains = nil
            pattern = try Regex(expression)
        }
    }

    /// Whether a line has matched.
    var matched: Bool { state.withLock { $0.matched } }

    /// A chunk of output, on the output thread.
    func receive(_ bytes: UnsafeRawBufferPointer) {
        log?.write(bytes)
        guard contains != nil || pattern != nil else { return }
        let lines: [String] = state.withLock { state in
            guard !state.matched else { return [] }
            state.partial.append(contentsOf: bytes)
            var complete: [String] = []
            while let newline = state.partial.firstIndex(of: UInt8(ascii: "\n")) {
                complete.append(String(decoding: state.partial[..<newline], as: UTF8.self))
                state.partial.removeSubrange(...newline)
            }
            // A prompt-like last line without a newline counts too.
            if !state.partial.isEmpty { complete.append(String(decoding: state.partial, as: UTF8.self)) }
            if state.partial.count > 64 << 10 { state.partial.removeAll() }
            return complete
        }
        if lines.contains(where: matches) { state.withLock { $0.matched = true } }
    }

    private func matches(_ line: String) -> Bool {
        if let contains { return line.contains(contains) }
        if let pattern { return (try? pattern.firstMatch(in: line)) != nil }
        return false
    }
}
