public import Foundation
public import UIAutomation
public import XCTest

/// The toggle helpers with the seed's names and shapes, for XCTest: each one records a
/// failure at the caller's file and line (instead of throwing) and the test carries on, as
/// XCTest assertions do. Each is one step under its own name in the step log and the report
/// (`turnSwitchOn(app.switches["wifi"])`), failed when the helper failed. They wrap `Element`'s throwing helpers (see `Element+Toggles`);
/// the waits use the predicate expectations (`value == "1"`).
///
/// ```swift
/// let wifi = app.switches["toggles.toggle.wifi"]
/// await checkToggleIsOn(wifi)
/// await turnSwitchOff(wifi)
/// await waitForSwitchToBeOff(wifi, timeOut: 5)
/// ```
extension XCTestCase {
    /// Fails the test unless `toggle` is on now (value `"1"`); the message gives its value.
    public func checkToggleIsOn(_ toggle: Element, file: StaticString = #filePath, line: UInt = #line) async {
        await helperStep("checkToggleIsOn(\(toggle))", toggle, .expectation, file, line) { try await toggle.checkToggleIsOn() }
    }

    /// Fails the test unless `toggle` is off now (value `"0"`); the message gives its value.
    public func checkToggleIsOff(_ toggle: Element, file: StaticString = #filePath, line: UInt = #line) async {
        await helperStep("checkToggleIsOff(\(toggle))", toggle, .expectation, file, line) { try await toggle.checkToggleIsOff() }
    }

    /// Waits for the expectation `value == "1"` on `element` for `timeOut` seconds; fails
    /// the test if it is not fulfilled by then. Like `waitForExpectations`, it also waits
    /// for any other expectation this test created and has not waited for.
    public func waitForSwitchToBeOn(_ element: Element, timeOut: TimeInterval, file: StaticString = #filePath, line: UInt = #line) async {
        await helperStep("waitForSwitchToBeOn(\(element), timeOut: \(timeOut))", element, .wait, file, line) {
            expectation(for: ElementPredicate.value == "1", evaluatedWith: element)
            if await !waitForElementExpectations(timeout: timeOut, handler: nil, file: file, line: line) { throw FailedByXCTest() }
        }
    }

    /// Waits for the expectation `value == "0"` on `element` for `timeOut` seconds; fails
    /// the test if it is not fulfilled by then.
    public func waitForSwitchToBeOff(_ element: Element, timeOut: TimeInterval, file: StaticString = #filePath, line: UInt = #line) async {
        await helperStep("waitForSwitchToBeOff(\(element), timeOut: \(timeOut))", element, .wait, file, line) {
            expectation(for: ElementPredicate.value == "0", evaluatedWith: element)
            if await !waitForElementExpectations(timeout: timeOut, handler: nil, file: file, line: line) { throw FailedByXCTest() }
        }
    }

    /// Taps the centre of `toggle`'s inner switch and waits until it is on; fails the test
    /// if it is disabled, already on, or does not turn on (see `Element.turnSwitchOn(timeout:)`).
    public func turnSwitchOn(_ toggle: Element, file: StaticString = #filePath, line: UInt = #line) async {
        await helperStep("turnSwitchOn(\(toggle))", toggle, .action, file, line) { try await toggle.turnSwitchOn() }
    }

    /// Taps the centre of `toggle`'s inner switch and waits until it is off; fails the test
    /// if it is disabled, already off, or does not turn off.
    public func turnSwitchOff(_ toggle: Element, file: StaticString = #filePath, line: UInt = #line) async {
        await helperStep("turnSwitchOff(\(toggle))", toggle, .action, file, line) { try await toggle.turnSwitchOff() }
    }

    /// Makes sure `toggle` is `on` (or off), tapping only if needed; fails the test if it is
    /// disabled or does not reach that state (see `Element.setSwitch(on:timeout:)`).
    public func setSwitch(_ toggle: Element, on: Bool, file: StaticString = #filePath, line: UInt = #line) async {
        await helperStep("setSwitch(\(toggle), on: \(on))", toggle, .action, file, line) { try await toggle.setSwitch(on: on) }
    }

    /// Runs `body` as one step named `name` (the helper call as written; the element's own
    /// steps inside it are not recorded apart); an error becomes a test failure at
    /// `file`:`line`; a failure `body` recorded itself (an unfulfilled expectation) throws
    /// ``FailedByXCTest`` to fail the step.
    private func helperStep(
        _ name: String, _ element: Element, _ kind: StepEvent.Kind, _ file: StaticString, _ line: UInt,
        _ body: () async throws -> Void
    ) async {
        do {
            try await element.app.step(name, kind) { try await body() }
        } catch is FailedByXCTest {
            // Already recorded where it happened.
        } catch {
            XCTFail("\(error)", file: file, line: line)
        }
    }
}

/// Marks a helper's step failed when the helper recorded its failure through XCTest.
private struct FailedByXCTest: Error, CustomStringConvertible {
    var description: String { "failed (see the test's failure at this line)" }
}
