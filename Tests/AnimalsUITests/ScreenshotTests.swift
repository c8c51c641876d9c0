import AnimalsApp
import Foundation
import Testing
import UIAutomation

extension AnimalsJourneys {
    /// Takes a screenshot of every screen with the framework. With `LAB_WRITE_SCREENSHOTS=1`
    /// they are written to `docs/screenshots/` (the README shows them); otherwise only checked
    /// to be PNGs, so ordinary runs leave the repository clean.
    @Suite("Animals: screenshots")
    struct ScreenshotTests {
        static let folder: String? = {
            guard ProcessInfo.processInfo.environment["LAB_WRITE_SCREENSHOTS"] == "1" else { return nil }
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            return root.appendingPathComponent("docs/screenshots").path
        }()

        static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47]

        func shoot(_ app: Application, _ name: String) async throws {
            let screenshot = try await app.screenshot()
            #expect(Array(screenshot.pngData.prefix(4)) == Self.pngSignature, "\(name) is not a PNG")
            if let folder = Self.folder {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                try screenshot.write(to: folder + "/" + name + ".png")
            }
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
            var dark = Configuration()
            dark.device.colorScheme = "dark"
            try await withAnimalsApp(arguments: ["-favorites", favorites.map(\.id).joined(separator: ",")], configuration: dark) { (app) async throws in
                try await shoot(app, "gallery-dark")
                try await app.cell(favorite).tap()
                try await shoot(app, "detail-dark")
            }
            var desktop = Configuration()
            desktop.device = .desktop
            try await withAnimalsApp(configuration: desktop) { (app) async throws in
                try await shoot(app, "gallery-desktop")
            }
        }
    }
}
