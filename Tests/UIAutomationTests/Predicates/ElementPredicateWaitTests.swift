import Foundation
import Testing
import UIAutomation

/// Waiting for a predicate on one element (`wait(for:timeout:)`) and evaluating one at once.
@Suite("Element predicate waits")
struct ElementPredicateWaitTests {
    @Test func waitingForAPredicateOnAnElement() async throws {
        try await withApp("/delayed") { (app) async throws in
            try await app.buttons["start"].tap()
            let late = app.buttons["late"]
            #expect(try await late.wait(for: try ElementPredicate(format: "exists == true AND isEnabled == true"), timeout: 10))
            #expect(try await !late.wait(for: .label == "Early", timeout: 0.2))
            #expect(try await late.evaluate(.label == "Late" && .isHittable))
            #expect(try await app.buttons["missing"].evaluate(try ElementPredicate(format: "exists == false")))
        }
    }
}
