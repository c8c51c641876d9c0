import AnimalsApp
import Foundation
import LabTesting
import Testing
import UIAutomation

extension AnimalsJourneys {
    /// Takes a screenshot of every screen with the framework. With `LAB_WRITE_SCREENSHOTS=1`
    /// they are written to `docs/screenshots/` (the README shows them); otherwise only checked
    /// to be PNGs, so ordinary runs leave the repository clean.
    @Suite("Animals: screenshots")
    struct ScreenshotTests {
        func shoot(_ app: Application, _ name: String) async throws {
            #expect(try await DocumentationScreenshots.shoot(app, name).isPNG, "\(name) is not a PNG")
        }

        @Test func everyScreen() async throws {
            let favorites = AnimalsJourneys.FavoritingTests.someFavorites
            let favorite = try #require(favorites.first)
            try await withAnimalsApp(arguments: ["-favorites", favorites.map(\.id).joined(separator: ",")]) { (app) async throws in
                try await shoot(app, "gallery")
                try await app.cell(favorite).tap()
                try await shoot(app, "detail")
                try await app.backButton.tap()
                try await app.filterButton.tap()
                for tag in AnimalsJourneys.FilteringTests.orTags { try await app.filterRow(tag).tap() }
                try await shoot(app, "filter")
                try await app.doneButton.tap()
                try await shoot(app, "gallery-filtered")
            }
            try await withAnimalsApp(arguments: ["-favoritesOnly", "YES"]) { (app) async throws in
                #expect(try await app.emptyState.exists)
                try await shoot(app, "empty")
            }
            var dark = Configuration.lab
            dark.device.colorScheme = "dark"
            try await withAnimalsApp(arguments: ["-favorites", favorites.map(\.id).joined(separator: ",")], configuration: dark) { (app) async throws in
                try await shoot(app, "gallery-dark")
                try await app.cell(favorite).tap()
                try await shoot(app, "detail-dark")
            }
            var desktop = Configuration.lab
            desktop.device = .desktop
            try await withAnimalsApp(configuration: desktop) { (app) async throws in
                try await shoot(app, "gallery-desktop")
            }
        }
    }
}
