import LabKit

/// The gallery: a grid of the animals the filter lets through, a Filter button and the
/// favourites-only star in the bar, "No animals found" when nothing matches.
struct GalleryScreen {
    let state: AnimalsState
    let paths: AnimalsPaths

    static let title = "Animals"

    var page: Page {
        let favoritesOnly = state.filter.favoritesOnly
        let filterTitle = state.filter.tags.isEmpty ? "Filter" : "Filter (\(state.filter.tags.count))"
        let animals = state.visibleAnimals
        return Page(
            title: Self.title,
            navigationBar: NavigationBar(
                title: Self.title, identifier: AnimalsIdentifiers.galleryNavigationBar,
                leading: [Widget.barLink(filterTitle, identifier: AnimalsIdentifiers.filterButton, href: paths.filter)],
                trailing: [
                    .el("form", [HTMLAttribute("method", "post"), HTMLAttribute("action", paths.favoritesOnly)], [
                        Widget.barButton(
                            favoritesOnly ? "Show all animals" : "Show favourites only",
                            identifier: AnimalsIdentifiers.favoritesToggle,
                            icon: .trusted(favoritesOnly ? AnimalArt.starFilled : AnimalArt.starOutline)
                        ),
                    ]),
                ]
            ),
            content: [
                animals.isEmpty
                    ? Widget.emptyState(GalleryFilter.emptyMessage, identifier: AnimalsIdentifiers.emptyState)
                    : Widget.collectionView(identifier: AnimalsIdentifiers.gallery, cells: animals.map(cell)),
            ]
        )
    }

    private func cell(_ animal: Animal) -> Widget.Cell {
        let isFavorite = state.favorites.contains(animal.id)
        return Widget.Cell(
            identifier: AnimalsIdentifiers.cell(animal.id),
            label: animal.name,
            href: paths.detail(animal),
            content: [
                .el("div", [.class("lab-grid-art")], [
                    Widget.image(animal.art, label: animal.name, identifier: AnimalsIdentifiers.cellImage(animal.id), className: "lab-image lab-art"),
                    isFavorite
                        ? Widget.image(AnimalArt.star, label: "Favourite", identifier: AnimalsIdentifiers.cellStar(animal.id), className: "lab-image lab-badge")
                        : .empty,
                ]),
                .el("span", [.class("lab-grid-name"), .ariaHidden], [.text(animal.name)]),
            ]
        )
    }
}
