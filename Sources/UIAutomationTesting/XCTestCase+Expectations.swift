public import Foundation
import UIAutomation
import LabSupport
import Synchronization
public import XCTest

extension XCTestCase {
    /// An expectation fulfilled once `predicate` holds for `element`, as XCTest's
    /// `expectation(for:evaluatedWith:handler:)` is for an `NSPredicate`. The predicate is
    /// evaluated against the live page by ``waitForExpectations(timeout:handler:file:line:)``.
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
        ElementExpectations.shared.add(.init(expectation: expectation, predicate: predicate, element: element, handler: handler),
                                       to: self)
        return expectation
    }

    /// Waits until every element expectation of this test is fulfilled, polling each
    /// predicate with back-off, or fails the test at the caller's file and line after
    /// `timeout` seconds, naming the unfulfilled expectations and any error met on the way.
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
        let problems = ProblemLog()
        let fulfilled = FulfilledSet()
        let deadline = ContinuousClock.now + .seconds(clamping: timeout)
        let pollers = pending.enumerated().map { index, item in
            Task {
                do {
                    _ = try await poll(until: deadline) {
                        let holds = try await withExpectedFailures { try await item.element.evaluate(item.predicate) }
                        guard holds, item.handler?() ?? true else { return false }
                        fulfilled.insert(index)
                        item.expectation.fulfill()
                        return true
                    }
                } catch {
                    // Stopped at the timeout mid-read: not a problem of the element's.
                    if !Task.isCancelled { problems.append("\(item.element): \(error)") }
                }
            }
        }
        await fulfillment(of: pending.map(\.expectation), timeout: timeout, file: file, line: Int(line))
        pollers.forEach { $0.cancel() }
        for poller in pollers { await poller.value }  // every problem is logged before it is read
        // XCTest reports the timeout; say what each unfulfilled element looked like last, with
        // its tree and screenshot, as the throwing waits do.
        for (index, item) in pending.enumerated() where !fulfilled.contains(index) && !problems.all.contains(where: { $0.hasPrefix("\(item.element): ") }) {
            do {
                try await item.element.expect(item.predicate, timeout: 0)
            } catch {
                XCTFail("\(error)", file: file, line: line)
            }
        }
        for problem in problems.all {
            XCTFail("While waiting for expectations: \(problem)", file: file, line: line)
        }
        handler?(nil)
        return fulfilled.count == pending.count && problems.all.isEmpty
    }
}

/// Errors met while polling, shared by the polling tasks.
private final class ProblemLog: Sendable {
    private let items = Mutex<[String]>([])
    func append(_ problem: String) { items.withLock { $0.append(problem) } }
    var all: [String] { items.withLock { $0 } }
}

/// The indexes of the expectations fulfilled so far, shared by the polling tasks.
private final class FulfilledSet: Sendable {
    private let items = Mutex<Set<Int>>([])
    func insert(_ index: Int) { items.withLock { _ = $0.insert(index) } }
    func contains(_ index: Int) -> Bool { items.withLock { $0.contains(index) } }
    var count: Int { items.withLock { $0.count } }
}

/// The element expectations created by each test case and not yet waited for.
final class ElementExpectations: Sendable {
    struct Item: @unchecked Sendable {
        let expectation: XCTestExpectation
        let predicate: ElementPredicate
        let element: Element
        let handler: (@Sendable () -> Bool)?
    }

    static let shared = ElementExpectations()
    private let pending = Mutex<[ObjectIdentifier: [Item]]>([:])

    func add(_ item: Item, to testCase: XCTestCase) {
        pending.withLock { $0[ObjectIdentifier(testCase), default: []].append(item) }
    }

    func take(from testCase: XCTestCase) -> [Item] {
        pending.withLock { $0.removeValue(forKey: ObjectIdentifier(testCase)) ?? [] }
    }
}
