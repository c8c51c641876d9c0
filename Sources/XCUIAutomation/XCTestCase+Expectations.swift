import Foundation
import Synchronization
import UIAutomation
import XCTest

extension XCTestCase {
    /// An expectation fulfilled once `predicate` holds for `object`, polling from now on; wait
    /// for it with `waitForExpectations(timeout:)`. XCTest's call, for XCUIAutomation's
    /// predicates. When the wait fails, the failure is followed by what the element looked like
    /// at the end (its state, the element tree, "did you mean").
    ///
    /// (Chosen for a predicate made with `NSPredicate(format:)`; one typed as Foundation's
    /// `NSPredicate` goes to XCTest's own method, which evaluates it on the main run loop every
    /// 10 ms while it waits — slower, and just as correct.)
    @discardableResult
    public func expectation(for predicate: XCUIPredicate, evaluatedWith object: Any? = nil,
                            handler: XCTNSPredicateExpectation.Handler? = nil) -> XCTestExpectation {
        let expectation = self.expectation(description: PredicatePoller.description(predicate, object))
        let poller = PredicatePoller(predicate: predicate, object: object)
        poller.handler = handler
        poller.start(fulfilling: expectation)
        return expectation
    }
}

/// Polls one predicate for one object until it holds, then fulfils an expectation: polling
/// starts when the expectation is made (as Apple's XCTest does), with UIAutomation's one waiting
/// loop off the main thread, so the test thread is not blocked by reads while it waits.
final class PredicatePoller: @unchecked Sendable {
    private let predicate: Foundation.NSPredicate
    private let object: Any?
    /// When the expectation was made: its failure names the whole wait.
    private let made = ContinuousClock.now
    private let state = Mutex<(fulfilled: Bool, task: Task<Void, Never>?)>((false, nil))
    private let handlerLock = NSLock()
    private var storedHandler: XCTNSPredicateExpectation.Handler?

    /// How long one expectation polls at most: beyond any wait a test makes.
    private static let ceiling: TimeInterval = 600

    init(predicate: Foundation.NSPredicate, object: Any?) {
        self.predicate = predicate
        self.object = object
    }

    deinit { state.withLock { $0.task?.cancel() } }

    var handler: XCTNSPredicateExpectation.Handler? {
        get { handlerLock.withLock { storedHandler } }
        set { handlerLock.withLock { storedHandler = newValue } }
    }

    static func description(_ predicate: Foundation.NSPredicate, _ object: Any?) -> String {
        "Expect predicate `\(predicate)`" + (object.map { " for object \($0)" } ?? "")
    }

    func start(fulfilling expectation: XCTestExpectation) {
        // A test that stopped at a failure (`continueAfterFailure` false) skips its remaining UI
        // calls: its waits end at once instead of running out their time-outs.
        if TestRun.shared.isHalted { return finish(expectation) }
        guard let check = asyncCheck else {
            // Neither an element nor a query: evaluate on the main run loop, as XCTest does.
            let timer = Timer(timeInterval: 0.05, repeats: true) { [self] timer in
                if predicate.evaluate(with: object), handler?() ?? true {
                    timer.invalidate()
                    finish(expectation)
                }
            }
            RunLoop.main.add(timer, forMode: .default)
            return
        }
        let task = Task.detached { [self] in
            if await check({ self.handlerHolds() }) { finish(expectation) }
        }
        state.withLock { $0.task = task }
        TestRun.shared.atTestEnd { _ in task.cancel() }
        if let elementPredicate, let element = object as? XCUIElement {
            TestRun.shared.diagnoseIfWaitFails(elementPredicate, element, since: made) { [self] in state.withLock { $0.fulfilled } }
        }
    }

    private func finish(_ expectation: XCTestExpectation) {
        let first = state.withLock { state -> Bool in
            defer { state.fulfilled = true }
            return !state.fulfilled
        }
        if first { expectation.fulfill() }
    }

    /// The handler's answer (XCTest calls handlers on the main thread; so does this).
    private func handlerHolds() -> Bool {
        guard let handler else { return true }
        return DispatchQueue.main.sync { handler() }
    }

    private var elementPredicate: ElementPredicate? {
        guard let ours = predicate as? XCUIPredicate, case .success(let parsed) = ours.parsed else { return nil }
        return parsed
    }

    /// Polls until the predicate holds and the handler agrees; `nil` for objects polled the
    /// XCTest way (not an element or a query of XCUIAutomation).
    private var asyncCheck: (@Sendable (@escaping @Sendable () -> Bool) async -> Bool)? {
        guard let elementPredicate else { return nil }
        switch object {
        case let element as XCUIElement:
            guard case .success(.element(let uiElement)) = element.backing else { return nil }
            return { handlerHolds in
                await Self.poll(uiElement.app) { try await uiElement.evaluate(elementPredicate) && handlerHolds() }
            }
        case let query as XCUIElementQuery:
            guard case .success(let uiQuery) = query.query else { return nil }
            return { handlerHolds in
                await Self.poll(uiQuery.app) {
                    let count = try await uiQuery.count
                    return elementPredicate.evaluate(CountSubject(count: count)) && handlerHolds()
                }
            }
        default: return nil
        }
    }

    private static func poll(_ app: Application, _ check: @escaping @Sendable () async throws -> Bool) async -> Bool {
        do {
            return try await withExpectedFailures {
                // A test halted meanwhile ends the wait (see `start(fulfilling:)`).
                try await app.wait(timeout: ceiling) {
                    if TestRun.shared.isHalted { return true }
                    return try await check()
                }
            }
        } catch {
            return false
        }
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
