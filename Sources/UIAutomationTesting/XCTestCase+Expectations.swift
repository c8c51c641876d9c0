public import Foundation
public import UIAutomation
import Synchronization
public import XCTest

extension XCTestCase {
    /// An expectation fulfilled once `predicate` holds for `element`, as XCTest's
    /// `expectation(for:evaluatedWith:handler:)` is for an `NSPredicate`. The predicate is
    /// evaluated against the live page from now on (Apple's start rule);
    /// wait for it with ``waitForExpectations(timeout:handler:file:line:)``.
    ///
    /// ```swift
    /// let button = app.buttons.matching(identifier: "AnswerA").element
    /// _ = expectation(for: try ElementPredicate(format: "exists == true"), evaluatedWith: button, handler: nil)
    /// await waitForExpectations(timeout: 5, handler: nil)
    /// ```
    /// - Parameters:
    ///   - predicate: the condition to wait for.
    ///   - element: the element it is evaluated with, resolved afresh at every evaluation.
    ///   - handler: called when the predicate holds; return `false` to keep waiting.
    @discardableResult
    public func expectation(
        for predicate: ElementPredicate, evaluatedWith element: Element, handler: (@Sendable () -> Bool)? = nil
    ) -> XCTestExpectation {
        let expectation = XCTestExpectation(description: "Expect predicate `\(predicate)` for \(element)")
        let poller = PredicatePoller(fulfilling: expectation) {
            try await element.evaluate(predicate) && (handler?() ?? true)
        }
        ElementExpectations.shared.add(.init(expectation: expectation, predicate: predicate, element: element, poller: poller),
                                       to: self)
        return expectation
    }

    /// Waits until every element expectation of this test is fulfilled, or fails the test at the
    /// caller's file and line after `timeout` seconds, naming the unfulfilled expectations and
    /// any error met on the way.
    public func waitForExpectations(
        timeout: TimeInterval, handler: (((any Error)?) -> Void)? = nil, file: StaticString = #filePath, line: UInt = #line
    ) async {
        await waitForElementExpectations(timeout: timeout, handler: handler, file: file, line: line)
    }

    /// ``waitForExpectations(timeout:handler:file:line:)``, answering whether every element
    /// expectation was fulfilled (failures are recorded either way).
    @discardableResult
    func waitForElementExpectations(
        timeout: TimeInterval, handler: (((any Error)?) -> Void)?, file: StaticString, line: UInt
    ) async -> Bool {
        let pending = ElementExpectations.shared.take(from: self)
        await fulfillment(of: pending.map(\.expectation), timeout: timeout, file: file, line: Int(line))
        for item in pending { item.poller.cancel() }
        for item in pending { await item.poller.stopped() }  // every problem is known before it is read
        // XCTest reports the timeout; say what each unfulfilled element looked like last, with
        // its tree and screenshot, as the throwing waits do.
        for item in pending where !item.poller.isFulfilled && item.poller.problem == nil {
            do {
                try await item.element.expect(item.predicate, timeout: 0)
            } catch {
                XCTFail("\(error)", file: file, line: line)
            }
        }
        let problems = pending.compactMap { item in item.poller.problem.map { "\(item.element): \($0)" } }
        for problem in problems {
            XCTFail("While waiting for expectations: \(problem)", file: file, line: line)
        }
        handler?(nil)
        return pending.allSatisfy(\.poller.isFulfilled) && problems.isEmpty
    }
}

/// The element expectations created by each test case and not yet waited for.
final class ElementExpectations: Sendable {
    struct Item: @unchecked Sendable {
        let expectation: XCTestExpectation
        let predicate: ElementPredicate
        let element: Element
        let poller: PredicatePoller
    }

    static let shared = ElementExpectations()
    private let pending = Mutex<[ObjectIdentifier: [Item]]>([:])

    /// Keeps `item` until the test waits for it, or until the test ends (a test may wait
    /// with XCTest's own `fulfillment(of:)` instead).
    func add(_ item: Item, to testCase: XCTestCase) {
        let key = ObjectIdentifier(testCase)
        let first = pending.withLock { pending -> Bool in
            defer { pending[key, default: []].append(item) }
            return pending[key] == nil
        }
        if first { XCTestTracker.atTestEnd { [self] in _ = pending.withLock { $0.removeValue(forKey: key) } } }
    }

    func take(from testCase: XCTestCase) -> [Item] {
        pending.withLock { $0.removeValue(forKey: ObjectIdentifier(testCase)) ?? [] }
    }
}
