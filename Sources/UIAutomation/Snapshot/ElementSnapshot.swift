/// One element as it was when the page was last read: what queries match against and
/// what an ``Element``'s properties report.
public struct ElementSnapshot: Sendable, PredicateEvaluable, CustomStringConvertible {
    /// The XCUITest type, from the accessibility role (``RoleMapping``).
    public let elementType: ElementType
    /// The `data-testid` (or the configured identifier attribute); empty if none.
    public let identifier: String
    /// The accessible name.
    public let label: String
    /// The accessible value: a field's text, a slider's number, "1"/"0" for a switch.
    public let value: String?
    /// A text field's placeholder.
    public let placeholderValue: String?
    /// `false` when the element is disabled.
    public let isEnabled: Bool
    /// `aria-selected`, or a selected option/tab/row.
    public let isSelected: Bool
    /// Whether it has keyboard focus.
    public let hasFocus: Bool
    /// Its box in viewport coordinates; `.zero` if it has no layout.
    public package(set) var frame: Rect
    /// The Chromium role it came from (for diagnostics).
    public let role: String
    /// The page node, for actions; `nil` for nodes with no DOM counterpart.
    package let node: NodeHandle?
    /// Indexes into the snapshot's element list: the parent (`nil` for the root), the children
    /// in document order, and the depth (0 for the root).
    package var parent: Int?
    package var children: [Int] = []
    package var depth: Int

    /// An element as an engine read it (`parent`, `children` and `depth` place it in its
    /// ``PageSnapshot``'s element list).
    package init(
        elementType: ElementType, identifier: String, label: String, value: String?, placeholderValue: String?,
        isEnabled: Bool, isSelected: Bool, hasFocus: Bool, frame: Rect, role: String, node: NodeHandle?,
        parent: Int?, children: [Int] = [], depth: Int
    ) {
        self.elementType = elementType
        self.identifier = identifier
        self.label = label
        self.value = value
        self.placeholderValue = placeholderValue
        self.isEnabled = isEnabled
        self.isSelected = isSelected
        self.hasFocus = hasFocus
        self.frame = frame
        self.role = role
        self.node = node
        self.parent = parent
        self.children = children
        self.depth = depth
    }

    /// The value of a predicate key (`ElementKeys`: `label`, `isEnabled`, `frame.width`, …);
    /// `nil` for a key elements do not have.
    public func predicateValue(forKey key: String) -> PredicateValue? {
        ElementKeys.value(key, of: self)
    }

    /// One line as in XCUITest's debug description: type, frame, identifier, label, value.
    public var description: String { line(includingFrame: true) }

    /// ``description``, without the frame when `includingFrame` is false (what a tree snapshot
    /// compares: the same on every machine and window size).
    public func line(includingFrame: Bool) -> String {
        var line = includingFrame ? "\(elementType), \(frame)" : "\(elementType)"
        if !identifier.isEmpty { line += ", identifier: '\(identifier)'" }
        if !label.isEmpty { line += ", label: '\(label)'" }
        if let value, !value.isEmpty { line += ", value: \(value)" }
        if let placeholderValue, !placeholderValue.isEmpty { line += ", placeholderValue: '\(placeholderValue)'" }
        if !isEnabled { line += ", Disabled" }
        if isSelected { line += ", Selected" }
        if hasFocus { line += ", Focused" }
        return line
    }
}
