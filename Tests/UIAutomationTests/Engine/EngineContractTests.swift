import Foundation
import Testing

import UIAutomation

/// Resolution, actionability loops, waits and the one deadline per call, on the mock engine:
/// the logic above the engine, without a browser.
@Suite("Above the engine")
struct EngineContractTests {
    private let save = MockElement(type: .button, identifier: "save", label: "Save")

    @Test func aTapResolvesTheElementAndTapsWhereTheEngineSaysThenWaitsForIdle() async throws {
        let engine = MockPageEngine(tree: MockElement.page([save]), actionability: { _, node in
            Actionability(state: node == NodeHandle(1) ? .ok : .detached, x: 30, y: 40)
        })
        let app = Application.mocked(engine)
        try await app.launch()
        try await app.buttons["save"].tap()
        // (Opening waits for idle inside the engine's `open`.)
        #expect(engine.calls == [.open("mock://page"), .tap(x: 30, y: 40, count: 1), .waitForIdle])
    }

    @Test func aCoveredElementIsCheckedAgainUntilItIsFree() async throws {
        let engine = MockPageEngine(tree: MockElement.page([save]), actionability: { check, _ in
            check < 3 ? Actionability(state: .covered, x: 30, y: 40, by: "div.toast") : Actionability(state: .ok, x: 30, y: 40)
        })
        let app = Application.mocked(engine)
        try await app.launch()
        try await app.buttons["save"].tap()
        #expect(engine.checks == 4)
        #expect(engine.calls.filter { if case .tap = $0 { true } else { false } }.count == 1)
    }

    @Test func anElementStillCoveredAtTheDeadlineFailsNamingWhatCoversIt() async throws {
        let engine = MockPageEngine(tree: MockElement.page([save]), actionability: { _, _ in
            Actionability(state: .covered, x: 30, y: 40, by: "div#overlay")
        })
        let app = Application.mocked(engine) { $0.actionTimeout = .milliseconds(300) }
        try await app.launch()
        let error = try await #require(throws: UIAutomationError.self) { try await app.buttons["save"].tap() }
        #expect(error.reason == .notHittable(coveredBy: "div#overlay"))
        #expect(!engine.calls.contains { if case .tap = $0 { true } else { false } })
    }

    @Test func aDisabledElementIsNeverTapped() async throws {
        var disabled = save
        disabled.isEnabled = false
        let engine = MockPageEngine(tree: MockElement.page([disabled]))
        let app = Application.mocked(engine) { $0.actionTimeout = .milliseconds(200) }
        try await app.launch()
        let error = try await #require(throws: UIAutomationError.self) { try await app.buttons["save"].tap() }
        #expect(error.reason == .disabled)
        #expect(engine.checks == 0)
    }

    @Test func twoMatchesForATapAreAnAmbiguityNotAGuess() async throws {
        let engine = MockPageEngine(tree: MockElement.page([
            MockElement(type: .button, label: "OK"), MockElement(type: .button, label: "OK"),
        ]))
        let app = Application.mocked(engine) { $0.actionTimeout = .milliseconds(200) }
        try await app.launch()
        let error = try await #require(throws: UIAutomationError.self) { try await app.buttons["OK"].tap() }
        guard error.reason.kind == .multipleMatches, case let matches = error.reason.matches else {
            Issue.record("wrong reason: \(error.reason)")
            return
        }
        #expect(matches.count == 2)
        #expect(!engine.calls.contains { if case .tap = $0 { true } else { false } })
    }

    @Test func aWaitSeesAnElementThatAppearsOnALaterRead() async throws {
        let later = MockElement.page([save])
        let engine = MockPageEngine(tree: MockElement.page([]), treeForRead: { read, current in read >= 3 ? later : current })
        let app = Application.mocked(engine)
        try await app.launch()
        #expect(try await !app.buttons["save"].exists)
        #expect(try await app.buttons["save"].waitForExistence(timeout: 5))
        #expect(engine.reads >= 4)
    }

    @Test func theIdleWaitAfterAnActionGetsTheActionsDeadlineNotAFreshBudget() async throws {
        let engine = MockPageEngine(tree: MockElement.page([save]))
        let app = Application.mocked(engine) {
            $0.actionTimeout = .seconds(2)
            $0.idleTimeout = .seconds(60)
        }
        try await app.launch()
        let started = ContinuousClock.now
        try await app.buttons["save"].tap()
        let deadline = try #require(engine.idleDeadlines.last)
        // The call's deadline (2 s after it started), not 60 s from the idle wait's start.
        #expect(deadline - started < .seconds(3))
    }

    @Test func anIdleWaitThatRunsPastTheActionsBudgetFailsAtTheOriginalDeadline() async throws {
        // The tap's idle wait would take 30 s.
        let engine = MockPageEngine(tree: MockElement.page([save]), idleTime: { _ in .seconds(30) })
        let app = Application.mocked(engine) {
            $0.actionTimeout = .milliseconds(400)
            $0.idleTimeout = .seconds(60)
            $0.launchTimeout = .seconds(60)
        }
        try await app.launch()
        let started = ContinuousClock.now
        let error = try await #require(throws: UIAutomationError.self) { try await app.buttons["save"].tap() }
        guard error.reason.kind == .timedOut else {
            Issue.record("wrong reason: \(error.reason)")
            return
        }
        let deadline = try #require(engine.idleDeadlines.last)
        #expect(deadline - started < .seconds(1))  // 400 ms after the call started, not 60 s after the idle wait's
    }

    @Test func aToggleHelperGivesItsPhasesOneDeadline() async throws {
        // The switch appears on the second read and never turns on (its tap does nothing). With a
        // budget per phase, each phase would wait its own 3 s; with one deadline the call fails
        // 3 s after it started, having gone through every phase. (3 s, not less: on a loaded
        // machine the first reads alone took over 0.5 s.)
        let wifi = MockElement.page([MockElement(type: .switch, identifier: "wifi", label: "Wi-Fi", value: "0")])
        let engine = MockPageEngine(tree: MockElement.page([]), treeForRead: { read, current in read >= 2 ? wifi : current })
        let app = Application.mocked(engine) {
            $0.actionTimeout = .seconds(60)
            $0.idleTimeout = .seconds(60)
        }
        try await app.launch()
        let started = ContinuousClock.now
        let error = try await #require(throws: UIAutomationError.self) {
            try await app.switches["wifi"].setSwitch(on: true, timeout: 3)
        }
        guard let waitingFor = error.reason.waitingFor else {
            Issue.record("expected a timeout, got \(error.reason)")
            return
        }
        #expect(waitingFor.hasPrefix("the switch to be on"))
        #expect(error.phases == ["resolve", "actionability", "input", "wait for idle", "wait for value"])
        let idleDeadline = try #require(engine.idleDeadlines.last)
        #expect(idleDeadline - started < .seconds(10))  // the call's deadline, not 60 s from the tap
    }
}
