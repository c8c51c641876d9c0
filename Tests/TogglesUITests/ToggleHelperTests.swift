import Foundation
import Testing
import TogglesApp
import UIAutomation

extension TogglesJourneys {
    /// UIAutomation's toggle helpers (`Element+Toggles`), Swift Testing style: they throw.
    @Suite("Toggles: helpers")
    struct ToggleHelperTests {
        @Test func checksPassForTheStateTheToggleIsIn() async throws {
            try await withTogglesApp { (app) async throws in
                try await app.openToggles()
                try await app.toggle(Toggles.wifi).checkToggleIsOn()
                try await app.toggle(Toggles.airplaneMode).checkToggleIsOff()
                // A plain switch (no switch inside) works too: the inner switch itself.
                try await app.innerSwitch(Toggles.wifi).checkToggleIsOn()
            }
        }

        @Test func checkToggleIsOnFailsForAnOffToggleSayingWhatTheValueWas() async throws {
            try await withTogglesApp { (app) async throws in
                try await app.openToggles()
                let error = try #require(await #expect(throws: UIAutomationError.self) {
                    try await app.toggle(Toggles.airplaneMode).checkToggleIsOn()
                })
                #expect(error.reason == .unexpectedValue(expected: "1", actual: "0"))
                #expect(error.description.hasPrefix(
                    #"app.switches["toggles.toggle.airplaneMode"].checkToggleIsOn(): has value "0" where "1" was expected"#),
                    "\(error)")
                let offError = try #require(await #expect(throws: UIAutomationError.self) {
                    try await app.toggle(Toggles.wifi).checkToggleIsOff()
                })
                #expect(offError.reason == .unexpectedValue(expected: "0", actual: "1"))
            }
        }

        @Test func turnSwitchOnAndOffChangeTheToggleAndWait() async throws {
            try await withTogglesApp { (app) async throws in
                try await app.openToggles()
                let airplane = app.toggle(Toggles.airplaneMode)
                try await airplane.turnSwitchOn()
                try await airplane.checkToggleIsOn()
                #expect(try await app.status.value == "Airplane Mode, Wi-Fi, Bluetooth")
                try await airplane.turnSwitchOff()
                try await airplane.checkToggleIsOff()
                #expect(try await app.status.value == "Wi-Fi, Bluetooth")
            }
        }

        @Test func turnSwitchOnFailsAtOnceForAToggleThatIsAlreadyOnAndLeavesIt() async throws {
            try await withTogglesApp { (app) async throws in
                try await app.openToggles()
                let started = ContinuousClock.now
                let error = try #require(await #expect(throws: UIAutomationError.self) {
                    try await app.toggle(Toggles.wifi).turnSwitchOn()
                })
                #expect(error.reason == .unexpectedValue(expected: "0", actual: "1"))
                #expect(ContinuousClock.now - started < .seconds(9))
                try await app.toggle(Toggles.wifi).checkToggleIsOn()  // not tapped off
                let offError = try #require(await #expect(throws: UIAutomationError.self) {
                    try await app.toggle(Toggles.airplaneMode).turnSwitchOff()
                })
                #expect(offError.reason == .unexpectedValue(expected: "1", actual: "0"))
            }
        }

        @Test func setSwitchIsIdempotent() async throws {
            try await withTogglesApp { (app) async throws in
                try await app.openToggles()
                let bluetooth = app.toggle(Toggles.bluetooth)
                try await bluetooth.setSwitch(on: true)  // already on: nothing to do
                try await bluetooth.checkToggleIsOn()
                try await bluetooth.setSwitch(on: false)
                try await bluetooth.checkToggleIsOff()
                try await bluetooth.setSwitch(on: false)
                try await bluetooth.checkToggleIsOff()
                try await bluetooth.setSwitch(on: true)
                try await bluetooth.checkToggleIsOn()
                #expect(try await app.onToggleIDs() == [Toggles.wifi.id, Toggles.bluetooth.id])
            }
        }

        @Test func waitsSeeTheStateAndTimeOutWithTheLastValue() async throws {
            try await withTogglesApp { (app) async throws in
                try await app.openToggles()
                let wifi = app.toggle(Toggles.wifi)
                try await wifi.waitForSwitchToBeOn(timeout: 1)
                try await app.innerSwitch(Toggles.wifi).tap()
                try await wifi.waitForSwitchToBeOff(timeout: 5)
                let started = ContinuousClock.now
                let error = try #require(await #expect(throws: UIAutomationError.self) {
                    try await wifi.waitForSwitchToBeOn(timeout: 0.5)
                })
                #expect(ContinuousClock.now - started < .seconds(9))
                guard let waitingFor = error.reason.waitingFor, case let last = error.reason.lastProblem else {
                    Issue.record("expected a time-out, got \(error)")
                    return
                }
                #expect(waitingFor == #"the switch to be on (value == "1")"#)
                #expect(last == #"value is "0""#)
            }
        }

        @Test(arguments: [Toggles.personalHotspot])
        func theDisabledToggleFailsClearlyAndAtOnceAndKeepsItsValue(_ hotspot: ToggleSetting) async throws {
            try await withTogglesApp { (app) async throws in
                try await app.openToggles()
                let toggle = app.toggle(hotspot)
                #expect(try await !toggle.isEnabled)
                #expect(try await !app.innerSwitch(hotspot).isEnabled)
                let calls: [(String, @Sendable () async throws -> Void)] = [
                    ("setSwitch(on: true)", { try await toggle.setSwitch(on: true) }),
                    ("setSwitch(on: false)", { try await toggle.setSwitch(on: false) }),
                    ("turnSwitchOn()", { try await toggle.turnSwitchOn() }),
                ]
                for (call, body) in calls {
                    let started = ContinuousClock.now
                    let error = try #require(await #expect(throws: UIAutomationError.self, "\(call)") { try await body() })
                    #expect(error.reason == .disabled, "\(call)")
                    #expect(error.description.hasPrefix(#"app.switches["toggles.toggle.personalHotspot"].\#(call): is disabled"#), "\(error)")
                    #expect(ContinuousClock.now - started < .seconds(9), "\(call) waited")
                }
                // A plain tap on the inner switch waits for it to be enabled, then says so too.
                let tapError = try #require(await #expect(throws: UIAutomationError.self) {
                    try await app.innerSwitch(hotspot).tap(timeout: 0.3)
                })
                #expect(tapError.reason == .disabled)
                try await toggle.checkToggleIsOff()
                #expect(try await app.status.label == "2 of 5 on")
            }
        }

        @Test func turnSwitchOffFailsForADisabledToggleThatIsOn() async throws {
            try await withTogglesApp(arguments: ["-on", "personalHotspot"]) { (app) async throws in
                try await app.openToggles()
                let toggle = app.toggle(Toggles.personalHotspot)
                let error = try #require(await #expect(throws: UIAutomationError.self) { try await toggle.turnSwitchOff() })
                #expect(error.reason == .disabled)
                try await toggle.checkToggleIsOn()
            }
        }

        @Test func anElementThatIsNotASwitchIsAnInvalidRequest() async throws {
            try await withTogglesApp { (app) async throws in
                try await app.openToggles()
                for call in [
                    { try await app.status.checkToggleIsOn() },
                    { try await app.status.setSwitch(on: true) },
                    { try await app.status.waitForSwitchToBeOn(timeout: 5) },
                ] as [() async throws -> Void] {
                    let started = ContinuousClock.now
                    let error = try #require(await #expect(throws: UIAutomationError.self) { try await call() })
                    guard error.reason.kind == .invalidRequest, let message = error.reason.message else {
                        Issue.record("expected an invalid request, got \(error)")
                        continue
                    }
                    #expect(message.hasPrefix("is not a switch or check box but StaticText"), "\(message)")
                    #expect(ContinuousClock.now - started < .seconds(9))
                }
            }
        }

        @Test func aMissingToggleIsWaitedForThenReported() async throws {
            try await withTogglesApp { (app) async throws in
                try await app.openToggles()
                let error = try #require(await #expect(throws: UIAutomationError.self) {
                    try await app.toggle(Toggles.sounds).turnSwitchOn(timeout: 0.3)  // hidden: Notifications is off
                })
                #expect(error.reason == .noMatch)
                #expect(error.waited != nil)
            }
        }
    }
}
