import LabTesting
import Testing
import TogglesApp
import UIAutomation

extension TogglesJourneys {
    /// State lasts for one launch, across screens; each launch starts fresh or from its presets.
    @Suite("Toggles: navigation and launch state")
    struct NavigationAndLaunchTests {
        @Test func aPlainLaunchHasWiFiAndBluetoothOn() async throws {
            try await withTogglesApp { (app) async throws in
                #expect(try await app.rootBar.label == "Settings")
                #expect(try await app.togglesRow.label == "Toggles")
                #expect(try await app.togglesRow.value == "2 of 5 on")
                try await app.openToggles()
                #expect(Toggles.defaultOn == [Toggles.wifi.id, Toggles.bluetooth.id])
                #expect(try await app.onToggleIDs() == [Toggles.wifi.id, Toggles.bluetooth.id])
                #expect(try await app.status.label == "2 of 5 on")
                #expect(try await app.status.value == "Wi-Fi, Bluetooth")
            }
        }

        @Test func changesSurviveGoingBackAndReturning() async throws {
            try await withTogglesApp { (app) async throws in
                try await app.openToggles()
                try await app.toggle(Toggles.airplaneMode).turnSwitchOn()
                try await app.toggle(Toggles.wifi).turnSwitchOff()
                try await app.toggle(Toggles.notifications).turnSwitchOn()
                try await app.toggle(Toggles.badges).turnSwitchOn()
                let expected = [Toggles.airplaneMode, Toggles.bluetooth, Toggles.notifications, Toggles.badges].map(\.id)
                #expect(try await app.onToggleIDs() == expected)

                try await app.goBack()
                #expect(try await app.togglesRow.value == "4 of 7 on")
                try await app.openToggles()
                #expect(try await app.onToggleIDs() == expected)
                #expect(try await app.shownToggleIDs() == Toggles.all.map(\.id))
                #expect(try await app.status.label == "4 of 7 on")
                try await app.toggle(Toggles.wifi).checkToggleIsOff()
                try await app.innerSwitch(Toggles.wifi).checkToggleIsOff()  // the inner switch is rendered in step
            }
        }

        @Test func aNewLaunchStartsFresh() async throws {
            let app = Application(host: LabAppHost(app: TogglesApp()), configuration: .lab)
            try await app.launch()
            try await app.openToggles()
            try await app.toggle(Toggles.airplaneMode).turnSwitchOn()
            try await app.toggle(Toggles.bluetooth).turnSwitchOff()
            #expect(try await app.onToggleIDs() == [Toggles.airplaneMode.id, Toggles.wifi.id])
            try await app.launch()  // like relaunching an iOS app: a new server, new state
            #expect(try await app.togglesRow.value == "2 of 5 on")
            try await app.openToggles()
            #expect(try await app.onToggleIDs() == [Toggles.wifi.id, Toggles.bluetooth.id])
            await app.terminate()
        }

        @Test func launchArgumentsPresetTheToggles() async throws {
            try await withTogglesApp(arguments: ["-on", "notifications,badges,personalHotspot,noSuchToggle"]) { (app) async throws in
                try await app.openToggles()
                #expect(try await app.onToggleIDs() == [Toggles.personalHotspot.id, Toggles.notifications.id, Toggles.badges.id])
                #expect(try await app.shownToggleIDs() == Toggles.all.map(\.id))
                #expect(try await app.status.label == "3 of 7 on")
                #expect(try await !app.toggle(Toggles.personalHotspot).isEnabled)
            }
        }

        @Test func theLaunchEnvironmentPresetsTheTogglesAndArgumentsWin() async throws {
            try await withTogglesApp(environment: ["LAB_TOGGLES_ON": "airplaneMode"]) { (app) async throws in
                try await app.openToggles()
                #expect(try await app.onToggleIDs() == [Toggles.airplaneMode.id])
            }
            try await withTogglesApp(arguments: ["-on", "bluetooth"], environment: ["LAB_TOGGLES_ON": "airplaneMode"]) { (app) async throws in
                try await app.openToggles()
                #expect(try await app.onToggleIDs() == [Toggles.bluetooth.id])
            }
        }

        @Test func twoLaunchesAtOnceDoNotShareState() async throws {
            try await withTogglesApp { (one) async throws in
                try await withTogglesApp { (two) async throws in
                    try await one.openToggles()
                    try await two.openToggles()
                    try await one.toggle(Toggles.wifi).turnSwitchOff()
                    try await two.toggle(Toggles.airplaneMode).turnSwitchOn()
                    try await one.goBack()
                    try await two.goBack()
                    #expect(try await one.togglesRow.value == "1 of 5 on")
                    #expect(try await two.togglesRow.value == "3 of 5 on")
                }
            }
        }
    }
}
