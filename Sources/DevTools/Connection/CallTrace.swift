import Foundation
import LabSupport
import Synchronization

/// An opt-in trace of every call a connection makes, for finding where an action's time goes:
/// with `LAB_CDP_TRACE=1` in the environment, each reply (or failure) writes one line to
/// standard error — the time since the first traced call, the method, how long the browser
/// took to answer, and the reply's size:
///
///     cdp    12.345 ms  Accessibility.getFullAXTree  3.210 ms  48213 B
///
/// Lines are in reply order, with events as they arrive (`event Page.loadEventFired`); the gaps
/// between one call's end and the next one's start are the time spent on this side. `LAB_CDP_TRACE=replies` adds the text of every reply shorter than
/// 512 bytes. Off (and free) unless the variable is set when the process starts.
struct CallTrace: Sendable {
    private static let setting = ProcessInfo.processInfo.environment["LAB_CDP_TRACE"] ?? ""
    static let enabled = !setting.isEmpty && setting != "0"
    private static let replies = setting == "replies"
    private static let origin = Mutex<ContinuousClock.Instant?>(nil)

    /// The instant a traced call starts, or `nil` when tracing is off.
    static func start() -> ContinuousClock.Instant? {
        guard enabled else { return nil }
        let now = ContinuousClock.now
        origin.withLock { origin in if origin == nil { origin = now } }
        return now
    }

    /// Writes the line of a call that started at `started` (nothing when tracing is off).
    static func finish(_ method: String, started: ContinuousClock.Instant?, result: Result<Data, any Error>) {
        guard let started, let origin = origin.withLock({ $0 }) else { return }
        let now = ContinuousClock.now
        let outcome: String
        switch result {
        case .success(let data) where replies && data.count < 512: outcome = "\(data.count) B  " + String(decoding: data, as: UTF8.self)
        case .success(let data): outcome = "\(data.count) B"
        case .failure(let error): outcome = "failed: \(error)"
        }
        let line = "cdp \(milliseconds(started - origin)) ms  \(method)  \(milliseconds(now - started)) ms  \(outcome)\n"
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// Writes the line of an event as it arrives (`cdp  12.345 ms  event Page.loadEventFired`),
    /// once a call has been traced; nothing when tracing is off.
    static func event(_ method: String) {
        guard enabled, let origin = origin.withLock({ $0 }) else { return }
        FileHandle.standardError.write(Data("cdp \(milliseconds(.now - origin)) ms  event \(method)\n".utf8))
    }

    private static func milliseconds(_ duration: Duration) -> String {
        String(format: "%9.3f", duration.inMilliseconds)
    }
}
