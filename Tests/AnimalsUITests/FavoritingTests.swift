import AnimalsApp
import Testing
import UIAutomation

extension AnimalsJourneys {
    @Suite("Animals: favouriting")
    struct FavoritingTests {
        /// Favourites for the journeys: every third animal.
        static let someFavorites = Animals.all.enumerated().filter { $0.offset % 3 == 1 }.map(\.element)

        @Test(arguments: [Animals.all.first!, Animals.all.last!])
        func favouritingShowsTheStarInDetailAndGallery(_ animal: Animal) async throws {
            try await withAnimalsApp { (app) async throws in
                try await app.cell(animal).tap()
                #expect(try await !app.images[AnimalsIdentifiers.detailStar].exists)
                try await app.favoriteButton.tap()
                #expect(try await app.images[AnimalsIdentifiers.detailStar].exists)
                #expect(try await app.favoriteButton.value == "green")
                try await Journey.expectDetail(app, animal)
                try await app.backButton.tap()
                #expect(try await app.images[AnimalsIdentifiers.cellStar(animal.id)].exists)
                for other in Animals.all where other != animal {
                    #expect(try await !app.images[AnimalsIdentifiers.cellStar(other.id)].exists, "\(other) starred too")
                }
                // Tapping again unfavourites.
                try await app.cell(animal).tap()
                try await app.favoriteButton.tap()
                #expect(try await !app.images[AnimalsIdentifiers.detailStar].exists)
                try await app.backButton.tap()
                #expect(try await !app.images[AnimalsIdentifiers.cellStar(animal.id)].exists)
            }
        }

        @Test func favouritesOnlyShowsExactlyTheFavouritesAndEachOpensItsDetail() async throws {
            let favorites = Self.someFavorites
            try await withAnimalsApp(arguments: ["-favorites", favorites.map(\.id).joined(separator: ",")]) { (app) async throws in
                #expect(try await app.galleryCells.count == Animals.all.count)
                try await app.favoritesToggle.tap()
                #expect(try await Journey.shownAnimalIDs(app) == favorites.map(\.id))
                for animal in favorites {
                    #expect(try await app.images[AnimalsIdentifiers.cellStar(animal.id)].exists)
                    try await Journey.openDetailAndReturn(app, animal)
                    #expect(try await app.images[AnimalsIdentifiers.detailStar].exists == false)  // back on the gallery
                }
                #expect(try await Journey.shownAnimalIDs(app) == favorites.map(\.id))  // still favourites only
            }
        }

        @Test func animalsFavouritedInTheAppAreTheOnesFavouritesOnlyShows() async throws {
            let favorites = Array(Self.someFavorites.prefix(2))
            try await withAnimalsApp { (app) async throws in
                for animal in favorites {
                    try await app.cell(animal).tap()
                    try await app.favoriteButton.tap()
                    try await app.backButton.tap()
                }
                try await app.favoritesToggle.tap()
                #expect(try await Journey.shownAnimalIDs(app) == favorites.map(\.id))
            }
        }

        @Test func favouritesOnlyWorksTogetherWithFilters() async throws {
            let favorites = Set(Self.someFavorites.map(\.id))
            let tags: Set<String> = Set(Self.someFavorites.first!.tags.prefix(1))
            let expected = Journey.expected(tags: tags, favorites: favorites)
            try await withAnimalsApp(environment: [
                "LAB_FAVORITES": favorites.sorted().joined(separator: ","), "LAB_FILTERS": tags.sorted().joined(separator: ","),
            ]) { (app) async throws in
                #expect(try await Journey.shownAnimalIDs(app) == Journey.expected(tags: tags).map(\.id))
                try await app.favoritesToggle.tap()
                #expect(try await Journey.shownAnimalIDs(app) == expected.map(\.id))
                #expect(!expected.isEmpty)
            }
        }
    }
}
