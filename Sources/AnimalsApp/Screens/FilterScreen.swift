import LabKit

/// The filter screen: a multiple-selection table of every tag showing the current
/// selection, "Clear all", and "Done", which hands the selection back to the gallery.
struct FilterScreen {
    let selected: Set<String>
    let paths: AnimalsPaths

    static let formID = "animals-filter-form"

    var page: Page {
        Page(
            title: "Filter",
            navigationBar: NavigationBar(
                title: "Filter", identifier: AnimalsIdentifiers.filterNavigationBar, titleStyle: .inline,
                backButton: .init(title: GalleryScreen.title, href: paths.gallery, identifier: AnimalsIdentifiers.backButton),
                trailing: [
                    Widget.barButton("Done", identifier: AnimalsIdentifiers.doneButton, bold: true, attributes: [
                        HTMLAttribute("form", Self.formID), HTMLAttribute("data-transition", "pop"),
                    ]),
                ]
            ),
            content: [
                .el("h2", [.class("lab-section-header")], [.text("Show animals tagged with any of")]),
                .el("form", [
                    .id(Self.formID), HTMLAttribute("method", "post"), HTMLAttribute("action", paths.filter),
                    HTMLAttribute("data-selection-of", AnimalsIdentifiers.filterTable),
                ], [
                    Widget.selectionTable(
                        identifier: AnimalsIdentifiers.filterTable, name: "tag", label: "Tags",
                        rows: Animals.allTags.map { tag in
                            Widget.SelectionRow(identifier: AnimalsIdentifiers.filterRow(tag), title: tag, value: tag, isSelected: selected.contains(tag))
                        },
                        multipleSelection: true
                    ),
                ]),
                Widget.button("Clear all", identifier: AnimalsIdentifiers.clearAllButton, style: .destructive, type: "button",
                              attributes: [HTMLAttribute("data-clears", AnimalsIdentifiers.filterTable)]),
            ]
        )
    }
}
