import LabKit

/// An animal's detail: large image (with the star when favourited), name, tags and the
/// green favourite button.
struct DetailScreen {
    let animal: Animal
    let isFavorite: Bool
    let paths: AnimalsPaths

    var page: Page {
        Page(
            title: animal.name,
            navigationBar: NavigationBar(
                title: animal.name, identifier: AnimalsIdentifiers.detailNavigationBar, titleStyle: .inline,
                backButton: .init(title: GalleryScreen.title, href: paths.gallery, identifier: AnimalsIdentifiers.backButton)
            ),
            content: [
                .el("div", [.class("lab-detail-art")], [
                    Widget.image(animal.art, label: animal.name, identifier: AnimalsIdentifiers.detailImage, className: "lab-image lab-art"),
                    isFavorite
                        ? Widget.image(AnimalArt.star, label: "Favourite", identifier: AnimalsIdentifiers.detailStar, className: "lab-image lab-badge")
                        : .empty,
                ]),
                Widget.label(animal.name, identifier: AnimalsIdentifiers.detailName, style: .title),
                .el("div", [.class("lab-tags"), .ariaLabel("Tags")], animal.tags.map { tag in
                    .el("p", [.class("lab-tag"), .testID(AnimalsIdentifiers.detailTag(tag))], [.text(tag)])
                }),
                .el("form", [HTMLAttribute("method", "post"), HTMLAttribute("action", paths.favorite(animal))], [
                    Widget.button(
                        isFavorite ? "Remove from Favourites" : "Add to Favourites",
                        identifier: AnimalsIdentifiers.favoriteButton, style: .green,
                        icon: .el("span", [.class("lab-button-icon"), .ariaHidden], [.trusted(isFavorite ? AnimalArt.starFilled : AnimalArt.starOutline)])
                    ),
                ]),
            ]
        )
    }
}
