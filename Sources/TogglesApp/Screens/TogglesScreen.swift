import LabKit

/// The toggles screen, like a SwiftUI `Form`: grouped inset sections of toggle rows, a
/// status label over them, and a back button to the root screen.
struct TogglesScreen {
    let state: TogglesState
    let paths: TogglesPaths

    static let title = "Toggles"

    var page: Page {
        Page(
            title: Self.title,
            navigationBar: NavigationBar(
                title: Self.title, identifier: TogglesIdentifiers.togglesNavigationBar, titleStyle: .inline,
                backButton: .init(title: RootScreen.title, href: paths.root, identifier: TogglesIdentifiers.backButton)
            ),
            content: [
                .el("style", [], [.trusted(TogglesStyle.css)]),
                .el("p", [
                    .class("toggles-status"), .testID(TogglesIdentifiers.status),
                    HTMLAttribute("aria-description", state.statusDetail), HTMLAttribute("aria-live", "polite"),
                ], [.text(state.statusText)]),
            ] + ToggleSection.allCases.map(section),
            scripts: [TogglesStyle.script]
        )
    }

    private func section(_ section: ToggleSection) -> HTMLNode {
        .fragment([
            .el("h2", [.class("lab-section-header")], [.text(section.title)]),
            .el("ul", [.class("lab-list toggles-list"), .testID(TogglesIdentifiers.section(section)), .ariaLabel(section.title)],
                Toggles.all.filter { $0.section == section }.map { ToggleRow(setting: $0, state: state, paths: paths).node }),
            section.footer.map { HTMLNode.el("p", [.class("toggles-footer")], [.text($0)]) } ?? .empty,
        ])
    }
}
