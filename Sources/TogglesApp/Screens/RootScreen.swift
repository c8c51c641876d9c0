import LabKit

/// The root screen, "Settings": one row, "Toggles", that pushes the toggles screen and
/// shows the status line under its title.
struct RootScreen {
    let state: TogglesState
    let paths: TogglesPaths

    static let title = "Settings"
    private static let statusID = "toggles-root-status"

    var page: Page {
        Page(
            title: Self.title,
            navigationBar: NavigationBar(title: Self.title, identifier: TogglesIdentifiers.rootNavigationBar),
            content: [
                .el("style", [], [.trusted(TogglesStyle.css)]),
                .el("ul", [.class("lab-list")], [
                    .el("li", [.class("lab-list-row")], [
                        .el("a", [
                            .class("lab-row-link toggles-nav-link"), .href(paths.toggles), HTMLAttribute("data-transition", "push"),
                            .testID(TogglesIdentifiers.togglesRow), .ariaLabel(TogglesScreen.title),
                            HTMLAttribute("aria-describedby", Self.statusID),
                        ], [
                            .el("span", [.class("toggles-nav-text")], [
                                .el("span", [.class("lab-row-title")], [.text(TogglesScreen.title)]),
                                .el("span", [.class("lab-row-subtitle"), .id(Self.statusID)], [.text(state.statusText)]),
                            ]),
                            .el("span", [.class("toggles-chevron"), .ariaHidden], [.trusted("›")]),
                        ]),
                    ]),
                ]),
            ]
        )
    }
}
