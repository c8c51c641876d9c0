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
        let app = Application(host: LabAppHost(app: AnimalsApp()))
        app.launchArguments = ["-filters", "stripes"]
        try await app.launch()
        let run = await runFlow(FlowsJourneys.IterateGalleryTests.iterateToEndOfTable(app))
        let expected = Animals.all.filter { $0.tags.contains("stripes") }.map(\.name)
        XCTAssertEqual(run?.state["seen"] as? [String], expected)
        await app.terminate()
    }
}
