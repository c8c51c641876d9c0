import Foundation
import UIAutomation
import XCTest
@testable import XCUIAutomation

/// What XCUIAutomation promises beyond XCUITest's names: failures at the caller's line with
/// UIAutomation's message, a call that cannot block refused instead of deadlocking, predicates
/// and expectations as XCTest has them, two apps in one test.
final class FacadeBehaviourTests: FailureCapturingTestCase {
    let app = XCUIApplication()

    override func setUp() {
        super.setUp()
        app.launch()
    }

    func testAFailedActionIsRecordedAtTheCallersLineWithTheQueryAndTheTree() {
        var line = 0
        let failures = failures {
            app.buttons["missing"].tap(); line = #line
        }
        XCTAssertEqual(failures.count, 1, "\(failures.map(\.description))")
        let failure = failures[0]
        XCTAssertEqual(failure.line, line)
        XCTAssertTrue(failure.file.hasSuffix("FacadeBehaviourTests.swift"), failure.file)
        XCTAssertTrue(failure.description.contains("app.buttons[\"missing\"].tap(): no matches found"), failure.description)
        XCTAssertTrue(failure.description.contains("Element tree:"), failure.description)
    }

    func testAFailedReadIsRecordedWhereItsQueryWasWritten() {
        var line = 0
        let failures = failures {
            let missing = app.staticTexts.matching(identifier: "nowhere").element; line = #line
            XCTAssertEqual(missing.label, "")
        }
        let recorded = failures.filter { $0.description.contains("nowhere") }
        XCTAssertEqual(recorded.count, 1, "\(failures.map(\.description))")
        XCTAssertEqual(recorded.first?.line, line)
    }

    func testReadsAndWaits() {
        XCTAssertTrue(app.buttons["save"].exists)
        XCTAssertFalse(app.buttons["missing"].exists)
        XCTAssertEqual(app.buttons["save"].label, "Save")
        XCTAssertEqual(app.staticTexts["title"].label, "Controls")
        XCTAssertEqual(app.textFields["name"].placeholderValue, "Your name")
        XCTAssertEqual(app.buttons.matching(NSPredicate(format: "label BEGINSWITH 'Ap'")).count, 2)
        XCTAssertEqual(app.buttons.matching(NSPredicate(format: "label BEGINSWITH %@", "Ban")).count, 1)
        XCTAssertEqual(app.buttons.matching(NSPredicate(format: "identifier IN %@", ["apple", "banana"])).count, 2)
        XCTAssertEqual(app.buttons.element(matching: NSPredicate(format: "label == %@", "Apricot")).identifier, "apricot")
        XCTAssertEqual(app.buttons.element(boundBy: 0).identifier, "save")
        XCTAssertEqual(app.buttons.firstMatch.identifier, "save")
        XCTAssertTrue(app.buttons.containing(.any, identifier: nil).count >= 0)
        XCTAssertEqual(app.descendants(matching: .button).matching(identifier: "banana").element.label, "Banana")
        XCTAssertTrue(app.buttons["save"].isHittable)
        XCTAssertTrue(app.buttons["save"].isEnabled)
        XCTAssertGreaterThan(app.buttons["save"].frame.width, 0)
        XCTAssertEqual(app.buttons["save"].elementType, .button)
        XCTAssertFalse(app.buttons["late"].exists)
        app.buttons["show"].tap()
        XCTAssertTrue(app.buttons["late"].waitForExistence(timeout: 5))
        XCTAssertTrue(app.buttons["missing"].waitForNonExistence(timeout: 1))
        XCTAssertFalse(app.buttons["save"].waitForNonExistence(timeout: 0.3))
        XCTAssertTrue(app.staticTexts["log"].wait(for: \.label, toEqual: "none", timeout: 1))
        app.buttons["save"].tap()
        XCTAssertTrue(app.staticTexts["log"].wait(for: \.label, toEqual: "saved", timeout: 5))
        XCTAssertEqual(app.state, .runningForeground)
    }

    func testSnapshotsAndDescriptions() throws {
        let snapshot = try app.buttons["save"].snapshot()
        XCTAssertEqual(snapshot.label, "Save")
        XCTAssertEqual(snapshot.elementType, .button)
        XCTAssertEqual(snapshot.dictionaryRepresentation[.identifier] as? String, "save")
        let whole = try app.snapshot()
        XCTAssertEqual(whole.elementType, .application)
        XCTAssertFalse(whole.children.isEmpty)
        XCTAssertTrue(app.debugDescription.contains("identifier: 'save'"), app.debugDescription)
        XCTAssertTrue(app.buttons["save"].debugDescription.contains("Button"))
        XCTAssertEqual(app.buttons["save"].description, "app.buttons[\"save\"]")
        XCTAssertThrowsError(try app.buttons["missing"].snapshot())
    }

    func testPredicateExpectationsAndWaiters() {
        let late = app.buttons["late"]
        app.buttons["show"].tap()
        expectation(for: NSPredicate(format: "exists == true"), evaluatedWith: late, handler: nil)
        expectation(for: NSPredicate(format: "count == 3"), evaluatedWith: app.buttons.matching(NSPredicate(format: "label BEGINSWITH 'A' OR label == 'Banana'")))
        waitForExpectations(timeout: 5, handler: nil)

        let saved = XCTNSPredicateExpectation(predicate: NSPredicate(format: "label == 'saved'"), object: app.staticTexts["log"])
        app.buttons["save"].tap()
        XCTAssertEqual(XCTWaiter().wait(for: [saved], timeout: 5), .completed)

        let never = XCTNSPredicateExpectation(predicate: NSPredicate(format: "exists == true"), object: app.buttons["never"])
        XCTAssertEqual(XCTWaiter().wait(for: [never], timeout: 0.5), .timedOut)
    }

    func testAnExpectationHandlerCanUseTheApp() {
        final class Seen: @unchecked Sendable { var theApp = false }  // written on the main thread only
        let seen = Seen()
        expectation(for: NSPredicate(format: "exists == true"), evaluatedWith: app.buttons["save"]) { [app] in
            seen.theApp = Thread.isMainThread && app.buttons["apple"].exists && app.staticTexts["title"].label == "Controls"
            return true
        }
        waitForExpectations(timeout: 5, handler: nil)
        XCTAssertTrue(seen.theApp, "the handler ran on the main thread and could use the app")
    }

    func testAPredicateExpectationOnADictionaryIsEvaluatedOnTheMainThread() {
        final class Seen: @unchecked Sendable { var onMainThread = false }  // written on the main thread only
        let seen = Seen()
        expectation(for: NSPredicate(format: "count == 3 AND label BEGINSWITH 'A'"), evaluatedWith: ["count": 3, "label": "Apple"]) {
            seen.onMainThread = Thread.isMainThread
            return true
        }
        waitForExpectations(timeout: 5, handler: nil)
        XCTAssertTrue(seen.onMainThread, "the handler ran on the main thread")

        let waited = failures {
            expectation(for: NSPredicate(format: "count == 4"), evaluatedWith: ["count": 3], handler: nil)
            waitForExpectations(timeout: 0.3, handler: nil)
        }
        XCTAssertEqual(waited.count, 1, "\(waited.map(\.description))")
        XCTAssertTrue(waited.first?.description.contains("Asynchronous wait failed") == true, "\(waited.map(\.description))")
    }

    func testAFailedWaitSaysWhatTheElementLookedLike() {
        let waited = failures {
            expectation(for: NSPredicate(format: "label == 'Never'"), evaluatedWith: app.buttons["save"], handler: nil)
            waitForExpectations(timeout: 0.5, handler: nil)
        }
        XCTAssertEqual(waited.count, 1, "\(waited.map(\.description))")
        let timeout = waited[0]
        XCTAssertTrue(timeout.description.contains("Asynchronous wait failed"), timeout.description)
        // XCTest tells its observers of a failure it records for real; a captured one is passed on here.
        let diagnosed = failures {
            TestRun.shared.testCase(self, didFailWithDescription: timeout.description, inFile: timeout.file, atLine: timeout.line)
        }
        XCTAssertEqual(diagnosed.count, 1, "\(diagnosed.map(\.description))")
        XCTAssertEqual(diagnosed.first?.line, timeout.line)
        XCTAssertTrue(diagnosed.first?.description.contains("app.buttons[\"save\"]") == true, "\(diagnosed.map(\.description))")
        XCTAssertTrue(diagnosed.first?.description.contains("(last: label \"Save\"") == true, "\(diagnosed.map(\.description))")
        XCTAssertTrue(diagnosed.first?.description.contains("Element tree:") == true, "\(diagnosed.map(\.description))")
    }

    func testAPredicateThatDoesNotParseFailsAtItsQuery() {
        var line = 0
        let failures = failures {
            let query = app.buttons.matching(NSPredicate(format: "label ==")); line = #line
            XCTAssertEqual(query.count, 0)
        }
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(failures.first?.description.contains("NSPredicate(format: \"label ==\")") == true, "\(failures.map(\.description))")
    }

    func testPredicatesEvaluateDictionariesAndCompoundPredicates() {
        XCTAssertTrue(NSPredicate(format: "name BEGINSWITH 'A' AND age > 3").evaluate(with: ["name": "Ada", "age": 36]))
        XCTAssertFalse(NSPredicate(format: "name == %@", "Bob").evaluate(with: ["name": "Ada"]))
        let both = NSCompoundPredicate(andPredicateWithSubpredicates: [
            NSPredicate(format: "exists == true"), NSPredicate(format: "label == 'Save'"),
        ])
        XCTAssertTrue(both.evaluate(with: app.buttons["save"]))
        XCTAssertFalse(both.evaluate(with: app.buttons["apple"]))
    }

    func testACallFromASwiftConcurrencyTaskIsRefusedNotDeadlocked() {
        let done = expectation(description: "the task's call came back")
        let app = self.app
        var answer: Bool?
        let failures = failures {
            Task.detached {
                answer = app.buttons["save"].exists
                done.fulfill()
            }
            wait(for: [done], timeout: 10)
        }
        XCTAssertEqual(answer, false)
        XCTAssertTrue(failures.contains { $0.description.contains("inside a Swift concurrency task") }, "\(failures.map(\.description))")
    }

    func testTwoAppsInOneTest() {
        let second = XCUIApplication(bundleIdentifier: "org.automationlab.fixture.second")
        second.launch()
        XCTAssertEqual(second.staticTexts["second-title"].label, "Second app")
        XCTAssertTrue(app.buttons["save"].exists)
        XCTAssertFalse(second.buttons["save"].exists)
        XCTAssertTrue(XCUIApplication().buttons["save"].exists, "another XCUIApplication() is the same running app")
        second.terminate()
        XCTAssertEqual(second.state, .notRunning)
    }

    func testAnUnknownBundleIdentifierAndAHomeButtonSayWhy() {
        let failures = failures {
            XCUIApplication(bundleIdentifier: "com.example.nowhere").launch()
            XCUIDevice.shared.press(.home)
        }
        XCTAssertEqual(failures.count, 2, "\(failures.map(\.description))")
        XCTAssertTrue(failures[0].description.contains("no application with this bundle identifier"), failures[0].description)
        XCTAssertTrue(failures[1].description.contains("not supported on the web"), failures[1].description)
    }

    func testTerminateAndRelaunch() {
        app.terminate()
        XCTAssertEqual(app.state, .notRunning)
        XCTAssertTrue(app.wait(for: .notRunning, timeout: 1))
        app.activate()
        XCTAssertEqual(app.state, .runningForeground)
        XCTAssertTrue(app.buttons["save"].exists)
    }
}
