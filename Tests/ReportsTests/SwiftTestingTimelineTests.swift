import Foundation
import Reports
import Testing

/// Swift Testing durations from its event stream: a test's share of the threads while it was
/// in flight, not the time it waited in the library's queue.
@Suite("Swift Testing's own times")
struct SwiftTestingTimelineTests {
    /// One event line as the library writes it (version 0).
    private static func event(_ kind: String, _ id: String, at seconds: Double) -> String {
        #"{"kind":"event","payload":{"instant":{"absolute":\#(seconds),"since1970":1795886358.8},"kind":"\#(kind)","messages":[],"testID":"\#(id)"},"version":0}"#
    }

    @Test func testsAloneKeepTheirWholeTime() {
        let timeline = SwiftTestingTimeline(spans: ["S/a()": .init(start: 0, end: 3), "S/b()": .init(start: 5, end: 6)])
        #expect(timeline.ownTimes(threads: 2) == ["S/a()": 3, "S/b()": 1])
    }

    @Test func testsInFlightTogetherShareTheThreads() {
        // Four tests in flight for 4 s on two threads get 2 s each; then `d` runs alone for 1 s.
        let spans = ["a", "b", "c"].reduce(into: [String: SwiftTestingTimeline.Span]()) { $0["S/\($1)()"] = .init(start: 0, end: 4) }
            .merging(["S/d()": .init(start: 0, end: 5)]) { $1 }
        let own = SwiftTestingTimeline(spans: spans).ownTimes(threads: 2)
        #expect(own["S/a()"] == 2 && own["S/b()"] == 2 && own["S/c()"] == 2)
        #expect(own["S/d()"] == 3)
        // Two tests on two threads: nobody waits.
        let pair = SwiftTestingTimeline(spans: ["S/a()": .init(start: 0, end: 4), "S/b()": .init(start: 1, end: 2)])
        #expect(pair.ownTimes(threads: 2) == ["S/a()": 4, "S/b()": 1])
        #expect(pair.ownTimes(threads: 1) == ["S/a()": 3.5, "S/b()": 0.5])
    }

    @Test func theStreamGivesTestFunctionsNotSuitesAndSkipsWhatItCannotRead() {
        let stream = [
            #"{"kind":"test","payload":{"id":"M.Suite","kind":"suite"},"version":0}"#,
            Self.event("testStarted", "M.Suite", at: 10),
            Self.event("testStarted", "M.Suite/first()/File.swift:7:6", at: 10),
            Self.event("testStarted", "M.Suite/cased(value:)/File.swift:9:6", at: 10.5),
            "{not json",
            Self.event("testCaseStarted", "M.Suite/cased(value:)/File.swift:9:6", at: 10.6),
            Self.event("testEnded", "M.Suite/first()/File.swift:7:6", at: 11),
            Self.event("testEnded", "M.Suite/cased(value:)/File.swift:9:6", at: 12.5),
            Self.event("testStarted", "M.Suite/neverEnded()/File.swift:11:6", at: 12),
            Self.event("testStarted", "M.Suite/backwards()/File.swift:13:6", at: 12),
            Self.event("testEnded", "M.Suite/backwards()/File.swift:13:6", at: 11),
            Self.event("testStarted", "M.Suite/forever()/File.swift:15:6", at: 0),
            Self.event("testEnded", "M.Suite/forever()/File.swift:15:6", at: 1e300),
            Self.event("testEnded", "M.Suite", at: 13),
        ].joined(separator: "\n")
        let timeline = SwiftTestingTimeline(eventStream: stream)
        #expect(timeline.spans == ["M.Suite/first()": .init(start: 10, end: 11), "M.Suite/cased(value:)": .init(start: 10.5, end: 12.5)])
    }

    @Test func aReportTakesTheOwnTimeForATestWithoutSteps() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        // As in a real run: Swift Testing says 5.2 s for tests that ran in a burst with 98 others.
        var lines: [String] = []
        for index in 0..<100 {
            lines.append(Self.event("testStarted", "M.Unit/test\(index)()/Unit.swift:\(index):6", at: 0))
            lines.append(Self.event("testEnded", "M.Unit/test\(index)()/Unit.swift:\(index):6", at: 5.2))
        }
        try lines.joined(separator: "\n").write(toFile: root + "/events.jsonl", atomically: true, encoding: .utf8)
        let cases = (0..<100).map { #"<testcase classname="M.Unit" name="test\#($0)()" time="5.2" />"# }.joined(separator: "\n")
        try #"<?xml version="1.0" encoding="UTF-8"?><testsuites><testsuite name="TestResults" tests="100">\#(cases)</testsuite></testsuites>"#
            .write(toFile: root + "/xunit-swift-testing.xml", atomically: true, encoding: .utf8)
        var assembler = RunAssembler(junitFiles: [root + "/xunit-swift-testing.xml"], recordingDirectory: nil)
        let before = try assembler.assemble(into: root + "/before")
        #expect(before.tests.allSatisfy { abs($0.duration - 5.2) < 1e-9 }, "without the stream: the library's time")
        assembler.swiftTestingEvents = [root + "/events.jsonl"]
        assembler.threads = 2
        let after = try assembler.assemble(into: root + "/after")
        #expect(after.tests.count == 100)
        #expect(after.tests.allSatisfy { abs($0.duration - 0.104) < 1e-9 }, "\(after.tests.map(\.duration).prefix(3))")
    }
}
