public import CDevToolsSupport
import Foundation
import LabSupport
import Synchronization

/// A process started under a supervisor (`cdt_spawn_supervised`) so that nothing of it — its
/// whole process group, grandchildren included — outlives this process, however this process
/// ends: the supervisor ends the group when the lifeline pipe from this process reaches end of
/// file, which the kernel brings about when this process dies, even by SIGKILL.
///
/// Its standard output and standard error arrive on one pipe, read on a thread of their own
/// (``OutputTail``): the last part is kept for error messages and every chunk is handed to the
/// `onOutput` callback. Used by UIAutomation's process host for the app under test.
package final class SupervisedProcess: Sendable {
    /// Why a process could not be started.
    package struct SpawnError: Error, Sendable {
        /// The `errno` of `execve`, `chdir`, `fork` or `pipe` that failed.
        package let errno: Int32
    }

    /// The app's process id, which is also its process group's id.
    package let pid: pid_t
    /// The supervisor's process id (a child of this process).
    package let supervisorPID: pid_t
    private let output: OutputTail
    private let lifeline: Mutex<Int32>
    private let shared = Shared()
    /// What the report thread writes: held by it and by the process, so releasing the
    /// process (which ends the group) does not wait for the thread.
    private final class Shared: Sendable {
        let state = Mutex(State())
    }
    private struct State {
        /// The app's leader's exit status, once it has exited.
        var exit: ExitStatus?
        /// The supervisor has exited: nothing of the group runs any more.
        var gone = false
    }

    /// Starts `executable` (an absolute path) with `arguments` and exactly `environment`, in
    /// `directory` (this process's own when `nil`). `grace` is how long the group has between
    /// SIGTERM and SIGKILL when it is ended. `onOutput` sees every chunk of output, on the
    /// output thread.
    package static func spawn(
        executable: String, arguments: [String], environment: [String: String], directory: String?, grace: Duration,
        outputLimit: Int = 64 << 10, onOutput: (@Sendable (UnsafeRawBufferPointer) -> Void)? = nil
    ) throws(SpawnError) -> SupervisedProcess {
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var spawned = cdt_supervised_process()
        let graceMilliseconds = Int32(clamping: Int((grace.inSeconds * 1000).rounded()))
        let rc: Int32 =
            if let directory {
                cdt_spawn_supervised(executable, argv, envp, directory, graceMilliseconds, &spawned)
            } else {
                cdt_spawn_supervised(executable, argv, envp, nil, graceMilliseconds, &spawned)
            }
        guard rc == 0 else { throw SpawnError(errno: rc) }
        let output = OutputTail(reading: spawned.output_fd, limit: outputLimit, name: "app \(spawned.pid) output", onData: onOutput)
        return SupervisedProcess(pid: spawned.pid, supervisorPID: spawned.supervisor_pid, lifeline: spawned.lifeline_fd,
                                 reports: spawned.report_fd, output: output)
    }

    private init(pid: pid_t, supervisorPID: pid_t, lifeline: Int32, reports: Int32, output: OutputTail) {
        self.pid = pid
        self.supervisorPID = supervisorPID
        self.lifeline = Mutex(lifeline)
        self.output = output
        let reader = Thread { [shared] in
            Self.readReports(reports, supervisor: supervisorPID, into: shared)
        }
        reader.name = "app \(pid) supervisor"
        reader.stackSize = 256 << 10
        reader.start()
    }

    /// The app's leader's exit status once it has exited; `nil` while it runs.
    package var exitStatus: ExitStatus? { shared.state.withLock { $0.exit } }

    /// Whether nothing of the app's group runs any more (its supervisor has ended it and exited).
    package var isGone: Bool { shared.state.withLock { $0.gone } }

    /// The last `lines` lines of its output (standard output and standard error, interleaved).
    package func outputTail(lines: Int = 20) -> String { output.lastLines(lines) }

    /// Asks the supervisor to end the group (SIGTERM, then SIGKILL after the grace period) by
    /// closing the lifeline. Returns at once; idempotent.
    package func terminate() {
        let fd = lifeline.withLock { fd in
            defer { fd = -1 }
            return fd
        }
        if fd >= 0 { closeDescriptor(fd) }
    }

    /// Waits up to `timeout` until nothing of the group runs and its output has been read to
    /// the end (bounded separately: a descendant that left the group may keep the pipe open);
    /// whether the group is gone. Does not block a thread of the pool.
    package func waitUntilGone(timeout: Duration) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        let backoff = Backoff([.milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(20), .milliseconds(50)])
        let gone = (try? await poll(until: deadline, backoff: backoff) { isGone }) ?? false
        _ = try? await poll(until: min(deadline, .now + .milliseconds(500)), backoff: backoff) { output.hasClosed }
        return gone
    }

    /// Whether its output pipe has closed (every writer of it has exited or closed it).
    package var outputHasEnded: Bool { output.hasClosed }

    deinit { terminate() }

    /// Reads the supervisor's reports until it exits, then reaps it.
    private static func readReports(_ fd: Int32, supervisor: pid_t, into shared: Shared) {
        var message: (Int32, Int32) = (0, 0)
        let size = MemoryLayout<(Int32, Int32)>.size
        while true {
            var got = 0
            while got < size {
                let count = withUnsafeMutableBytes(of: &message) { bytes in read(fd, bytes.baseAddress! + got, size - got) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                got += count
            }
            guard got == size else { break }
            if message.0 == CDT_REPORT_EXITED {
                let status = message.1
                let signal = status & 0x7f
                let exit: ExitStatus = signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
                shared.state.withLock { $0.exit = exit }
            }
        }
        closeDescriptor(fd)
        var status: Int32 = 0
        while waitpid(supervisor, &status, 0) == -1 && errno == EINTR {}
        shared.state.withLock {
            if $0.exit == nil { $0.exit = .unknown }
            $0.gone = true
        }
    }
}
