import Foundation
import Reports
import StepRecords
import Testing

/// The JUnit XML parsed back: counts, Surefire's flaky and rerun elements, attachments, and
/// text that XML cannot carry as it is.
@Suite struct JUnitRendererTests {
    @Test func countsAndElementsMatchTheRun() throws {
        let xml = JUnitRenderer(runFolder: "/runs/one").render(SampleRuns.mixed)
        let document = try JUnitDocument(data: Data(xml.utf8))
        #expect(document.declaredCounts == ["tests": 5, "failures": 2, "errors": 0, "skipped": 1])
        #expect(document.cases.count == 5)
        let byName = Dictionary(uniqueKeysWithValues: document.cases.map { ($0.name, $0) })
        #expect(byName["passes()"]?.status == .passed)
        #expect(byName["skips()"]?.status == .skipped)
        #expect(byName["skips()"]?.skipped == "not on Linux")

        // Flaky: failed once, then passed; counted as passed, the failure kept as flakyFailure.
        let flaky = try #require(byName["flaky()"])
        #expect(flaky.failures.isEmpty)
        #expect(flaky.flakyFailures.count == 1)
        #expect(flaky.flakyFailures[0].contains("no matches found"))
        #expect(flaky.status == .flaky)

        // Failed twice: a failure and a rerunFailure, with the step trail after the message.
        let failed = try #require(byName["failsTwice()"])
        #expect(failed.failures.count == 1)
        #expect(failed.rerunFailures.count == 1)
        #expect(failed.failures[0].hasPrefix("app.buttons[\"Save\"].tap(): no matches found"))
        #expect(failed.failures[0].contains("app.buttons[\"Save\"].tap() — FAILED"))
        #expect(failed.systemOut.contains("[[ATTACHMENT|/runs/one/files/t/failure-001.png]]"))
        #expect(failed.classname == "AppTests.Checkout")
    }

    @Test func textXMLCannotCarryIsReplacedAndMarkupIsEscaped() throws {
        var run = SampleRuns.mixed
        run.tests[0].key.name = "odd <name> & \"quotes\" \u{1B}[31m"
        run.tests[0].attempts[0].failures = ["line one\nline <two>\u{0}"]
        run.tests[0].attempts[0].status = .failed
        let xml = JUnitRenderer(runFolder: "/r").render(run)
        let document = try JUnitDocument(data: Data(xml.utf8))
        #expect(document.cases[0].name == "odd <name> & \"quotes\" \u{FFFD}[31m")
        #expect(document.cases[0].failures[0].hasPrefix("line one\n"))
        #expect(document.cases[0].failures[0].contains("line <two>\u{FFFD}"))
    }
}
