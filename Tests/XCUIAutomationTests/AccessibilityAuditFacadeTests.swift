import UIAutomation
import XCTest
import XCUIAutomation

/// `performAccessibilityAudit(for:_:)` as XCUITest users write it: the handler runs on the
/// test's thread with each issue (and may read its element), `true` ignores an issue, and what
/// is left fails the test at the audit's line.
final class AccessibilityAuditFacadeTests: FailureCapturingTestCase {
    let app = XCUIApplication(bundleIdentifier: "org.automationlab.fixture.audit")

    func testTheFixturePassesAsItIs() throws {
        app.launch()
        try app.performAccessibilityAudit()
    }

    func testTheHandlerSeesEachIssueWithItsElementAndIgnoresIt() throws {
        app.launchArguments = ["unlabelled", "faint"]
        app.launch()
        var seen: [String] = []
        try app.performAccessibilityAudit(for: [.contrast, .sufficientElementDescription]) { issue in
            seen.append("\(issue.auditType.name) \(issue.element?.identifier ?? "-") \(issue.compactDescription)")
            return true
        }
        XCTAssertEqual(seen.sorted(), ["contrast note Contrast failed", "sufficientElementDescription save Element has no description"])
    }

    func testIssuesNotIgnoredFailAtTheAuditsLine() throws {
        app.launchArguments = ["small"]
        app.launch()
        var line = 0
        let failures = failures {
            line = #line + 1
            try? app.performAccessibilityAudit(for: .all) { $0.auditType == .contrast }
        }
        XCTAssertEqual(failures.count, 1, "\(failures.map(\.description))")
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(failures.first?.description.contains("1 accessibility issue:\n  - [hitRegion] Button \"Save\" #save") == true,
                      "\(failures.map(\.description))")
    }

    func testAnErrorTheHandlerThrowsIsRethrown() {
        struct Stop: Error {}
        app.launchArguments = ["faint"]
        app.launch()
        XCTAssertThrowsError(try app.performAccessibilityAudit { _ in throw Stop() }) { error in
            XCTAssertTrue(error is Stop, "\(error)")
        }
    }
}
