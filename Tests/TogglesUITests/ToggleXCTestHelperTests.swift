import Foundation
import LabTesting
import Synchronization
import TogglesApp
import UIAutomation
import UIAutomationTesting
import XCTest

/// The XCTest flavour of the toggle helpers (`XCTestCase+Toggles`), with the seed's names:
/// they record failures at the caller's line instead of throwing.
final class ToggleXCTestHelperTests: XCTestCase {
    var app: Application!
    /// When set, failures are collected here instead of failing the test.
    private var captured: [(description: String, line: Int)]?

    override func setUp() async throws {
        app = Application(host: LabAppHost(app: TogglesApp()), configuration: .lab)
        try await app.launch()
        try await app.togglesRow.tap()
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

    /// Runs `body` with failures captured; returns them.
    private func capturingFailures(_ body: () async -> Void) async -> [(description: String, line: Int)] {
        captured = []
        await body()
        defer { captured = nil }
        return captured ?? []
    }

    func testEveryHelperWorksOnAToggleInTheRightState() async throws {
        let airplane = app.toggle(Toggles.airplaneMode)
        await checkToggleIsOff(airplane)
        await turnSwitchOn(airplane)
        await checkToggleIsOn(airplane)
        await waitForSwitchToBeOn(airplane, timeOut: 5)
        await turnSwitchOff(airplane)
        await waitForSwitchToBeOff(airplane, timeOut: 5)
        await setSwitch(airplane, on: false)  // already off: nothing to do
        await checkToggleIsOff(airplane)
        await setSwitch(airplane, on: true)
        await checkToggleIsOn(airplane)
        let value = try await airplane.value
        XCTAssertEqual(value, "1")
    }

    func testEachHelperIsOneStepUnderItsOwnNameFailedWhenItFailed() async throws {
        let steps = StepCollector()
        let airplane = app.toggle(Toggles.airplaneMode)
        let failures = await capturingFailures {
            await Recording.withObservers([steps]) {
                await turnSwitchOn(airplane)
                await waitForSwitchToBeOn(airplane, timeOut: 5)
                await checkToggleIsOn(airplane)
                await turnSwitchOn(airplane)  // already on: fails
                await waitForSwitchToBeOff(airplane, timeOut: 0.3)  // stays on: fails
            }
        }
        // The wait's failure is XCTest's timeout plus the element's last state: two records at one line.
        XCTAssertEqual(Set(failures.map(\.line)).count, 2, "\(failures.map(\.line))")
        let name = airplane.description
        XCTAssertEqual(steps.all.map(\.name), [
            "turnSwitchOn(\(name))", "waitForSwitchToBeOn(\(name), timeOut: 5.0)", "checkToggleIsOn(\(name))",
            "turnSwitchOn(\(name))", "waitForSwitchToBeOff(\(name), timeOut: 0.3)",
        ])
        XCTAssertEqual(steps.all.map(\.outcome), [.passed, .passed, .passed, .failed, .failed])
    }

    func testWaitForSwitchToBeOnSeesATapOnTheInnerSwitch() async throws {
        let wifi = app.toggle(Toggles.wifi)
        try await app.innerSwitch(Toggles.wifi).tap()
        await waitForSwitchToBeOff(wifi, timeOut: 5)
        try await app.innerSwitch(Toggles.wifi).tap()
        await waitForSwitchToBeOn(wifi, timeOut: 5)
    }

    func testAFailingCheckRecordsAFailureAtTheCallersLineWithTheValue() async throws {
        let airplane = app.toggle(Toggles.airplaneMode)
        var checkLine = 0
        let failures = await capturingFailures {
            await checkToggleIsOn(airplane); checkLine = #line
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, checkLine)
        XCTAssertTrue(failures.first?.description.contains(#"checkToggleIsOn(): has value "0" where "1" was expected"#) == true,
                      "\(failures)")
    }

    func testTheDisabledToggleRecordsDisabledFailuresAndKeepsItsValue() async throws {
        let hotspot = app.toggle(Toggles.personalHotspot)
        var lines: [Int] = []
        let started = Date()
        let failures = await capturingFailures {
            await setSwitch(hotspot, on: true); lines.append(#line)
            await turnSwitchOn(hotspot); lines.append(#line)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 9.5)  // neither waited out the 10 s action timeout
        XCTAssertEqual(failures.map(\.line), lines)
        for failure in failures {
            XCTAssertTrue(failure.description.contains(#"app.switches["toggles.toggle.personalHotspot"]"#), failure.description)
            XCTAssertTrue(failure.description.contains("is disabled"), failure.description)
        }
        await checkToggleIsOff(hotspot)
    }

    func testAWaitThatTimesOutFailsAtTheCallersLine() async throws {
        let wifi = app.toggle(Toggles.wifi)
        var waitLine = 0
        let started = Date()
        let failures = await capturingFailures {
            await waitForSwitchToBeOff(wifi, timeOut: 0.5); waitLine = #line
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 9)  // its 0.5 s, not the 10 s default
        // XCTest's timeout, then the switch's last value with the tree and screenshot.
        XCTAssertEqual(failures.count, 2, "\(failures)")
        XCTAssertEqual(failures.map(\.line), [waitLine, waitLine])
        XCTAssertTrue(failures.first?.description.contains(#"value == "0""#) == true, "\(failures)")
        XCTAssertTrue(failures.last?.description.contains(#"value "1""#) == true, "\(failures)")
        await checkToggleIsOn(wifi)
    }

    func testTurnSwitchOffOnAnOffToggleFailsAtTheCallersLine() async throws {
        let airplane = app.toggle(Toggles.airplaneMode)
        var line = 0
        let failures = await capturingFailures {
            await turnSwitchOff(airplane); line = #line
        }
        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(failures.first?.description.contains(#"turnSwitchOff(): has value "0" where "1" was expected"#) == true, "\(failures)")
    }
}

/// Collects the steps that finish.
private final class StepCollector: StepObserver {
    private let collected = Mutex<[(name: String, outcome: StepEvent.Outcome)]>([])
    var captures: StepCaptures { [] }
    func stepDidFinish(_ event: StepEvent) -> [String] {
        collected.withLock { $0.append((event.name, event.outcome)) }
        return []
    }
    var all: [(name: String, outcome: StepEvent.Outcome)] { collected.withLock { $0 } }
}
