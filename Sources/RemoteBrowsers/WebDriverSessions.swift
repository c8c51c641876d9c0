import Foundation
import Synchronization

/// Every WebDriver session this process created and has not deleted yet, so that each is
/// deleted once, whatever ends it: its browser's release, a failed setup, the process exiting
/// (`atexit`), or SIGINT, SIGTERM or SIGHUP.
///
/// What cannot be covered: SIGKILL (and any crash that skips `atexit`, such as a trap in the
/// test process). Those sessions stay until the server reaps them (Selenium Grid's
/// `--session-timeout`, 300 s by default) or, for a chromedriver, until it is stopped
/// (scripts/with-chromedriver stops it and reports any session not deleted).
final class WebDriverSessions: Sendable {
    struct Entry: Sendable {
        /// `DELETE` goes here: `{endpoint}/session/{id}`.
        let url: URL
        let headers: [String: String]
    }

    static let shared = WebDriverSessions()
    private let entries = Mutex<[String: Entry]>([:])

    private init() {
        atexit { WebDriverSessions.shared.deleteAllBlocking() }
        installSignalHandlers()
    }

    /// Records a session that must be deleted.
    func add(_ entry: Entry) {
        entries.withLock { $0[entry.url.absoluteString] = entry }
    }

    /// Takes the session out of the record; whoever gets it back deletes it.
    func remove(_ url: URL) -> Entry? {
        entries.withLock { $0.removeValue(forKey: url.absoluteString) }
    }

    /// The sessions not deleted yet (for tests).
    var count: Int { entries.withLock { $0.count } }

    /// Deletes every recorded session, blocking, about 3 s at most each. For process exit.
    func deleteAllBlocking() {
        let all = entries.withLock { entries in
            defer { entries.removeAll() }
            return Array(entries.values)
        }
        for entry in all {
            RemoteHTTP.exchangeBlocking("DELETE", entry.url, headers: entry.headers, timeout: .seconds(3))
        }
    }

    /// On SIGINT, SIGTERM and SIGHUP: delete the sessions, then die of the signal as before.
    /// A signal that already had a handler, or was ignored, is left alone. The handler only
    /// writes the signal's number to a pipe (all a signal handler may safely do); a thread of
    /// its own reads it, deletes the sessions and sends the signal again with its default action.
    private func installSignalHandlers() {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return }
        signalPipeWriteEnd = fds[1]
        let readEnd = fds[0]
        let thread = Thread {
            var number: UInt8 = 0
            while read(readEnd, &number, 1) == 1 {
                WebDriverSessions.shared.deleteAllBlocking()
                // Die of the signal as before. Process-directed (`kill`, not `raise`): this thread
                // may have it blocked, while some other thread does not. If the process is
                // still alive a second later, it exits with the shell's status for the signal.
                signal(Int32(number), SIG_DFL)
                kill(getpid(), Int32(number))
                sleep(1)
                _exit(128 + Int32(number))
            }
        }
        thread.name = "WebDriverSessions signals"
        thread.start()
        for number in [SIGINT, SIGTERM, SIGHUP] {
            let previous = signal(number, forwardSignalToPipe)
            if previous != nil {  // not SIG_DFL: someone else's choice (a handler, or ignored)
                signal(number, previous)
            }
        }
    }
}

/// The write end of the signal pipe; set once, before any handler is installed.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// The signal handler: async-signal-safe, it only writes one byte.
private func forwardSignalToPipe(_ number: Int32) {
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(signalPipeWriteEnd, &byte, 1)
}
