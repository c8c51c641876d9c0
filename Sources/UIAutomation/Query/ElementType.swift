/// The kind of a UI element, with XCUITest's names and raw values
/// (`XCUIElement.ElementType`), so `elementType == 9` in a predicate means a button here
/// as it does there. Which browser roles map to which type: ``RoleMapping``.
public enum ElementType: Int, Sendable, CaseIterable, CustomStringConvertible {
    case any = 0, other, application, group, window, sheet, drawer, alert, dialog, button
    case radioButton, radioGroup, checkBox, disclosureTriangle, popUpButton, comboBox, menuButton
    case toolbarButton, popover, keyboard, key, navigationBar, tabBar, tabGroup, toolbar, statusBar
    case table, tableRow, tableColumn, outline, outlineRow, browser, collectionView, slider
    case pageIndicator, progressIndicator, activityIndicator, segmentedControl, picker, pickerWheel
    case `switch`, toggle, link, image, icon, searchField, scrollView, scrollBar, staticText
    case textField, secureTextField, datePicker, textView, menu, menuItem, menuBar, menuBarItem
    case map, webView, incrementArrow, decrementArrow, timeline, ratingIndicator, valueIndicator
    case splitGroup, splitter, relevanceIndicator, colorWell, helpTag, matte, dockItem, ruler
    case rulerMarker, grid, levelIndicator, cell, layoutArea, layoutItem, handle, stepper, tab
    case touchBar, statusItem

    /// The name as XCUITest prints it (`Button`, `StaticText`, …).
    public var description: String {
        let name = caseName
        return name.prefix(1).uppercased() + name.dropFirst()
    }

    /// The case name as written in Swift (`button`, `staticText`).
    var caseName: String { Self.caseNames[rawValue] }

    private static let caseNames = [
        "any",
        "other",
        "application",
        "group",
        "window",
        "sheet",
        "drawer",
        "alert",
        "dialog",
        "button",
        "radioButton",
        "radioGroup",
        "checkBox",
        "disclosureTriangle",
        "popUpButton",
        "comboBox",
        "menuButton",
        "toolbarButton",
        "popover",
        "keyboard",
        "key",
        "navigationBar",
        "tabBar",
        "tabGroup",
        "toolbar",
        "statusBar",
        "table",
        "tableRow",
        "tableColumn",
        "outline",
        "outlineRow",
        "browser",
        "collectionView",
        "slider",
        "pageIndicator",
        "progressIndicator",
        "activityIndicator",
        "segmentedControl",
        "picker",
        "pickerWheel",
        "switch",
        "toggle",
        "link",
        "image",
        "icon",
        "searchField",
        "scrollView",
        "scrollBar",
        "staticText",
        "textField",
        "secureTextField",
        "datePicker",
        "textView",
        "menu",
        "menuItem",
        "menuBar",
        "menuBarItem",
        "map",
        "webView",
        "incrementArrow",
        "decrementArrow",
        "timeline",
        "ratingIndicator",
        "valueIndicator",
        "splitGroup",
        "splitter",
        "relevanceIndicator",
        "colorWell",
        "helpTag",
        "matte",
        "dockItem",
        "ruler",
        "rulerMarker",
        "grid",
        "levelIndicator",
        "cell",
        "layoutArea",
        "layoutItem",
        "handle",
        "stepper",
        "tab",
        "touchBar",
        "statusItem",
    ]

    /// Whether an element of type `type` satisfies a query for `self` (`.any` matches all).
    func matches(_ type: ElementType) -> Bool { self == .any || self == type }
}
