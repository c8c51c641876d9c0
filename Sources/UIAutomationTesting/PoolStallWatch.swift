import Foundation
import LabSupport
import Synchronization

/// Warns when a new task of the test process waits 2 s or more for a thread of the Swift
/// concurrency pool.
///
/// Every wait of UIAutomation (and of most test helpers) is a task that needs a pool thread to
/// resume, and the pool is as wide as the machine has cores. Code that blocks pool threads
/// (a synchronous wait for a child process, a blocking socket read, long synchronous work)
/// stalls every other test of the process, and their timeouts then fire for no fault of
/// theirs. The warning on standard error says when it happened and for how long, so such a
/// failure can be told from a real one.
///
/// Opt-in: it runs when `LAB_POOL_STALL_WATCH=1` (scripts/test sets it) or
/// `LAB_POOL_STALL_DUMP` is set, from the first launch on; a test process that does not ask
/// for it gets no extra thread. Test support, not the API: it lives here, in the module test
/// processes link, and UIAutomation starts it through the test libraries' bridge
/// (`TestLibraryBridge.applicationWillLaunch()`), so a program built on UIAutomation alone
/// never spawns a shell or gdb.
///
/// With `LAB_POOL_STALL_DUMP` set to a folder, the first stall of 5 s or more also writes
/// every thread's stack (gdb's `thread apply all bt`, when gdb is installed) to
/// `<folder>/pool-stall-<pid>.txt`: which code held the pool.
enum PoolStallWatch {
    /// How long the pool may run nothing before it is reported.
    static let threshold: Duration = .seconds(2)
    /// How long a stall lasts before its stacks are written (with `LAB_POOL_STALL_DUMP`).
    static let dumpThreshold: Duration = .seconds(5)

    private static let started = Atomic<Bool>(false)

    /// Starts the watch once per process (on its own thread) when the environment asks for it;
    /// later calls do nothing.
    static func startOnce() {
        guard !started.compareExchange(expected: false, desired: true, ordering: .relaxed).original else { return }
        let environment = ProcessInfo.processInfo.environment
        let dumpFolder = environment["LAB_POOL_STALL_DUMP"].flatMap { $0.isEmpty ? nil : $0 }
        guard environment["LAB_POOL_STALL_WATCH"] == "1" || dumpFolder != nil else { return }
        let thread = Thread {
            var dumped = false
            while true {
                let ran = DispatchSemaphore(value: 0)
                let asked = ContinuousClock.now
                Task.detached { ran.signal() }
                if ran.wait(timeout: .now() + threshold.inSeconds) == .timedOut {
                    // Stopping the process for gdb prolongs the stall: only for one long enough
                    // to fail tests by itself.
                    var stillStalled = true
                    if let dumpFolder, !dumped {
                        stillStalled = ran.wait(timeout: .now() + (dumpThreshold - threshold).inSeconds) == .timedOut
                        if stillStalled {
                            dumped = true
                            dumpStacks(into: dumpFolder)
                        }
                    }
                    if stillStalled { ran.wait() }
                    let stalled = ContinuousClock.now - asked
                    let line = "UIAutomationTesting: a new task waited \(String(format: "%.1f", stalled.inSeconds)) s for a thread of "
                        + "the Swift concurrency pool (until \(Date())): timeouts in this process may have fired for that "
                        + "reason; code that blocks pool threads (a synchronous wait, a blocking read, long synchronous work) causes it\n"
                    FileHandle.standardError.write(Data(line.utf8))
                }
                Thread.sleep(forTimeInterval: 0.25)
            }
        }
        thread.name = "UIAutomationTesting pool watch"
        thread.stackSize = 256 << 10
        thread.start()
    }

    /// Every thread's stack, by gdb attached for a moment, into `folder`.
    private static func dumpStacks(into folder: String) {
        let pid = getpid()
        let path = "\(folder)/pool-stall-\(pid).txt"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let command = "gdb -p \(pid) -batch -ex 'thread apply all bt 30' > '\(path)' 2>&1"
        var child: pid_t = 0
        let words: [String] = ["/bin/sh", "-c", command]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        guard posix_spawn(&child, "/bin/sh", nil, nil, arguments, environ) == 0 else { return }
        var status: Int32 = 0
        while waitpid(child, &status, 0) == -1 && errno == EINTR {}
    }
}
