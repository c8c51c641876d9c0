/// Anything queries can start from: the ``Application`` and every ``Element``. Provides
/// XCUITest's shortcuts (`buttons`, `staticTexts`, `cells`, …).
public protocol ElementQueryProviding {
    /// All descendants of `type` (`.any` for every descendant).
    func descendants(matching type: ElementType) -> ElementQuery
    /// Direct children of `type`.
    func children(matching type: ElementType) -> ElementQuery
}

extension ElementQueryProviding {
    public var buttons: ElementQuery { descendants(matching: .button) }
    public var staticTexts: ElementQuery { descendants(matching: .staticText) }
    public var cells: ElementQuery { descendants(matching: .cell) }
    public var switches: ElementQuery { descendants(matching: .switch) }
    public var checkBoxes: ElementQuery { descendants(matching: .checkBox) }
    public var images: ElementQuery { descendants(matching: .image) }
    public var textFields: ElementQuery { descendants(matching: .textField) }
    public var secureTextFields: ElementQuery { descendants(matching: .secureTextField) }
    public var searchFields: ElementQuery { descendants(matching: .searchField) }
    public var collectionViews: ElementQuery { descendants(matching: .collectionView) }
    public var tables: ElementQuery { descendants(matching: .table) }
    public var navigationBars: ElementQuery { descendants(matching: .navigationBar) }
    public var alerts: ElementQuery { descendants(matching: .alert) }
    public var links: ElementQuery { descendants(matching: .link) }
    public var otherElements: ElementQuery { descendants(matching: .other) }
    public var sliders: ElementQuery { descendants(matching: .slider) }
    public var tabBars: ElementQuery { descendants(matching: .tabBar) }
    public var toolbars: ElementQuery { descendants(matching: .toolbar) }
    public var radioButtons: ElementQuery { descendants(matching: .radioButton) }
    public var textViews: ElementQuery { descendants(matching: .textView) }
    public var webViews: ElementQuery { descendants(matching: .webView) }
    public var pickers: ElementQuery { descendants(matching: .picker) }
    public var datePickers: ElementQuery { descendants(matching: .datePicker) }
    public var progressIndicators: ElementQuery { descendants(matching: .progressIndicator) }
    public var activityIndicators: ElementQuery { descendants(matching: .activityIndicator) }
    public var comboBoxes: ElementQuery { descendants(matching: .comboBox) }
    public var menus: ElementQuery { descendants(matching: .menu) }
    public var menuItems: ElementQuery { descendants(matching: .menuItem) }
    public var groups: ElementQuery { descendants(matching: .group) }
    public var tabs: ElementQuery { descendants(matching: .tab) }
    public var steppers: ElementQuery { descendants(matching: .stepper) }
}

extension ElementType {
    /// The XCUITest shortcut property for a type, where one exists.
    static let shortcutNames: [ElementType: String] = [
        .button: "buttons", .staticText: "staticTexts", .cell: "cells", .switch: "switches",
        .checkBox: "checkBoxes", .image: "images", .textField: "textFields",
        .secureTextField: "secureTextFields", .searchField: "searchFields",
        .collectionView: "collectionViews", .table: "tables", .navigationBar: "navigationBars",
        .alert: "alerts", .link: "links", .other: "otherElements", .slider: "sliders",
        .tabBar: "tabBars", .toolbar: "toolbars", .radioButton: "radioButtons", .textView: "textViews",
        .webView: "webViews", .picker: "pickers", .datePicker: "datePickers", .progressIndicator: "progressIndicators",
        .activityIndicator: "activityIndicators", .comboBox: "comboBoxes", .menu: "menus", .menuItem: "menuItems",
        .group: "groups", .tab: "tabs", .stepper: "steppers",
    ]
}
