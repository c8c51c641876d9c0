/// LabKit's widgets: functions that render UIKit-like controls with the accessibility roles
/// UIAutomation maps to XCUITest element types, and `data-testid` identifiers.
///
/// | widget | markup | element type |
/// |---|---|---|
/// | ``collectionView(identifier:cells:)`` | `<ul>` grid of `<li>` | collectionView of cells |
/// | ``selectionTable(identifier:name:label:rows:multipleSelection:)`` | `role=listbox` of `role=option` + `aria-selected` | table of cells (isSelected) |
/// | ``button(_:identifier:style:type:attributes:icon:)`` / ``barButton(_:identifier:icon:bold:type:attributes:)`` | `<button>` | button |
/// | ``label(_:identifier:style:)`` | `<p>` | staticText |
/// | ``image(_:label:identifier:className:)`` | `<svg role=img aria-label>` | image |
/// | ``switchRow(_:identifier:name:isOn:)`` | `<input type=checkbox role=switch>` | switch ("1"/"0") |
/// | ``textField(_:identifier:name:placeholder:value:)`` | `<input type=text>` | textField |
/// | ``emptyState(_:identifier:)`` | `<div role=status>` with a `<p>` | staticText |
/// | ``alert(title:message:identifier:actions:)`` | `role=alertdialog` | alert |
///
/// The navigation bar is ``NavigationBar``.
public enum Widget {}
