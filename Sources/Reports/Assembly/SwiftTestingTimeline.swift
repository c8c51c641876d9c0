import Foundation

/// Each Swift Testing test's own running time, estimated from the library's event stream
/// (`--event-stream-output-path F --event-stream-version 0`: one JSON object a line).
///
/// Swift Testing starts every test of a run at once and its tasks share a pool with one thread
/// a core; a test's time from its start event to its end event is mostly waiting for a thread
/// (a one-line unit test read 5.2 s, a test waiting for a turn at heavy work 117 s). A test's
/// own time here is its share of the threads while it was in flight: each interval between
/// two events gives each of the `n` tests in flight `min(1, threads / n)` of its length. A
/// test that ran alone keeps its whole time; a hundred tests on two threads for 5 s get 0.1 s
/// each. It assumes the threads are shared evenly; a test that waits on I/O counts as running.
public struct SwiftTestingTimeline: Sendable {
    /// A test function's start and end, in seconds on one monotonic clock.
    public struct Span: Equatable, Sendable {
        public var start: Double
        public var end: Double
        public init(start: Double, end: Double) { self.start = start; self.end = end }
    }

    /// Test function spans by ``key(suite:name:)`` (suites are not tests and are left out).
    public var spans: [String: Span]

    /// The spans of the test functions in an event stream; lines that are not events of
    /// version 0, or not a test function's start or end, are skipped, and so is a start with
    /// no end (a test still running when the process died) and a span no run file may hold
    /// (an instant that is not finite, an end before its start, more than 30 days).
    public init(eventStream: String) {
        var starts: [String: Double] = [:]
        var spans: [String: Span] = [:]
        for line in eventStream.split(whereSeparator: \.isNewline) {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["kind"] as? String == "event",
                  let payload = object["payload"] as? [String: Any],
                  let kind = payload["kind"] as? String, kind == "testStarted" || kind == "testEnded",
                  let id = payload["testID"] as? String, let key = Self.key(testID: id),
                  let instant = (payload["instant"] as? [String: Any])?["absolute"] as? Double, instant.isFinite
            else { continue }
            if kind == "testStarted" {
                starts[key] = instant
            } else if let start = starts.removeValue(forKey: key), RunFileRules.isValidDuration(instant - start) {
                spans[key] = Span(start: start, end: instant)
            }
        }
        self.spans = spans
    }

    /// A timeline of known spans.
    public init(spans: [String: Span]) { self.spans = spans }

    /// `Module.Suite/name()` for a test function's ID (`Module.Suite/name()/File.swift:7:6`);
    /// `nil` for a suite's (no function part).
    static func key(testID: String) -> String? {
        let parts = testID.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 3, parts.last?.contains(":") == true else { return nil }
        return parts.dropLast().joined(separator: "/")
    }

    /// The key of the test `name` in `suite` (JUnit's classname and name).
    public static func key(suite: String, name: String) -> String { suite + "/" + name }

    /// Every test's share of `threads` threads while it was in flight, in seconds.
    public func ownTimes(threads: Int) -> [String: Double] {
        let threads = Double(max(1, threads))
        var edges: [(time: Double, key: String, starts: Bool)] = []
        for (key, span) in spans {
            edges.append((span.start, key, true))
            edges.append((span.end, key, false))
        }
        edges.sort { $0.time != $1.time ? $0.time < $1.time : (!$0.starts && $1.starts) }  // ends first at a tie
        var inFlight = Set<String>()
        var own = Dictionary(uniqueKeysWithValues: spans.keys.map { ($0, 0.0) })
        var last = edges.first?.time ?? 0
        for edge in edges {
            let interval = edge.time - last
            if interval > 0 && !inFlight.isEmpty {
                let share = interval * min(1, threads / Double(inFlight.count))
                for key in inFlight { own[key, default: 0] += share }
            }
            last = edge.time
            if edge.starts { inFlight.insert(edge.key) } else { inFlight.remove(edge.key) }
        }
        return own
    }
}
