import Testing
@testable import UIAutomation

/// The role → type table, row by row (docs/element-model.md shows the same table).
@Suite("Role mapping")
struct RoleMappingTests {
    @Test(arguments: [
        ("button", ElementType.button), ("PopUpButton", .button), ("link", .link),
        ("StaticText", .staticText), ("heading", .staticText), ("paragraph", .staticText), ("LabelText", .staticText),
        ("image", .image), ("img", .image), ("textbox", .textField), ("searchbox", .searchField),
        ("switch", .switch), ("checkbox", .checkBox), ("radio", .radioButton), ("radiogroup", .radioGroup),
        ("slider", .slider), ("spinbutton", .stepper), ("progressbar", .progressIndicator), ("combobox", .comboBox),
        ("list", .collectionView), ("grid", .collectionView), ("feed", .collectionView),
        ("table", .table), ("LayoutTable", .table), ("treegrid", .table), ("listbox", .table), ("tree", .table),
        ("listitem", .cell), ("row", .cell), ("LayoutTableRow", .cell), ("option", .cell), ("treeitem", .cell), ("gridcell", .cell),
        ("navigation", .navigationBar), ("toolbar", .toolbar), ("tablist", .tabBar), ("tab", .tab),
        ("alert", .alert), ("alertdialog", .alert), ("dialog", .alert),
        ("menu", .menu), ("menubar", .menuBar), ("menuitem", .menuItem), ("scrollbar", .scrollBar),
        ("group", .group), ("meter", .levelIndicator), ("RootWebArea", .application),
        ("Date", .datePicker), ("DateTime", .datePicker), ("InputTime", .datePicker), ("Iframe", .webView),
        ("generic", .other), ("main", .other), ("banner", .other), ("region", .other), ("LayoutTableCell", .other),
    ])
    func roleMapsToType(role: String, type: ElementType) {
        #expect(RoleMapping.elementType(role: role, attributes: [:]) == type)
    }

    @Test func passwordFieldsAreSecureTextFields() {
        #expect(RoleMapping.elementType(role: "textbox", attributes: ["type": "password"]) == .secureTextField)
        #expect(RoleMapping.elementType(role: "textbox", attributes: ["type": "PASSWORD"]) == .secureTextField)
        #expect(RoleMapping.elementType(role: "textbox", attributes: ["type": "email"]) == .textField)
    }

    @Test func nodeFactsRefineARole() {
        let multiline = RoleMapping.NodeFacts(isMultiline: true)
        #expect(RoleMapping.elementType(role: "textbox", attributes: [:], facts: multiline) == .textView)
        #expect(RoleMapping.elementType(role: "textbox", attributes: ["type": "password"], facts: multiline) == .secureTextField)
        #expect(RoleMapping.elementType(role: "progressbar", attributes: [:], facts: .init(hasValue: false)) == .activityIndicator)
        #expect(RoleMapping.elementType(role: "combobox", attributes: [:], facts: .init(ownsListPopup: true)) == .picker)
    }

    @Test func rawValuesAreXCUITests() {
        #expect(ElementType.button.rawValue == 9)
        #expect(ElementType.cell.rawValue == 75)
        #expect(ElementType.staticText.rawValue == 48)
        #expect(ElementType.switch.rawValue == 40)
        #expect(ElementType.textField.rawValue == 49)
        #expect(ElementType.collectionView.rawValue == 32)
        #expect(ElementType.statusItem.rawValue == 82)
        #expect(ElementType.switch.description == "Switch")
        #expect(ElementType.staticText.description == "StaticText")
    }
}
