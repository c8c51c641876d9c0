import LabTesting
import Testing
import TogglesApp
import UIAutomation

extension TogglesJourneys {
    /// Takes a screenshot of each screen with the framework; with `LAB_WRITE_SCREENSHOTS=1`
    /// they are written to `docs/screenshots/toggles-*.png` (docs/toggles.md shows them).
    @Suite("Toggles: screenshots")
    struct ScreenshotTests {
        func shoot(_ app: Application, _ name: String) async throws {
            #expect(try await DocumentationScreenshots.shoot(app, "toggles-" + name).isPNG, "\(name) is not a PNG")
        }

        @Test func everyScreen() async throws {
            try await withTogglesApp { (app) async throws in
                try await shoot(app, "root")
                try await app.openToggles()
                try await shoot(app, "form")
                try await app.toggle(Toggles.notifications).turnSwitchOn()
                #expect(try await app.toggle(Toggles.sounds).exists)
                try await shoot(app, "notifications")
            }
            var dark = Configuration.lab
            dark.device.colorScheme = "dark"
            try await withTogglesApp(arguments: ["-on", "wifi,notifications,sounds"], configuration: dark) { (app) async throws in
                try await app.openToggles()
                try await shoot(app, "dark")
            }
        }
    }
}
