import AnimalsApp
import Foundation
import LabTesting
import Testing
import UIAutomation

extension AnimalsJourneys {
    /// Recorded traffic on a lab app (issue 43): a journey recorded to a HAR file, then played
    /// again against the file alone, with the app's server stopped.
    @Suite("Animals: a journey replayed from a HAR")
    struct HARJourneyTests {
        @Test func aJourneyRecordedToAHARIsReplayedWithTheServerStopped() async throws {
            let lion = try #require(Animals.all.first)
            let har = FileManager.default.temporaryDirectory.appendingPathComponent("animals-\(UUID().uuidString).har").path
            defer { try? FileManager.default.removeItem(atPath: har) }

            let recording = Application(host: LabAppHost(app: AnimalsApp()), configuration: .lab)
            try await recording.recordHAR(to: har)
            try await recording.launch()
            let launchURL = try await recording.evaluate("location.href", as: String.self)
            try await recording.cell(lion).tap()
            try await Journey.expectDetail(recording, lion)
            try await recording.backButton.tap()
            #expect(try await recording.stopRecordingHAR() >= 3, "the gallery, the detail, the gallery again")
            await recording.terminate()  // the app's server stops with it

            let replay = Application(url: launchURL, configuration: .lab)
            try await replay.routeFromHAR(har)
            try await Application.terminatingLaunchedApps {
                try await replay.launch()
                #expect(try await Journey.shownAnimalIDs(replay).count == Animals.all.count)
                try await replay.cell(lion).tap()
                try await Journey.expectDetail(replay, lion)
                try await replay.backButton.tap()
                #expect(try await replay.galleryBar.exists)
            }
        }
    }
}
