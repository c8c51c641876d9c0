import AnimalsApp
import Testing
import UIAutomation

extension AnimalsJourneys {
    @Suite("Animals: first launch")
    struct FirstLaunchTests {
        @Test func galleryShowsAllTwelveAnimalsWithoutStars() async throws {
            try await withAnimalsApp { (app) async throws in
                #expect(try await app.galleryCells.count == Animals.all.count)
                #expect(try await Journey.shownAnimalIDs(app) == Animals.all.map(\.id))
                for animal in Animals.all {
                    #expect(try await app.images[AnimalsIdentifiers.cellImage(animal.id)].label == animal.name)
                    #expect(try await !app.images[AnimalsIdentifiers.cellStar(animal.id)].exists, "\(animal) starred on first launch")
                }
                #expect(try await app.emptyState.exists == false)
            }
        }

        @Test func eachAnimalOpensItsOwnDetailWithAGreenTappableFavouriteButton() async throws {
            try await withAnimalsApp { (app) async throws in
                for animal in Animals.all {
                    try await app.cell(animal).tap()
                    try await Journey.expectDetail(app, animal)
                    let favorite = app.favoriteButton
                    #expect(try await favorite.exists)
                    #expect(try await favorite.isHittable)
                    #expect(try await favorite.isEnabled)
                    // The button's value (its accessible description) is its computed background colour.
                    #expect(try await favorite.value == "green", "favourite button of \(animal)")
                    #expect(try await favorite.label == "Add to Favourites")
                    #expect(try await !app.images[AnimalsIdentifiers.detailStar].exists)
                    try await app.backButton.tap()
                    #expect(try await app.galleryCells.count == Animals.all.count)
                }
            }
        }

        @Test func anXCUITestUsersFirstGuessesFindTheCellAndTheButton() async throws {
            try await withAnimalsApp { (app) async throws in
                try await app.cells["Lion"].tap()  // a cell's label is its animal's name
                try await Journey.expectDetail(app, Animals.all.first { $0.name == "Lion" }!)
                try await app.buttons["Add to Favourites"].tap()  // a button's label is its title alone
                #expect(try await app.buttons["Remove from Favourites"].value == "green")
            }
        }

        @Test func favouritesOnWithNoneChosenShowsNoAnimalsFound() async throws {
            try await withAnimalsApp { (app) async throws in
                try await app.favoritesToggle.tap()
                #expect(try await app.cells.count == 0)
                #expect(try await !app.collectionViews[AnimalsIdentifiers.gallery].exists)
                #expect(try await app.emptyState.label == GalleryFilter.emptyMessage)
                // And off again: everything is back.
                try await app.favoritesToggle.tap()
                #expect(try await app.galleryCells.count == Animals.all.count)
                #expect(try await !app.emptyState.exists)
            }
        }
    }
}
