import AnimalsApp
import LabTesting
import Testing
import UIFlows
import XCTest

extension FlowsJourneys {
    /// A failing flow is reported at the test's own line, with the path taken.
    @Suite("Flows: reported at the test's line")
    struct ReportingTests {
        @Test func expectFlowRecordsTheFailureAtTheCallersLine() async throws {
            let scenario = SequenceScenario("Doomed", steps: [
                .store(1, key: "x"),
                .action("fail on purpose") { _ in throw UIAutomationError(query: "app.buttons[\"Nope\"]", reason: .noMatch) },
            ])
            let line = #line + 2
            await withKnownIssue {
                let run = await expectFlow(scenario)
                #expect(run == nil)
            } matching: { issue in
                let text = issue.comments.map(\.rawValue).joined()
                return issue.sourceLocation?.line == line && text.contains("failed at step \"2. fail on purpose\"")
                    && text.contains("1. store 1 as \"x\" → success → 2. fail on purpose")
                    && text.contains("app.buttons[\"Nope\"]: no matches found")
            }
        }
    }
}

/// The XCTest flavour: the seed's example run from an XCTestCase.
final class FlowsXCTestCase: XCTestCase {
    func testTheSeedsExampleRunsInXCTest() async throws {
        let app = Application(host: LabAppHost(app: AnimalsApp()), configuration: .lab)
        app.launchArguments = ["-filters", "stripes"]
        try await app.launch()
        let run = await runFlow(FlowsJourneys.IterateGalleryTests.iterateToEndOfTable(app))
        let expected = Animals.all.filter { $0.tags.contains("stripes") }.map(\.name)
        XCTAssertEqual(run?.state["seen"] as? [String], expected)
        await app.terminate()
    }
}

/// XCTest's `runFlow` records a failing flow at the caller's line. The failure is captured
/// (by overriding `recordFailure`) so that this test checks it instead of failing.
final class FlowsXCTestReportingTests: XCTestCase {
    private struct Recorded { let description: String; let line: Int }
    nonisolated(unsafe) private var recorded: [Recorded] = []
    nonisolated(unsafe) private var capturing = false

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if capturing {
            recorded.append(Recorded(description: description, line: lineNumber))
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    func testRunFlowRecordsTheFailureAtTheCallersLineWithThePath() async {
        let scenario = SequenceScenario("Doomed in XCTest", steps: [
            .store("ada", key: "user"),
            .action("fail on purpose") { _ in throw UIAutomationError(query: "app.buttons[\"Nope\"]", reason: .noMatch) },
        ])
        capturing = true
        let line = #line + 1
        let run = await runFlow(scenario)
        capturing = false
        XCTAssertNil(run)
        XCTAssertEqual(recorded.count, 1)
        XCTAssertEqual(recorded.first?.line, line)
        XCTAssertTrue(recorded.first?.description.contains("failed at step \"2. fail on purpose\"") == true)
        XCTAssertTrue(recorded.first?.description.contains("1. store \"ada\" as \"user\" → success → 2. fail on purpose") == true)
    }
}
