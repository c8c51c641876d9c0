import Foundation
import StepRecords
import Reports
import Testing

/// XCTest's results read from `swift test`'s console output, and steps logged before the first
/// XCTest case was named attributed to it by time.
@Suite struct XCTestLogTests {
    static let log = """
        Test Suite 'Selected tests' started at 2026-11-23 11:39:48.593
        Test Case 'ToggleTests.testOn' started at 2026-11-23 11:39:48.595
        Test Case 'ToggleTests.testOn' passed (1.250 seconds)
        Test Case 'ToggleTests.testOff' started at 2026-11-23 11:39:49.900
        /work/Tests/ToggleTests.swift:47: error: ToggleTests.testOff : XCTAssertEqual failed: ("1") is not equal to ("0")
        Test Case 'ToggleTests.testOff' failed (0.500 seconds)
        Test Case 'ToggleTests.testLater' started at 2026-11-23 11:39:50.500
        /work/Tests/ToggleTests.swift:60: ToggleTests.testLater : Test skipped - not on Linux
        Test Case 'ToggleTests.testLater' skipped (0.001 seconds)
        """

    @Test func casesOutcomesMessagesAndStarts() throws {
        let cases = XCTestLog.cases(in: Self.log)
        #expect(cases.map(\.name) == ["testOn", "testOff", "testLater"])
        #expect(cases.allSatisfy { $0.classname == "ToggleTests" })
        #expect(cases.map(\.status) == [.passed, .failed, .skipped])
        #expect(cases[0].time == 1.25)
        #expect(cases[1].failures == ["XCTAssertEqual failed: (\"1\") is not equal to (\"0\")\n at /work/Tests/ToggleTests.swift:47"])
        #expect(cases[2].skipped == "not on Linux")
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        #expect(cases[1].started == formatter.date(from: "2026-11-23 11:39:49.900"))
    }

    @Test func stepsLoggedBeforeTheCaseWasNamedAreItsByTime() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("xctest-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/run/tests/unattributed", withIntermediateDirectories: true)
        try Self.log.write(toFile: root + "/output.log", atomically: true, encoding: .utf8)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        let during = try #require(formatter.date(from: "2026-11-23 11:39:49.000"))  // inside testOn
        let between = try #require(formatter.date(from: "2026-11-23 11:39:49.880"))  // no case running
        var log = Data()
        for (name, start) in [("app.switches[\"wifi\"].tap()", during), ("stray", between)] {
            log.append(try StepLog.encode(StepRecord(test: nil, name: name, kind: "action", start: start, duration: 0.1, outcome: .passed)))
            log.append(UInt8(ascii: "\n"))
        }
        try log.write(to: URL(fileURLWithPath: root + "/run/tests/unattributed/steps.jsonl"))
        let report = try RunAssembler(junitFiles: [], xctestLogs: [root + "/output.log"], recordingDirectory: root + "/run")
            .assemble(into: root + "/report")
        #expect(report.tests.map(\.key.name) == ["testOn", "testOff", "testLater", "steps outside tests"])
        #expect(report.tests[0].attempts[0].steps.map(\.name) == ["app.switches[\"wifi\"].tap()"])
        #expect(report.tests[0].key.library == "xctest")
        #expect(report.tests[3].attempts[0].steps.map(\.name) == ["stray"])
    }

    /// Without the test list a case read from the log is `ToggleTests/testOn`, and with steps
    /// that named it `Module.ToggleTests/testOn`: the same test under two names in two passes
    /// or shards (a rerun would not be seen as the same test). With the list, always the
    /// module's.
    @Test func theTestListGivesLogCasesTheirModule() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("xctest-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try Self.log.write(toFile: root + "/output.log", atomically: true, encoding: .utf8)
        let bare = try RunAssembler(junitFiles: [], xctestLogs: [root + "/output.log"], recordingDirectory: nil)
            .assemble(into: root + "/bare")
        #expect(bare.tests.map(\.key.suite) == ["ToggleTests", "ToggleTests", "ToggleTests"])
        var assembler = RunAssembler(junitFiles: [], xctestLogs: [root + "/output.log"], recordingDirectory: nil)
        assembler.testList = ["TogglesUITests.ToggleTests/testOn", "TogglesUITests.ToggleTests/testOff",
                              "TogglesUITests.ToggleTests/testLater", "A.Twice/testX", "B.Twice/testX"]
        let named = try assembler.assemble(into: root + "/named")
        #expect(named.tests.map(\.key.id) == ["TogglesUITests.ToggleTests/testOn", "TogglesUITests.ToggleTests/testOff",
                                              "TogglesUITests.ToggleTests/testLater"])
        #expect(named.tests.allSatisfy { $0.key.library == "xctest" })
        #expect(named.tests.map(\.status) == bare.tests.map(\.status))
    }
}
