import Foundation
import XCTest
@testable import XCUIAutomation

/// The idioms people use most, failing: an assertion on a `false` from `waitForExistence` or
/// `exists` is followed by what the query saw (the reason, "did you mean", the element tree),
/// and a timed-out predicate expectation names its whole wait, not the last instant check.
final class FailureExplanationTests: FailureCapturingTestCase {
    let app = XCUIApplication()

    override func setUp() {
        super.setUp()
        app.launch()
    }

    /// XCTest tells its observers of a failure it records for real; a captured one is passed on here.
    private func explanations(of failure: Failure) -> [Failure] {
        failures { TestRun.shared.testCase(self, didFailWithDescription: failure.description, inFile: failure.file, atLine: failure.line) }
    }

    func testAnAssertionOnWaitForExistenceSaysWhatTheQuerySawAndWhatWasMeant() {
        let asserted = failures {
            XCTAssertTrue(app.buttons["Apricott"].waitForExistence(timeout: 0.3))
        }
        XCTAssertEqual(asserted.count, 1, "\(asserted.map(\.description))")
        let explained = explanations(of: asserted[0])
        XCTAssertEqual(explained.count, 1, "\(explained.map(\.description))")
        let text = explained.first?.description ?? ""
        XCTAssertEqual(explained.first?.line, asserted[0].line, "reported at the assertion's line")
        XCTAssertTrue(text.hasPrefix("app.buttons[\"Apricott\"].waitForExistence(timeout: 0.3) answered false at FailureExplanationTests.swift:"), text)
        XCTAssertTrue(text.contains("no matches found"), text)
        XCTAssertTrue(text.contains("its label is \"Apricot\", a near spelling of \"Apricott\""), text)
        XCTAssertTrue(text.contains("Element tree:"), text)
    }

    func testAnAssertionOnExistsIsExplainedOnlyRightAfterTheRead() {
        let asserted = failures { XCTAssert(app.staticTexts["Nothing like this"].exists) }
        XCTAssertEqual(explanations(of: asserted[0]).count, 1, "the read just before the assertion explains it")
        // Another UI call in between: the failure is about something else, nothing is added.
        let later = failures {
            let missing = app.staticTexts["Nothing like this"].exists
            _ = app.buttons["save"].exists
            XCTAssert(missing, "checked later")
        }
        XCTAssertEqual(explanations(of: later[0]).count, 0)
        // A failure that is not about an element at all gets nothing.
        let unrelated = failures { XCTAssertEqual(1, 2) }
        XCTAssertEqual(explanations(of: unrelated[0]).count, 0)
    }

    func testAnElementThatAppearedSinceIsNotExplainedAsMissing() {
        let asserted = failures { XCTAssertTrue(app.buttons["late"].exists) }
        app.buttons["show"].tap()
        XCTAssertTrue(app.buttons["late"].waitForExistence(timeout: 5))
        XCTAssertEqual(explanations(of: asserted[0]).count, 0, "it exists now: there is nothing to explain")
    }

    func testATimedOutPredicateExpectationNamesTheWholeWait() {
        let waited = failures {
            expectation(for: NSPredicate(format: "exists == true"), evaluatedWith: app.buttons["Steven Spielburg"], handler: nil)
            waitForExpectations(timeout: 1, handler: nil)
        }
        XCTAssertEqual(waited.count, 1, "\(waited.map(\.description))")
        let explained = explanations(of: waited[0])
        let text = explained.first?.description ?? ""
        XCTAssertEqual(explained.first?.line, waited[0].line, "at the line that waited")
        XCTAssertFalse(text.contains("TestRun.swift"), text)
        XCTAssertFalse(text.contains(" ms ("), "not the instant of the last check: \(text)")
        let seconds = text.range(of: #"timed out after (\d+(\.\d+)?) s"#, options: .regularExpression).map { String(text[$0]) }
        XCTAssertNotNil(seconds, text)
    }
}
