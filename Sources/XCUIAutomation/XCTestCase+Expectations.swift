import Foundation
import Synchronization
import UIAutomation
import UIAutomationTesting
public import XCTest

extension XCTestCase {
    /// An expectation fulfilled once `predicate` holds for `object`, polling from now on; wait
    /// for it with `waitForExpectations(timeout:)`. XCTest's call, for XCUIAutomation's
    /// predicates. When the wait fails, the failure is followed by what the element looked like
    /// at the end (its state, the element tree, "did you mean").
    ///
    /// A wrapper of UIAutomationTesting's one predicate poller (its start rule is Apple's:
    /// polling starts when the expectation is made); what it adds is XCUITest's: the objects an
    /// `NSPredicate` is evaluated with, the handler on the main thread, the end of a test that
    /// stopped at a failure, and the diagnosis of a failed wait.
    ///
    /// (Chosen for a predicate made with `NSPredicate(format:)`; one typed as Foundation's
    /// `NSPredicate` goes to XCTest's own method, which evaluates it on the main run loop every
    /// 10 ms while it waits — slower, and just as correct.)
    @discardableResult
    public func expectation(for predicate: XCUIPredicate, evaluatedWith object: Any? = nil,
                            handler: XCTNSPredicateExpectation.Handler? = nil) -> XCTestExpectation {
        let expectation = self.expectation(description: PredicateExpectation.description(predicate, object))
        PredicateExpectation(predicate: predicate, object: object, handler: handler).start(fulfilling: expectation)
        return expectation
    }
}

/// What XCUITest's `expectation(for:evaluatedWith:handler:)` polls: the condition for one
/// predicate and one object, given to UIAutomationTesting's `PredicatePoller`.
struct PredicateExpectation: @unchecked Sendable {
    let predicate: XCUIPredicate
    /// An `XCUIElement`, an `XCUIElementQuery`, or anything `NSPredicate` evaluates (read on the
    /// main thread only).
    let object: Any?
    let handler: XCTNSPredicateExpectation.Handler?

    static func description(_ predicate: Foundation.NSPredicate, _ object: Any?) -> String {
        "Expect predicate `\(predicate)`" + (object.map { " for object \($0)" } ?? "")
    }

    func start(fulfilling expectation: XCTestExpectation) {
        let made = ContinuousClock.now
        // A test that stopped at a failure (`continueAfterFailure` false) skips its remaining UI
        // calls: its waits end at once instead of running out their time-outs.
        let poller = PredicatePoller(fulfilling: expectation) {
            if TestRun.shared.isHalted { return true }
            return try await condition()
        }
        if case .success(let elementPredicate) = predicate.parsed, let element = object as? XCUIElement {
            TestRun.shared.diagnoseIfWaitFails(elementPredicate, element, since: made) { poller.isFulfilled }
        }
    }

    /// Whether the predicate holds for the object and the handler agrees: against the live page
    /// for an element or a query of XCUIAutomation, else on the main thread, as XCTest evaluates.
    private func condition() async throws -> Bool {
        guard case .success(let elementPredicate) = predicate.parsed else { return onMainThread { evaluatedHere() } }
        switch object {
        case let element as XCUIElement:
            guard case .success(.element(let uiElement)) = element.backing else { return onMainThread { evaluatedHere() } }
            return try await uiElement.evaluate(elementPredicate) && handlerHolds()
        case let query as XCUIElementQuery:
            guard case .success(let uiQuery) = query.query else { return onMainThread { evaluatedHere() } }
            return try await elementPredicate.evaluate(CountSubject(count: uiQuery.count)) && handlerHolds()
        default:
            return onMainThread { evaluatedHere() }
        }
    }

    /// `NSPredicate`'s own evaluation, then the handler (on the main thread).
    private func evaluatedHere() -> Bool {
        predicate.evaluate(with: object) && (handler?() ?? true)
    }

    /// The handler's answer (XCTest calls handlers on the main thread; so does this).
    private func handlerHolds() -> Bool {
        guard let handler else { return true }
        return onMainThread(handler)
    }

    private func onMainThread(_ body: () -> Bool) -> Bool {
        Thread.isMainThread ? body() : DispatchQueue.main.sync(execute: body)
    }
}

/// A query's count as predicate keys (`count`, `exists`).
struct CountSubject: PredicateEvaluable {
    let count: Int
    func predicateValue(forKey key: String) -> PredicateValue? {
        switch key {
        case "count": return .number(Double(count))
        case "exists": return .bool(count > 0)
        default: return nil
        }
    }
}
