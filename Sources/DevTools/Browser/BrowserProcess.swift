public import CDevToolsSupport
import Foundation
import LabSupport
import Synchronization

/// A browser process started by this one: its pid, its stderr tail, and its exit.
///
/// A reaper thread waits for the process, so its exit status is known the moment it
/// dies. Every live browser is registered for an `atexit` sweep, and each runs in its own
/// process group, so nothing of it outlives this process: the group is killed on exit,
/// and a browser whose command pipe closes (this process died) quits by itself.
public final class BrowserProcess: Sendable {
    /// The browser's process id (and process-group id).
    public let pid: pid_t
    /// The binary that was started.
    public let executable: String
    /// The profile directory, removed when the process is gone.
    public let profileDirectory: String
    let stderr: OutputTail
    private let exit = Mutex(ExitState())
    private struct ExitState {
        var status: ExitStatus?
        /// The whole group is gone and the profile removed.
        var cleanedUp = false
    }
    private let exited = NSCondition()

    /// Starts `executable` with the pipe transport's descriptors; see `cdt_spawn_browser`.
    static func spawn(
        executable: String, arguments: [String], environment: [String: String], profileDirectory: String, stderrLimit: Int
    ) throws -> (process: BrowserProcess, commandFD: Int32, replyFD: Int32) {
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var spawned = cdt_spawned_browser()
        let rc = LiveBrowsers.shared.registering {
            let rc = cdt_spawn_browser(executable, argv, envp, &spawned)
            return (rc, rc == 0 ? LiveBrowsers.Entry(pid: spawned.pid, profile: profileDirectory) : nil)
        }
        guard rc == 0 else { throw DevToolsError.launchFailed(path: executable, errno: rc) }
        let process = BrowserProcess(
            pid: spawned.pid, executable: executable, profileDirectory: profileDirectory,
            stderr: OutputTail(reading: spawned.stderr_fd, limit: stderrLimit, name: "browser \(spawned.pid) stderr"))
        return (process, spawned.command_fd, spawned.reply_fd)
    }

    private init(pid: pid_t, executable: String, profileDirectory: String, stderr: OutputTail) {
        self.pid = pid
        self.executable = executable
        self.profileDirectory = profileDirectory
        self.stderr = stderr
        let reaper = Thread { [self] in reap() }
        reaper.name = "browser \(pid) reaper"
        reaper.stackSize = 256 << 10
        reaper.start()
    }

    /// The exit status once the process is gone; `nil` while it runs.
    public var exitStatus: ExitStatus? { exit.withLock { $0.status } }

    /// The last lines the browser wrote to stderr.
    public func stderrTail(lines: Int = 20) -> String { stderr.lastLines(lines) }

    /// Kills the browser and every process in its group with SIGKILL.
    public func kill() {
        guard exitStatus == nil else { return }
        _ = Glibc.kill(-pid, SIGKILL)
    }

    /// Waits up to `timeout` for the process to exit; its status, or `nil` if it still runs.
    /// Blocks the calling thread: for the transport's thread and for shutdown paths.
    func waitForExitBlocking(timeout: Duration) -> ExitStatus? {
        let deadline = Date().addingTimeInterval(timeout.inSeconds)
        exited.lock()
        defer { exited.unlock() }
        while exitStatus == nil {
            if !exited.wait(until: deadline) { break }
        }
        return exitStatus
    }

    /// Waits up to `timeout` for the process to exit, its helpers to be gone and its
    /// profile removed, without blocking a thread of the pool. The status, or `nil`.
    public func waitForExit(timeout: Duration) async -> ExitStatus? {
        let backoff = Backoff([.milliseconds(2), .milliseconds(4), .milliseconds(8), .milliseconds(16), .milliseconds(32), .milliseconds(50)])
        _ = try? await poll(until: .now + timeout, backoff: backoff) { exit.withLock { $0.cleanedUp } }
        return exitStatus
    }

    private func reap() {
        var status: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(pid, &status, 0) } while result == -1 && errno == EINTR
        let outcome: ExitStatus
        if result == pid {
            let signal = status & 0x7f
            outcome = signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
        } else {
            outcome = .unknown
        }
        exited.lock()
        exit.withLock { $0.status = outcome }
        exited.broadcast()
        exited.unlock()
        // The leader is gone; take any helper left in its group with it, and wait (bounded)
        // until the group is empty so "closed" means nothing of it runs any more.
        _ = Glibc.kill(-pid, SIGKILL)
        let deadline = Date().addingTimeInterval(1)
        while !ProcessGroup.liveMembers(pid).isEmpty && Date() < deadline { usleep(2_000) }
        LiveBrowsers.shared.remove(pid)
        try? FileManager.default.removeItem(atPath: profileDirectory)
        exit.withLock { $0.cleanedUp = true }
    }
}

/// Every browser this process started and has not yet seen exit, for the `atexit` sweep.
final class LiveBrowsers: Sendable {
    struct Entry: Sendable {
        let pid: pid_t
        let profile: String
    }

    static let shared = LiveBrowsers()
    private let entries = Mutex<[pid_t: Entry]>([:])

    private init() {
        atexit {
            LiveBrowsers.shared.killAll()
        }
    }

    /// Runs `spawn` and records what it started, atomically with respect to the sweep.
    func registering(_ spawn: () -> (Int32, Entry?)) -> Int32 {
        entries.withLock { entries in
            let (rc, entry) = spawn()
            if let entry { entries[entry.pid] = entry }
            return rc
        }
    }

    func remove(_ pid: pid_t) {
        _ = entries.withLock { $0.removeValue(forKey: pid) }
    }

    /// Kills every live browser group and removes its profile. Runs at process exit.
    func killAll() {
        let all = entries.withLock { entries in
            defer { entries.removeAll() }
            return Array(entries.values)
        }
        for entry in all {
            _ = Glibc.kill(-entry.pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(entry.pid, &status, 0)
            try? FileManager.default.removeItem(atPath: entry.profile)
        }
    }
}

/// Process-group membership as /proc reports it.
enum ProcessGroup {
    /// Processes of group `group` that are still running. Zombies are left out: they run
    /// nothing and wait only for init (slow to reap on some hosts) to collect them.
    static func liveMembers(_ group: pid_t) -> [pid_t] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return entries.compactMap { name in
            guard let pid = pid_t(name),
                  let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let commandEnd = stat.lastIndex(of: ")") else { return nil }
            // After "pid (comm)": state, ppid, pgrp, …
            let fields = stat[stat.index(after: commandEnd)...].split(separator: " ", maxSplits: 4)
            guard fields.count > 2, fields[0] != "Z", pid_t(fields[2]) == group else { return nil }
            return pid
        }
    }
}
