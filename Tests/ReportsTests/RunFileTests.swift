import Foundation
import StepRecords
@testable import Reports
import Testing

/// The run file: statuses, merging shards and reruns, and assembling one from JUnit XML and
/// step logs.
@Suite struct RunFileTests {
    @Test func aTestThatFailedThenPassedIsFlakyNeverPassed() {
        let summary = SampleRuns.mixed.summary
        #expect(summary == { var s = RunReport.Summary(); s.passed = 1; s.skipped = 1; s.flaky = 1; s.failed = 2; return s }())
    }

    @Test func mergingRunsMakesAttemptsAndCopiesFiles() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("merge-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let key = SampleRuns.key("save()")
        let first = RunReport(title: "shard", duration: 3, sources: ["first"], tests: [
            TestReport(key: key, attempts: [Attempt(status: .failed, duration: 1, failures: ["boom"],
                                                    steps: [SampleRuns.step("tap", .failed, screenshot: "files/a/shot.png")])]),
            TestReport(key: SampleRuns.key("only1()"), attempts: [Attempt(status: .passed, duration: 1)]),
        ])
        let second = RunReport(title: "shard", duration: 5, sources: ["second"], tests: [
            TestReport(key: key, attempts: [Attempt(status: .passed, duration: 1)]),
            TestReport(key: SampleRuns.key("only2()"), attempts: [Attempt(status: .skipped, duration: 0)]),
        ])
        try RunFolder.write(first, to: root + "/one")
        try FileManager.default.createDirectory(atPath: root + "/one/files/a", withIntermediateDirectories: true)
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: root + "/one/files/a/shot.png"))
        try RunFolder.write(second, to: root + "/two")

        let merged = try RunFolder.merge([root + "/one", root + "/two"], into: root + "/merged")
        #expect(merged.tests.map(\.key.name) == ["save()", "only1()", "only2()"])
        #expect(merged.tests[0].status == .flaky)
        #expect(merged.tests[0].attempts.map(\.source) == ["first", "second"])
        #expect(merged.duration == 5)
        let shot = try #require(merged.tests[0].attempts[0].steps[0].screenshot)
        #expect(shot == "runs/1/files/a/shot.png")
        #expect(FileManager.default.contents(atPath: root + "/merged/" + shot) == Data([1, 2, 3]))
        #expect(try RunFolder.read(root + "/merged") == merged)
    }

    @Test func assemblingJoinsJUnitOutcomesToStepLogs() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("assemble-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        // The shape `swift test --xunit-output` writes for Swift Testing.
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites>
              <testsuite name="TestResults" errors="0" tests="3" failures="1" skipped="1" time="2.5">
                <testcase classname="AppUITests.Gallery" name="opensLion()" time="1.25">
                  <failure message="Caught error: app.cells[&quot;lion&quot;].tap(): no matches found" />
                </testcase>
                <testcase classname="AppUITests.Gallery" name="counts()" time="0.5" />
                <testcase classname="AppUITests.Gallery" name="later()" time="0"><skipped /></testcase>
              </testsuite>
            </testsuites>
            """
        try FileManager.default.createDirectory(atPath: root + "/recording/tests/lion", withIntermediateDirectories: true)
        try xml.write(toFile: root + "/xunit.xml", atomically: true, encoding: .utf8)
        let key = TestKey(library: "swift-testing", suite: "AppUITests.Gallery", name: "opensLion()")
        try Data([0x89, 0x50]).write(to: URL(fileURLWithPath: root + "/recording/tests/lion/failure-001.png"))
        var log = Data()
        for step in [
            StepRecord(test: key, name: "app.cells[\"lion\"].tap()", kind: "action", start: SampleRuns.start.addingTimeInterval(1),
                       duration: 0.5, outcome: .failed, failure: "no matches found",
                       screenshot: root + "/recording/tests/lion/failure-001.png"),
            StepRecord(test: key, name: "app.launch()", kind: "action", start: SampleRuns.start, duration: 0.1, outcome: .passed),
        ] {
            log.append(try StepLog.encode(step))
            log.append(UInt8(ascii: "\n"))
        }
        log.append(Data("{not json\n".utf8))  // a process killed mid-write
        try log.write(to: URL(fileURLWithPath: root + "/recording/tests/lion/steps.jsonl"))

        let report = try RunAssembler(junitFiles: [root + "/xunit.xml", root + "/missing.xml"], recordingDirectory: root + "/recording")
            .assemble(into: root + "/report")
        #expect(report.tests.map(\.status) == [.failed, .passed, .skipped])
        let lion = report.tests[0]
        #expect(lion.key.library == "swift-testing")
        #expect(lion.attempts[0].steps.map(\.name) == ["app.launch()", "app.cells[\"lion\"].tap()"])
        #expect(lion.attempts[0].failures == ["Caught error: app.cells[\"lion\"].tap(): no matches found"])
        let copied = try #require(lion.attempts[0].steps[1].screenshot)
        #expect(!copied.hasPrefix("/"))
        #expect(FileManager.default.fileExists(atPath: root + "/report/" + copied))
        #expect(report.tests[1].attempts[0].steps.isEmpty)
    }
}

@Suite("A Swift Testing test's duration is the span of its steps")
struct StepSpanDurationTests {
    @Test func theSpanRunsFromTheFirstStepsStartToTheLastStepsEnd() {
        let start = Date(timeIntervalSince1970: 1_000)
        let steps = [
            StepRecord(test: nil, name: "app.launch()", kind: "action", start: start, duration: 0.5, outcome: .passed),
            StepRecord(test: nil, name: "tap", kind: "action", start: start.addingTimeInterval(2), duration: 0.25, outcome: .passed),
        ]
        #expect(RunAssembler.span(of: steps) == 2.25)
        #expect(RunAssembler.span(of: []) == nil)
    }
}
