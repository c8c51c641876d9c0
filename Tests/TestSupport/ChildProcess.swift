public import Foundation
public import Subprocess
import Synchronization
import SystemPackage

// Child processes for the tests, started with swift-subprocess rather than Foundation's
// `Process`: on Linux, `Process.run()` in Swift 6.3.1 now and then crashes the test process
// (swift-corelibs-foundation #5472, a read past `readdir`'s buffer); swift-subprocess spawns
// through its own C shim.

/// How a child process ended.
public enum ChildExit: Equatable, Sendable, CustomStringConvertible {
    /// It exited with this status.
    case exited(Int32)
    /// A signal it did not handle ended it.
    case signalled(Int32)

    init(_ status: TerminationStatus) {
        switch status {
        case .exited(let code): self = .exited(code)
        case .signaled(let signal): self = .signalled(signal)
        }
    }

    public var description: String {
        switch self {
        case .exited(let code): "exit status \(code)"
        case .signalled(let signal): "killed by signal \(signal)"
        }
    }
}

/// A child process could not be started, did not get ready, or did not end when asked.
public struct ChildProcessError: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// What ``ChildProcess/start(_:arguments:environment:standardErrorPath:readyWithin:ready:)`` hears.
private enum StartEvent<Ready: Sendable>: Sendable {
    case started(pid_t), ready(Ready), outputEnded(String), timedOut
}

/// What a finished child printed, and how it ended.
public struct ChildOutput: Sendable {
    public var exit: ChildExit
    public var standardOutput: String
    public var standardError: String
}

/// A child process that runs until it is stopped (a server, chromedriver): started, read line by
/// line until it says it is ready, then signalled through its process descriptor (never a pid
/// that may have been reused) and awaited. Released without ``stop(signal:within:)``, it is killed.
public final class ChildProcess: Sendable {
    /// Its process id.
    public let pid: pid_t
    private let signals: AsyncStream<Int32>.Continuation
    private let run: Task<ChildExit, any Error>
    private let ended = Mutex<ChildExit?>(nil)

    private init(pid: pid_t, signals: AsyncStream<Int32>.Continuation, run: Task<ChildExit, any Error>) {
        self.pid = pid
        self.signals = signals
        self.run = run
    }

    /// Whether it has not ended yet.
    public var isRunning: Bool { ended.withLock { $0 == nil } }

    /// Starts `executable` and reads its standard output line by line until `ready` returns a
    /// value for a line; returns the process and that value. Standard error goes to the file
    /// `standardErrorPath` (created or emptied) when given, else nowhere. Throws, with the child
    /// killed, if it ends or says nothing `ready` accepts within `timeout`.
    public static func start<Ready: Sendable>(
        _ executable: String,
        arguments: [String] = [],
        environment: [String: String] = [:],
        standardErrorPath: String? = nil,
        readyWithin timeout: Duration,
        ready: @escaping @Sendable (String) -> Ready?
    ) async throws -> (process: ChildProcess, ready: Ready) {
        let (events, sink) = AsyncStream<StartEvent<Ready>>.makeStream()
        let (signals, signalSink) = AsyncStream<Int32>.makeStream()
        let errorFile = try FileDescriptor.open(
            FilePath(standardErrorPath ?? "/dev/null"), .writeOnly, options: [.create, .truncate], permissions: [.ownerReadWrite])
        let run = Task<ChildExit, any Error> {
            defer { sink.finish() }
            let result = try await Subprocess.run(
                .path(FilePath(executable)),
                arguments: Arguments(arguments),
                environment: inheritedEnvironment(adding: environment),
                input: .none,
                output: .sequence,
                error: .fileDescriptor(errorFile, closeAfterSpawningProcess: true)
            ) { execution in
                sink.yield(.started(execution.processIdentifier.value))
                try await withThrowingTaskGroup(of: Void.self) { group in
                    // Signals from stop(), sent while the process descriptor is still open.
                    group.addTask {
                        for await signal in signals { try? execution.send(signal: Signal(rawValue: signal)) }
                    }
                    // Its output, until it ends (the child exited or closed it).
                    group.addTask {
                        var printed: [String] = []
                        var isReady = false
                        for try await line in execution.standardOutput.strings() where !isReady {
                            printed.append(line)
                            if let value = ready(line) {
                                isReady = true
                                sink.yield(.ready(value))
                            }
                        }
                        if !isReady { sink.yield(.outputEnded(printed.joined(separator: "\n"))) }
                        // A child may close its output and live on (Xvfb closes its `-displayfd`):
                        // signals must still reach it until it has ended.
                        await waitForExit(execution.processIdentifier)
                    }
                    try await group.next()
                    group.cancelAll()
                }
            }
            return ChildExit(result.terminationStatus)
        }
        let timer = Task {
            try await Task.sleep(for: timeout)
            sink.yield(.timedOut)
        }
        defer { timer.cancel() }

        var pid: pid_t?
        for await event in events {
            switch event {
            case .started(let started):
                pid = started
            case .ready(let value):
                let process = ChildProcess(pid: pid ?? 0, signals: signalSink, run: run)
                process.watch()
                return (process, value)
            case .outputEnded(let printed):
                signalSink.finish()
                let reaper = Task {  // a child that closed its output but lives on is killed
                    try await Task.sleep(for: .seconds(5))
                    run.cancel()
                }
                defer { reaper.cancel() }
                let exit = (try? await run.value).map { " (\($0))" } ?? ""
                throw ChildProcessError("\(executable) ended its output before it was ready\(exit); it printed: \(printed.debugDescription)")
            case .timedOut:
                run.cancel()  // swift-subprocess kills the child
                signalSink.finish()
                throw ChildProcessError("\(executable) was not ready within \(timeout)")
            }
        }
        signalSink.finish()
        _ = try await run.value  // the run failed before the child said anything: its error
        throw ChildProcessError("\(executable) ended before it was ready")
    }

    /// Records the exit when it comes, so ``isRunning`` needs no pid.
    private func watch() {
        Task { [weak self, run] in
            let exit = (try? await run.value) ?? .signalled(SIGKILL)
            self?.ended.withLock { $0 = exit }
        }
    }

    /// Sends `signal` without waiting for the process to end.
    public func send(signal: Int32) {
        signals.yield(signal)
    }

    /// Sends `signal` and waits up to `limit` for the process to end; returns how it ended.
    /// If it has not ended by then it is killed and the error says so.
    @discardableResult
    public func stop(signal: Int32 = SIGTERM, within limit: Duration = .seconds(30)) async throws -> ChildExit {
        signals.yield(signal)
        let run = self.run
        let deadline = Task {
            try await Task.sleep(for: limit)
            run.cancel()
        }
        defer { deadline.cancel() }
        // Cancelled at the deadline, the run kills the child (and may end normally): ask which it was.
        let outcome = await run.result
        signals.finish()
        if run.isCancelled {
            throw ChildProcessError("the process \(pid) did not end within \(limit) of signal \(signal); killed")
        }
        return try outcome.get()
    }

    deinit {
        signals.finish()
        run.cancel()
    }

    /// Runs `executable` to its end (killed after `timeout`) and returns its exit and output.
    public static func run(
        _ executable: String,
        arguments: [String] = [],
        environment: [String: String] = [:],
        timeout: Duration = .seconds(60)
    ) async throws -> ChildOutput {
        let run = Task {
            try await Subprocess.run(
                .path(FilePath(executable)),
                arguments: Arguments(arguments),
                environment: inheritedEnvironment(adding: environment),
                output: .string(limit: 16 << 20),
                error: .string(limit: 16 << 20)
            )
        }
        let deadline = Task {
            try await Task.sleep(for: timeout)
            run.cancel()
        }
        defer { deadline.cancel() }
        // Cancelled at the deadline, the run kills the child (and may end normally): ask which it was.
        let outcome = await run.result
        if run.isCancelled {
            throw ChildProcessError("\(executable) \(arguments.joined(separator: " ")) did not end within \(timeout); killed")
        }
        let result = try outcome.get()
        return ChildOutput(exit: ChildExit(result.terminationStatus),
                           standardOutput: result.standardOutput, standardError: result.standardError)
    }

    /// This process's environment with `added` set on top.
    private static func inheritedEnvironment(adding added: [String: String]) -> Environment {
        added.isEmpty ? .inherit : .inherit.updating(
            Dictionary(uniqueKeysWithValues: added.map { (Environment.Key(stringLiteral: $0.key), $0.value) }))
    }
}

/// Returns once the process has ended (its process descriptor reads as ready), or when the task
/// is cancelled. Without a descriptor, `/proc` says when it has ended (a zombie has).
private func waitForExit(_ process: ProcessIdentifier) async {
    func ended() -> Bool {
        if process.processDescriptor >= 0 {
            var entry = pollfd(fd: process.processDescriptor, events: Int16(POLLIN), revents: 0)
            return poll(&entry, 1, 0) != 0
        }
        guard let stat = try? String(contentsOfFile: "/proc/\(process.value)/stat", encoding: .utf8),
              let state = stat.split(separator: ")").last?.split(separator: " ").first else { return true }
        return state == "Z" || state == "X"
    }
    while !Task.isCancelled, !ended() {
        try? await Task.sleep(for: .milliseconds(20))
    }
}
