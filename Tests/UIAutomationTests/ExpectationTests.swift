import Foundation
import UIAutomation
import UIAutomationTesting
import XCTest

/// XCTest-style waiting, as XCUITest users write it.
final class ExpectationTests: XCTestCase {
    var app: Application!
    /// When set, failures are collected here instead of failing the test.
    private var captured: [(description: String, line: Int)]?

    override func setUp() async throws {
        app = Application(host: try await FixtureHost.page("/delayed"))
        try await app.launch()
    }

    override func tearDown() async throws {
        await app.terminate()
    }

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if captured != nil {
            captured?.append((description, lineNumber))
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    func testPredicateExpectationsAreFulfilledWhenTheElementAppears() async throws {
        try await app.buttons["start"].tap()
        let late = app.buttons.matching(identifier: "late").element
        let predicate = try ElementPredicate(format: "exists == true")
        _ = expectation(for: predicate, evaluatedWith: late, handler: nil)
        _ = expectation(for: try ElementPredicate(format: "exists == false"), evaluatedWith: app.staticTexts["goes-away"], handler: nil)
        await waitForExpectations(timeout: 10, handler: nil)
        let exists = try await late.exists
        XCTAssertTrue(exists)
    }

    func testAnExpectationPollsFromItsCreationAsApplesDoes() async throws {
        // "goes-away" exists now and is removed 2.5 s after Start. Polled from its creation, the
        // expectation is fulfilled before the element goes, though the wait begins only after,
        // with XCTest's own wait and a timeout too short to poll in.
        let seen = expectation(for: try ElementPredicate(format: "exists == true"), evaluatedWith: app.staticTexts["goes-away"])
        try await app.buttons["start"].tap()
        let gone = try await app.staticTexts["goes-away"].waitForNonExistence(timeout: 10)
        XCTAssertTrue(gone)
        await fulfillment(of: [seen], timeout: 0.01)
    }

    func testUnfulfilledExpectationFailsAtTheCallersLineWithinTheTimeout() async throws {
        _ = expectation(for: try ElementPredicate(format: "exists == true"), evaluatedWith: app.buttons["never-there"])
        let started = Date()
        captured = []
        await waitForExpectations(timeout: 0.5); let waitLine = #line
        let failures = captured ?? []
        captured = nil
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
        // XCTest's own timeout, then what the element looked like last, with its artifacts.
        XCTAssertEqual(failures.count, 2, "\(failures)")
        XCTAssertTrue(failures.first?.description.contains("never-there") == true, "\(failures)")
        XCTAssertEqual(failures.map(\.line), [waitLine, waitLine])
        let detail = failures.last?.description ?? ""
        XCTAssertTrue(detail.contains("app.buttons[\"never-there\"].expect(exists == true)"), detail)
        XCTAssertTrue(detail.contains("(last: no element)"), detail)
        XCTAssertTrue(detail.contains("Saved: ") && detail.contains(".png"), detail)
    }

    func testAnUnfulfilledValueExpectationReportsTheLastValue() async throws {
        let title = app.staticTexts["goes-away"]
        _ = expectation(for: ElementPredicate.label == "Something else", evaluatedWith: title)
        captured = []
        await waitForExpectations(timeout: 0.3)
        let failures = captured ?? []
        captured = nil
        let label = try await title.label
        XCTAssertEqual(failures.count, 2, "\(failures)")
        XCTAssertTrue(failures.last?.description.contains("(last: label \"\(label)\"") == true, "\(failures)")
    }
}
