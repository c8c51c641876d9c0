extension Widget {
    /// A row of ``selectionTable(identifier:name:label:rows:multipleSelection:)``.
    public struct SelectionRow: Sendable {
        /// The row's identifier.
        public var identifier: String
        /// The text shown (its label).
        public var title: String
        /// The value submitted when it is selected.
        public var value: String
        /// Whether it starts selected.
        public var isSelected: Bool

        /// A row showing `title`.
        public init(identifier: String, title: String, value: String, isSelected: Bool) {
            self.identifier = identifier
            self.title = title
            self.value = value
            self.isSelected = isSelected
        }
    }

    /// A table whose rows are selected by tapping them, with a checkmark on each selected row
    /// (`role=listbox` of `role=option` with `aria-selected`: a table of cells whose
    /// `isSelected` tells). A form with `data-selection-of` = `identifier` submits the
    /// selected values under `name`. `label` is the list's accessible name (a list box needs
    /// one: it is an input field to assistive technologies).
    public static func selectionTable(identifier: String, name: String, label: String, rows: [SelectionRow], multipleSelection: Bool) -> HTMLNode {
        .el("ul", [
            .class("lab-list"), .role("listbox"), .id(identifier), .testID(identifier), HTMLAttribute("data-name", name), .ariaLabel(label),
            HTMLAttribute("aria-multiselectable", multipleSelection ? "true" : "false"),
        ], rows.map { row in
            .el("li", [
                .role("option"), .testID(row.identifier), HTMLAttribute("aria-selected", row.isSelected ? "true" : "false"),
                HTMLAttribute("data-value", row.value), HTMLAttribute("tabindex", "0"),
            ], [
                .el("span", [], [.text(row.title)]),
                .el("span", [.class("lab-check"), .ariaHidden], [.trusted("✓")]),
            ])
        })
    }
}
