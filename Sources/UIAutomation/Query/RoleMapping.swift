/// The one table from computed accessibility roles (as Chromium reports them in
/// `Accessibility.getFullAXTree`) to ``ElementType``. Documented in docs/element-model.md
/// and tested row by row.
///
/// Chromium quirks it absorbs: a `<table>` without header cells is `LayoutTable`, its rows
/// `LayoutTableRow`; text is `StaticText`; the page root is `RootWebArea`.
public enum RoleMapping {
    /// Roles whose nodes are left out of the element tree; their children move up.
    public static let transparentRoles: Set<String> = [
        "none", "presentation", "InlineTextBox", "LineBreak", "ListMarker", "Ignored",
    ]

    /// What of an accessibility node besides its role decides its type.
    public struct NodeFacts: Sendable {
        /// A text box that takes several lines (`<textarea>`): a ``ElementType/textView``.
        public var isMultiline = false
        /// A progress bar with no value is indeterminate: an ``ElementType/activityIndicator``.
        public var hasValue = true
        /// A combo box that owns a list popup is a `<select>`: a ``ElementType/picker`` (iOS Safari
        /// shows one as a picker wheel).
        public var ownsListPopup = false

        public init(isMultiline: Bool = false, hasValue: Bool = true, ownsListPopup: Bool = false) {
            self.isMultiline = isMultiline
            self.hasValue = hasValue
            self.ownsListPopup = ownsListPopup
        }
    }

    /// The element type for a role, given the element's DOM attributes (for `type=password`)
    /// and the facts of its node that refine a role (``NodeFacts``).
    public static func elementType(role: String, attributes: [String: String], facts: NodeFacts = NodeFacts()) -> ElementType {
        switch role {
        case "RootWebArea", "WebArea": return .application
        case "button", "PopUpButton": return .button
        case "link": return .link
        case "StaticText", "heading", "paragraph", "LabelText", "text", "caption", "figcaption", "label":
            return .staticText
        case "image", "img", "graphics-document", "graphics-symbol", "svg": return .image
        case "textbox":
            if attributes["type"]?.lowercased() == "password" { return .secureTextField }
            return facts.isMultiline ? .textView : .textField
        case "searchbox": return .searchField
        case "switch": return .switch
        case "checkbox": return .checkBox
        case "radio": return .radioButton
        case "radiogroup": return .radioGroup
        case "slider": return .slider
        case "spinbutton": return .stepper
        case "progressbar": return facts.hasValue ? .progressIndicator : .activityIndicator
        case "combobox" where facts.ownsListPopup: return .picker
        case "combobox", "ComboBoxGrouping", "ComboBoxMenuButton": return .comboBox
        case "Date", "DateTime", "InputTime", "date", "time": return .datePicker
        case "Iframe", "IframePresentational": return .webView
        case "list", "grid", "feed": return .collectionView
        case "table", "LayoutTable", "treegrid", "listbox", "tree": return .table
        case "listitem", "row", "LayoutTableRow", "option", "treeitem", "gridcell": return .cell
        case "navigation": return .navigationBar
        case "toolbar": return .toolbar
        case "tablist": return .tabBar
        case "tab": return .tab
        case "tabpanel": return .other
        case "alert", "alertdialog", "dialog": return .alert
        case "menu": return .menu
        case "menubar": return .menuBar
        case "menuitem", "menuitemcheckbox", "menuitemradio": return .menuItem
        case "scrollbar": return .scrollBar
        case "group", "radiogroup-like", "fieldset": return .group
        case "meter": return .levelIndicator
        default: return .other
        }
    }
}
