// Recorded with `lab record` from Toggles (lab app "toggles").
import LabTesting
import Testing
import TogglesApp
import UIAutomation
import UIAutomationTesting

@Test(.uiAutomation) func recordedToggles() async throws {
    let app = Application(host: LabAppHost(app: TogglesApp()))
    try await app.launch()
    try await app.links["toggles.root.togglesRow"].tap()
    try await app.switches["toggles.toggle.airplaneMode"].turnSwitchOn()
    try await app.switches["toggles.toggle.bluetooth"].tap()
    try await app.switches["toggles.toggle.wifi"].turnSwitchOff()
    #expect(try await app.switches["toggles.toggle.wifi"].wait(for: \.value, toEqual: "0", timeout: 5))
    await app.terminate()
}
