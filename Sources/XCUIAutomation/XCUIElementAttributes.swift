public import Foundation
public import UIAutomation

/// The attributes every element and element snapshot has, as XCUITest's `XCUIElementAttributes`.
public protocol XCUIElementAttributes {
    /// The accessibility identifier (`data-testid` on a page).
    var identifier: String { get }
    /// The box on screen, in points.
    var frame: CGRect { get }
    /// The accessible value: a field's text, "1"/"0" for a switch.
    var value: Any? { get }
    /// The title (empty on the web).
    var title: String { get }
    /// The accessible name.
    var label: String { get }
    /// The type, from the accessibility role.
    var elementType: XCUIElement.ElementType { get }
    /// Whether it is enabled.
    var isEnabled: Bool { get }
    /// The horizontal size class of the screen.
    var horizontalSizeClass: XCUIElement.SizeClass { get }
    /// The vertical size class of the screen.
    var verticalSizeClass: XCUIElement.SizeClass { get }
    /// A text field's placeholder.
    var placeholderValue: String? { get }
    /// Whether it is selected.
    var isSelected: Bool { get }
    /// Whether it has keyboard focus.
    var hasFocus: Bool { get }
}

/// An element and its descendants as they were when taken (`XCUIElement.snapshot()`), as
/// XCUITest's `XCUIElementSnapshot`: reading it never touches the page again.
public protocol XCUIElementSnapshot: XCUIElementAttributes {
    /// The children, in document order.
    var children: [any XCUIElementSnapshot] { get }
    /// The attributes as a dictionary (keys as XCUITest's `XCUIElement.AttributeName`).
    var dictionaryRepresentation: [XCUIElement.AttributeName: Any] { get }
}

extension XCUIElement {
    /// The keys of a snapshot's ``XCUIElementSnapshot/dictionaryRepresentation``.
    public struct AttributeName: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let identifier = AttributeName(rawValue: "identifier")
        public static let frame = AttributeName(rawValue: "frame")
        public static let value = AttributeName(rawValue: "value")
        public static let title = AttributeName(rawValue: "title")
        public static let label = AttributeName(rawValue: "label")
        public static let elementType = AttributeName(rawValue: "elementType")
        public static let enabled = AttributeName(rawValue: "enabled")
        public static let horizontalSizeClass = AttributeName(rawValue: "horizontalSizeClass")
        public static let verticalSizeClass = AttributeName(rawValue: "verticalSizeClass")
        public static let selected = AttributeName(rawValue: "selected")
        public static let hasFocus = AttributeName(rawValue: "hasFocus")
        public static let placeholderValue = AttributeName(rawValue: "placeholderValue")
        public static let children = AttributeName(rawValue: "children")
    }
}

/// A snapshot over one UIAutomation page snapshot and an index in it.
struct ElementSnapshotTree: XCUIElementSnapshot, @unchecked Sendable {
    let page: PageSnapshot
    let index: Int

    private var element: ElementSnapshot { page.elements[index] }

    var identifier: String { element.identifier }
    var frame: CGRect { CGRect(x: element.frame.x, y: element.frame.y, width: element.frame.width, height: element.frame.height) }
    var value: Any? { element.value }
    var title: String { "" }
    var label: String { element.label }
    var elementType: XCUIElement.ElementType { element.elementType }
    var isEnabled: Bool { element.isEnabled }
    var horizontalSizeClass: XCUIElement.SizeClass { .unspecified }
    var verticalSizeClass: XCUIElement.SizeClass { .unspecified }
    var placeholderValue: String? { element.placeholderValue }
    var isSelected: Bool { element.isSelected }
    var hasFocus: Bool { element.hasFocus }
    var children: [any XCUIElementSnapshot] { page.children(of: index).map { ElementSnapshotTree(page: page, index: $0) } }

    var dictionaryRepresentation: [XCUIElement.AttributeName: Any] {
        var dictionary: [XCUIElement.AttributeName: Any] = [
            .identifier: identifier, .frame: frame, .title: title, .label: label, .elementType: elementType.rawValue,
            .enabled: isEnabled, .selected: isSelected, .hasFocus: hasFocus,
            .children: children.map(\.dictionaryRepresentation),
        ]
        if let value { dictionary[.value] = value }
        if let placeholderValue { dictionary[.placeholderValue] = placeholderValue }
        return dictionary
    }
}
