import Testing
import AnimalsApp
import LabTesting
import UIAutomation

/// Launches Automation Animals with fresh state (a new server and a new browser context),
/// runs `body`, and always terminates it.
///
/// Write the closure as `{ (app) async throws in … }` (Swift 6.3 infers a closure whose
/// only `try`s are inside `#expect` as non-throwing).
func withAnimalsApp(
    arguments: [String] = [], environment: [String: String] = [:], configuration: Configuration = .lab,
    _ body: (Application) async throws -> Void
) async throws {
    try await withLabApp(AnimalsApp(), arguments: arguments, environment: environment, configuration: configuration, body)
}

/// The screens as queries, XCUITest page-object style.
extension Application {
    var galleryCells: ElementQuery { collectionViews[AnimalsIdentifiers.gallery].cells }
    var galleryBar: Element { navigationBars[AnimalsIdentifiers.galleryNavigationBar] }
    var favoritesToggle: Element { galleryBar.buttons[AnimalsIdentifiers.favoritesToggle] }
    var filterButton: Element { galleryBar.buttons[AnimalsIdentifiers.filterButton] }
    var backButton: Element { buttons[AnimalsIdentifiers.backButton] }
    var emptyState: Element { staticTexts[AnimalsIdentifiers.emptyState] }
    var favoriteButton: Element { buttons[AnimalsIdentifiers.favoriteButton] }
    var doneButton: Element { navigationBars[AnimalsIdentifiers.filterNavigationBar].buttons[AnimalsIdentifiers.doneButton] }
    var clearAllButton: Element { buttons[AnimalsIdentifiers.clearAllButton] }
    func filterRow(_ tag: String) -> Element { tables[AnimalsIdentifiers.filterTable].cells[AnimalsIdentifiers.filterRow(tag)] }
    func cell(_ animal: Animal) -> Element { galleryCells[AnimalsIdentifiers.cell(animal.id)] }
}

/// Shared checks.
enum Journey {
    /// The ids of the cells the gallery shows, in order.
    static func shownAnimalIDs(_ app: Application) async throws -> [String] {
        let prefix = AnimalsIdentifiers.cell("")
        return try await app.galleryCells.snapshots().map { String($0.identifier.dropFirst(prefix.count)) }
    }

    /// Taps `animal`'s cell, checks the detail shows that animal, and goes back.
    static func openDetailAndReturn(_ app: Application, _ animal: Animal) async throws {
        try await app.cell(animal).tap()
        try await expectDetail(app, animal)
        try await app.backButton.tap()
        #expect(try await app.galleryBar.exists)
    }

    /// Checks the detail screen presents `animal`.
    static func expectDetail(_ app: Application, _ animal: Animal) async throws {
        #expect(try await app.navigationBars[AnimalsIdentifiers.detailNavigationBar].label == animal.name, "title of \(animal)")
        #expect(try await app.staticTexts[AnimalsIdentifiers.detailName].label == animal.name)
        #expect(try await app.images[AnimalsIdentifiers.detailImage].label == animal.name)
        for tag in animal.tags {
            #expect(try await app.staticTexts[AnimalsIdentifiers.detailTag(tag)].label == tag, "tag \(tag) of \(animal)")
        }
    }

    /// The animals a filter on `tags` (OR) shows, favourites-only when `favorites` is given.
    static func expected(tags: Set<String>, favorites: Set<String>? = nil) -> [Animal] {
        Animals.all.filter { animal in
            (tags.isEmpty || animal.tags.contains(where: tags.contains)) && (favorites.map { $0.contains(animal.id) } ?? true)
        }
    }
}
