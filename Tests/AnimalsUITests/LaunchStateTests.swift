import AnimalsApp
import LabTesting
import Testing
import UIAutomation

extension AnimalsJourneys {
    @Suite("Animals: launch state")
    struct LaunchStateTests {
        @Test func relaunchingStartsFromFreshState() async throws {
            let animal = try #require(Animals.all.first)
            let app = Application(host: LabAppHost(app: AnimalsApp()))
            try await app.launch()
            try await app.cell(animal).tap()
            try await app.favoriteButton.tap()
            try await app.backButton.tap()
            #expect(try await app.images[AnimalsIdentifiers.cellStar(animal.id)].exists)
            try await app.launch()  // like relaunching an iOS app: a new server, new state
            #expect(try await !app.images[AnimalsIdentifiers.cellStar(animal.id)].exists)
            await app.terminate()
        }

        @Test func twoLaunchesAtOnceDoNotShareState() async throws {
            let first = try #require(Animals.all.first), last = try #require(Animals.all.last)
            try await withAnimalsApp(arguments: ["-favorites", first.id]) { (one) async throws in
                try await withAnimalsApp(environment: ["LAB_FAVORITES": last.id]) { (two) async throws in
                    try await one.favoritesToggle.tap()
                    try await two.favoritesToggle.tap()
                    #expect(try await Journey.shownAnimalIDs(one) == [first.id])
                    #expect(try await Journey.shownAnimalIDs(two) == [last.id])
                }
            }
        }
    }
}
