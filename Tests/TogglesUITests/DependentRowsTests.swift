import Testing
import TogglesApp
import UIAutomation

extension TogglesJourneys {
    /// Notifications shows Sounds and Badges while on; the status label follows every change.
    @Suite("Toggles: dependent rows and the status label")
    struct DependentRowsTests {
        static let allButDependents = [Toggles.airplaneMode, Toggles.wifi, Toggles.bluetooth, Toggles.personalHotspot, Toggles.notifications].map(\.id)

        @Test func notificationsShowsSoundsAndBadgesWhileOnAndTheyKeepTheirValues() async throws {
            try await withTogglesApp { (app) async throws in
                try await app.openToggles()
                #expect(try await app.shownToggleIDs() == Self.allButDependents)
                #expect(try await !app.toggle(Toggles.sounds).exists)
                #expect(try await app.status.label == "2 of 5 on")

                try await app.toggle(Toggles.notifications).turnSwitchOn()
                #expect(try await app.shownToggleIDs() == Toggles.all.map(\.id))
                #expect(try await app.status.label == "3 of 7 on")
                try await app.toggle(Toggles.sounds).checkToggleIsOff()
                try await app.toggle(Toggles.badges).checkToggleIsOff()

                try await app.toggle(Toggles.sounds).turnSwitchOn()
                #expect(try await app.status.label == "4 of 7 on")
                #expect(try await app.status.value == "Wi-Fi, Bluetooth, Notifications, Sounds")

                try await app.toggle(Toggles.notifications).turnSwitchOff()
                #expect(try await app.toggle(Toggles.sounds).waitForNonExistence(timeout: 5))
                #expect(try await !app.toggle(Toggles.badges).exists)
                #expect(try await app.shownToggleIDs() == Self.allButDependents)
                #expect(try await app.status.label == "2 of 5 on")  // hidden rows do not count
                #expect(try await app.status.value == "Wi-Fi, Bluetooth")

                // Back on: Sounds is still on, Badges still off.
                try await app.toggle(Toggles.notifications).turnSwitchOn()
                try await app.toggle(Toggles.sounds).checkToggleIsOn()
                try await app.toggle(Toggles.badges).checkToggleIsOff()
                #expect(try await app.status.label == "4 of 7 on")
            }
        }

        @Test func theStatusLabelChangesOnEveryToggle() async throws {
            try await withTogglesApp(arguments: ["-on", ""]) { (app) async throws in
                try await app.openToggles()
                #expect(try await app.status.label == "0 of 5 on")
                #expect(try await app.status.value == "None")
                var seen = [try await app.status.label + "|" + (app.status.value ?? "")]
                let enabled = [Toggles.airplaneMode, Toggles.wifi, Toggles.bluetooth, Toggles.notifications, Toggles.sounds, Toggles.badges]
                for setting in enabled {
                    try await app.toggle(setting).turnSwitchOn()
                    seen.append(try await app.status.label + "|" + (app.status.value ?? ""))
                }
                for setting in enabled.reversed() {
                    try await app.toggle(setting).turnSwitchOff()
                    seen.append(try await app.status.label + "|" + (app.status.value ?? ""))
                }
                for (before, after) in zip(seen, seen.dropFirst()) {
                    #expect(before != after, "the status did not change: \(before)")
                }
                #expect(seen[6] == "6 of 7 on|Airplane Mode, Wi-Fi, Bluetooth, Notifications, Sounds, Badges")
                #expect(seen.last == seen.first)
            }
        }
    }
}
