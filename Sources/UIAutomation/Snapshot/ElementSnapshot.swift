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
    public let frame: Rect
    /// The Chromium role it came from (for diagnostics).
    public let role: String
    /// The DOM node, for actions; `nil` for nodes with no DOM counterpart.
    let backendNodeId: Int?
    /// Indexes into the snapshot's element list.
    let parent: Int?
    var children: [Int] = []
    let depth: Int

    public func predicateValue(forKey key: String) -> PredicateValue? {
        switch key {
        case "exists": return .bool(true)
        case "label": return .string(label)
        case "identifier": return .string(identifier)
        case "value": return value.map(PredicateValue.string) ?? .null
        case "placeholderValue": return placeholderValue.map(PredicateValue.string) ?? .null
        case "title": return .string("")
        case "isEnabled", "enabled": return .bool(isEnabled)
        case "isSelected", "selected": return .bool(isSelected)
        case "hasFocus", "hasKeyboardFocus": return .bool(hasFocus)
        case "elementType": return .number(Double(elementType.rawValue))
        default: return frame.predicateValue(forKey: key)
        }
    }

    /// One line as in XCUITest's debug description: type, frame, identifier, label, value.
    public var description: String {
        var line = "\(elementType), \(frame)"
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
