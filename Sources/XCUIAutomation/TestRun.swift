import Foundation
import Synchronization
import UIAutomation
import XCTest

/// What XCUIAutomation knows of the XCTest case running now: whether it may go on after a
/// failure, whether it already stopped, and the apps it launched (terminated when it ends, as
/// XCUITest terminates the target application after each test).
///
/// An `XCTestObservation` added the first time the facade is used; XCTest runs one case at a
/// time per process, so "the case that started last" is the running one.
final class TestRun: NSObject, XCTestObservation, @unchecked Sendable {
    static let shared = TestRun()

    private struct State {
        var registered = false
        var current: ObjectIdentifier?
        var module: String?
        var halted = false
        var launched: [ObjectIdentifier: XCUIApplication] = [:]
        var diagnoses: [@Sendable () -> String?] = []
        var diagnosed: Set<String> = []
        var cleanups: [@Sendable (_ failed: Bool) -> Void] = []
        /// Facade calls made in this test so far.
        var calls = 0
        /// The last `exists` or `waitForExistence` that answered `false`, and the call count then.
        var lastMissing: (finding: MissingElement, call: Int)?
        /// Whether a failure is being explained (its explanation is a failure too).
        var explaining = false
    }

    /// An element a test was told is missing: what explains an assertion on that answer.
    struct MissingElement: Sendable {
        let element: Element
        /// The call as code, e.g. `app.buttons["Save"].waitForExistence(timeout: 5.0)`.
        let call: String
        let site: CallerLine
        let waited: Duration?
    }

    private let state = Mutex(State())

    /// Registers the observer once. `module` is the test target of the call that starts it: an
    /// observer registered in the middle of a process's first test never saw that test start.
    func start(module: String? = nil) {
        let first = state.withLock { state -> Bool in
            defer { state.registered = true }
            if state.module == nil { state.module = module }
            return !state.registered
        }
        if first { XCTestObservationCenter.shared.addTestObserver(self) }
    }

    /// The module of the XCTest case running now, once this observer has seen it start.
    var runningModule: String? { state.withLock { $0.current != nil ? $0.module : nil } }

    // MARK: Stopping after a failure

    /// Whether a failure stopped the running test (its target's ``UITestTargetConfiguration/continueAfterFailure``
    /// is `false`): every later facade call in it returns at once without touching the app.
    var isHalted: Bool { state.withLock { $0.halted } }

    /// Records `error` as an XCTest failure at `file`:`line` (unless the test already stopped),
    /// and stops the test if it does not continue after failures.
    func recordFailure(_ error: any Error, file: StaticString, line: UInt) {
        start()
        let (skip, stops) = state.withLock { state -> (Bool, Bool) in
            if state.halted { return (true, false) }
            let stops = Self.stopsAtFailure(state)
            if stops { state.halted = true }
            return (false, stops)
        }
        guard !skip else { return }
        // XCTest records the failure at `file`:`line` already; the error need not say it again.
        var plain = error as? UIAutomationError
        plain?.callSite = nil
        var message = plain.map(String.init(describing:)) ?? "\(error)"
        if stops { message += "\n(the test target's continueAfterFailure is false: this test's remaining UI calls are skipped)" }
        XCTFail(message, file: file, line: line)
    }

    /// Whether the running test's target stops at its first failure (its `UITestTarget`'s
    /// `continueAfterFailure` is `false`).
    private static func stopsAtFailure(_ state: State) -> Bool {
        state.module.map { !TargetRegistry.continueAfterFailure(module: $0) } ?? false
    }

    // MARK: Answers that an element is missing

    /// Counts a facade call of the running test.
    func noteCall() {
        state.withLock { $0.calls += 1 }
    }

    /// Notes that `finding`'s call answered that its element is missing: if the test's next
    /// failure is an assertion on that answer (at the same line, or before any other UI call),
    /// the failure gets what the query saw — the reason, "did you mean" and the element tree.
    func noteMissing(_ finding: MissingElement) {
        start()
        state.withLock { $0.lastMissing = (finding, $0.calls) }
    }

    /// The explanation of a failure at `file`:`line`, when it follows a `false` answer from
    /// `exists` or `waitForExistence` there or just before.
    private func explanation(ofFailureIn file: String?, at line: Int) -> String? {
        let pending = state.withLock { state -> MissingElement? in
            guard !state.explaining, let (finding, call) = state.lastMissing else { return nil }
            let sameLine = Int(finding.site.line) == line && file.map { "\(finding.site.file)".hasSuffix($0) || $0.hasSuffix("\(finding.site.file)") } ?? true
            guard sameLine || call == state.calls else { return nil }
            state.lastMissing = nil
            return finding
        }
        guard let pending, Blocking.isSafeToBlock else { return nil }
        let diagnosis = try? Blocking.run("\(pending.call) (diagnosis)", limit: .seconds(30)) {
            await pending.element.missingDiagnosis(pending.call, waited: pending.waited, screenshot: false)?.error
        }
        guard var error = diagnosis else { return nil }
        error.callSite = nil
        let site = "\(pending.site.file)".split(separator: "/").last.map(String.init) ?? "\(pending.site.file)"
        return "\(pending.call) answered false at \(site):\(pending.site.line). Now: \(error)"
    }

    // MARK: Launched apps

    func didLaunch(_ app: XCUIApplication) {
        start()
        state.withLock { $0.launched[ObjectIdentifier(app.shared)] = app }
    }

    func didTerminate(_ app: XCUIApplication) {
        state.withLock { _ = $0.launched.removeValue(forKey: ObjectIdentifier(app.shared)) }
    }

    // MARK: Diagnoses of unfulfilled expectations

    /// When XCTest reports a failed wait in this test, says what `element` looked like if
    /// `predicate` still does not hold for it (its state, the tree, "did you mean"): called by
    /// predicate expectations and by every evaluation of a predicate on an element that found
    /// it false. `since` is when the wait began: the explanation gives the whole wait (XCTest
    /// reports it at the line that waited). `fulfilled` skips it once its expectation was met.
    /// Once per element and predicate.
    func diagnoseIfWaitFails(_ predicate: ElementPredicate, _ element: XCUIElement, since: ContinuousClock.Instant = .now,
                             fulfilled: @escaping @Sendable () -> Bool = { false }) {
        guard case .success(.element(let uiElement)) = element.backing else { return }
        start()
        let key = "\(uiElement)|\(predicate)"
        let diagnose: @Sendable () -> String? = {
            if fulfilled() { return nil }
            do {
                try Blocking.run("\(uiElement).expect(\(predicate))", limit: .seconds(60)) {
                    try await uiElement.expect(predicate, timeout: 0)
                }
                return nil
            } catch var error as UIAutomationError {
                // The check just made is instant: name the whole wait and where it was asked for.
                if let waitingFor = error.reason.waitingFor {
                    var explained = UIAutomationError(
                        query: "\(uiElement)", reason: .timedOut(after: .now - since, waitingFor: waitingFor, lastProblem: error.reason.lastProblem),
                        tree: error.tree)
                    explained.suggestions = error.suggestions
                    explained.artifacts = error.artifacts
                    error = explained
                }
                error.callSite = nil
                return "\(error)"
            } catch {
                return "\(error)"
            }
        }
        state.withLock { state in
            guard state.diagnosed.insert(key).inserted else { return }
            state.diagnoses.append(diagnose)
        }
    }

    /// Adds work to do when the running test ends (stopping an expectation's poller, keeping a
    /// failed test's attachments); `failed` says whether it failed.
    func atTestEnd(_ cleanup: @escaping @Sendable (_ failed: Bool) -> Void) {
        start()
        state.withLock { $0.cleanups.append(cleanup) }
    }

    // MARK: XCTestObservation

    func testCaseWillStart(_ testCase: XCTestCase) {
        state.withLock { state in
            state.current = ObjectIdentifier(testCase)
            state.module = String(String(reflecting: type(of: testCase)).prefix { $0 != "." })
            state.halted = false
            state.diagnoses = []
            state.diagnosed = []
            state.calls = 0
            state.lastMissing = nil
        }
    }

    func testCase(_ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?, atLine lineNumber: Int) {
        // Any failure stops a test whose target does not continue after failures, an
        // `XCTAssert` as much as a failed UI call: XCUITest would have ended the test there.
        state.withLock { state in
            if Self.stopsAtFailure(state) { state.halted = true }
        }
        // An assertion on a `false` from `exists` or `waitForExistence` says only "XCTAssertTrue
        // failed": add what the query saw.
        if !description.contains("Asynchronous wait failed") {
            guard let explanation = explanation(ofFailureIn: filePath, at: lineNumber) else { return }
            state.withLock { $0.explaining = true }
            testCase.recordFailure(withDescription: explanation, inFile: filePath ?? "", atLine: lineNumber, expected: true)
            state.withLock { $0.explaining = false }
            return
        }
        // XCTest's own "Asynchronous wait failed … unfulfilled expectations" names only the
        // predicate: add what each element looked like at the end.
        let diagnoses = state.withLock { state in
            defer {
                state.diagnoses = []
                state.diagnosed = []
            }
            return state.diagnoses
        }
        for diagnose in diagnoses {
            if let message = diagnose() {
                testCase.recordFailure(withDescription: message, inFile: filePath ?? "", atLine: lineNumber, expected: true)
            }
        }
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        let (launched, cleanups) = state.withLock { state in
            defer {
                state.launched = [:]
                state.cleanups = []
                state.current = nil
                state.halted = false
                state.diagnoses = []
                state.diagnosed = []
                state.module = nil
                state.calls = 0
                state.lastMissing = nil
            }
            return (Array(state.launched.values), state.cleanups)
        }
        let failed = (testCase.testRun?.totalFailureCount ?? 0) > 0
        for cleanup in cleanups { cleanup(failed) }
        for app in launched { app.terminateAfterTest() }
    }
}
