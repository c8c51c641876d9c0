import Foundation
import TestSupport
import Testing
import UIAutomation

/// The toggle helpers (`Element+Toggles`) on plain controls: a check box and a switch with
/// nothing inside (the helpers tap the element itself), a disabled switch, a full-width
/// switch whose knob is not a switch (the centre tap changes nothing), and a button.
/// The Toggles lab app's tests cover SwiftUI-style toggles with an inner switch.
@Suite("Toggle helpers on plain controls")
struct PlainToggleHelperTests {
    static let page = FixturePages.page("Switches", """
        <style>
          .row{display:flex;justify-content:space-between;align-items:center;width:100%;height:44px;box-sizing:border-box;padding:0 12px}
          .knob{width:51px;height:31px;border-radius:16px;background:#ccc;flex:none}
          .row[aria-checked=true] .knob{background:#34c759}
          input{width:24px;height:24px}
        </style>
        <label><input type="checkbox" data-testid="remember"> Remember me</label>
        <p><input type="checkbox" role="switch" aria-label="Dark mode" data-testid="dark"></p>
        <p><input type="checkbox" role="switch" aria-label="Locked" data-testid="locked" disabled checked></p>
        <div class="row" role="switch" aria-checked="false" aria-label="Airplane Mode" data-testid="row">
          <span>Airplane Mode</span><span class="knob"></span>
        </div>
        <button data-testid="go">Go</button>
        <script>
          const row = document.querySelector('.row');
          row.querySelector('.knob').addEventListener('click', () =>
            row.setAttribute('aria-checked', row.getAttribute('aria-checked') === 'true' ? 'false' : 'true'));
        </script>
        """)

    private func withSwitches(_ body: (Application) async throws -> Void) async throws {
        let server = try await FixtureServer.start(pages: ["/switches": Self.page])
        let app = Application(url: server.url("/switches"))
        do {
            try await app.launch()
            try await body(app)
        } catch {
            await app.terminate()
            await server.stop()
            throw error
        }
        await app.terminate()
        await server.stop()
    }

    @Test(arguments: ["remember", "dark"])
    func aControlWithNoSwitchInsideIsTappedItself(_ identifier: String) async throws {
        try await withSwitches { (app) async throws in
            let control = app.descendants(matching: .any)[identifier]
            try await control.checkToggleIsOff()
            try await control.turnSwitchOn()
            try await control.checkToggleIsOn()
            try await control.waitForSwitchToBeOn(timeout: 1)
            try await control.setSwitch(on: true)
            try await control.checkToggleIsOn()
            try await control.setSwitch(on: false)
            try await control.waitForSwitchToBeOff(timeout: 1)
            try await control.turnSwitchOn()
            try await control.turnSwitchOff()
            #expect(try await control.value == "0")
        }
    }

    @Test func aDisabledSwitchFailsBeforeAnyTap() async throws {
        try await withSwitches { (app) async throws in
            let locked = app.switches["locked"]
            for call in [{ try await locked.setSwitch(on: false) }, { try await locked.turnSwitchOff() }] as [() async throws -> Void] {
                let started = ContinuousClock.now
                let error = try #require(await #expect(throws: UIAutomationError.self) { try await call() })
                #expect(error.reason == .disabled)
                #expect(error.description.hasPrefix(#"app.switches["locked"]."#), "\(error)")
                #expect(ContinuousClock.now - started < .seconds(9))
            }
            try await locked.checkToggleIsOn()
        }
    }

    @Test func aSwitchThatIgnoresItsCentreTimesOutNamingTheTap() async throws {
        try await withSwitches { (app) async throws in
            let row = app.switches["row"]
            let error = try #require(await #expect(throws: UIAutomationError.self) { try await row.turnSwitchOn(timeout: 0.5) })
            guard let waitingFor = error.reason.waitingFor, case let last = error.reason.lastProblem else {
                Issue.record("expected a time-out, got \(error)")
                return
            }
            #expect(waitingFor == #"the switch to be on (value == "1")"#)
            #expect(last == #"value is "0" after a tap at the centre of app.switches["row"]"#)
        }
    }

    @Test func aButtonIsNotAToggle() async throws {
        try await withSwitches { (app) async throws in
            let error = try #require(await #expect(throws: UIAutomationError.self) { try await app.buttons["go"].turnSwitchOn() })
            #expect(error.reason == .invalidRequest("is not a switch or check box but \(try await app.buttons["go"].snapshot())"))
            let check = try #require(await #expect(throws: UIAutomationError.self) { try await app.buttons["go"].checkToggleIsOff() })
            #expect(check.description.hasPrefix(#"app.buttons["go"].checkToggleIsOff(): is not a switch or check box"#), "\(check)")
        }
    }

    @Test func anUnexpectedValueSaysWhatItFoundAndWhatWasExpected() {
        let error = UIAutomationError(query: #"app.switches["x"].checkToggleIsOn()"#, reason: .unexpectedValue(expected: "1", actual: "0"))
        #expect(error.description == #"app.switches["x"].checkToggleIsOn(): has value "0" where "1" was expected"#)
        let missing = UIAutomationError(query: "q", reason: .unexpectedValue(expected: "1", actual: nil))
        #expect(missing.description == #"q: has value nil where "1" was expected"#)
    }
}
