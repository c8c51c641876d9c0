import Foundation
import LabSupport

/// The kinds of accessibility problem an audit looks for, as XCUITest's
/// `XCUIAccessibilityAuditType` (an option set; `.all` is the default), mapped to the web.
/// What each one checks is in docs/accessibility-audit.md.
public struct AccessibilityAuditType: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// Text whose computed colour on its computed background is below WCAG AA (4.5:1, or 3:1
    /// for large text: 24 px, or 18.66 px bold).
    public static let contrast = AccessibilityAuditType(rawValue: 1 << 0)
    /// Controls that can be tapped or focused but that assistive technologies cannot see
    /// (inside `aria-hidden="true"`, or focusable with `role="none"`/`"presentation"`).
    public static let elementDetection = AccessibilityAuditType(rawValue: 1 << 1)
    /// Touch targets smaller than 44 × 44 pt, on devices with touch (a field's `<label>` counts
    /// as part of its target; links inside a run of text are exempt).
    public static let hitRegion = AccessibilityAuditType(rawValue: 1 << 2)
    /// Controls and images whose accessible name is empty, only whitespace, or only decoration
    /// (symbols such as a CSS `::before` "❯" or "✕").
    public static let sufficientElementDescription = AccessibilityAuditType(rawValue: 1 << 3)
    /// XCUITest's Dynamic Type audit. The web has no system text size a page must follow that
    /// a headless browser could change, so this type checks nothing here (documented).
    public static let dynamicType = AccessibilityAuditType(rawValue: 1 << 4)
    /// Text cut off by its box (`overflow: hidden`/`clip`, `text-overflow: ellipsis`, line clamps).
    public static let textClipped = AccessibilityAuditType(rawValue: 1 << 5)
    /// Roles that do not match behaviour: something that looks tappable (a click handler, the
    /// pointer cursor) with no interactive role, or an interactive role the keyboard cannot reach.
    public static let trait = AccessibilityAuditType(rawValue: 1 << 6)
    /// Web only (not in XCUITest): an identifier (`data-testid`) on more than one element of the
    /// tree, and DOM ids used twice where a label or ARIA reference names them.
    public static let duplicateIdentifier = AccessibilityAuditType(rawValue: 1 << 7)

    /// Every audit type.
    public static let all = AccessibilityAuditType(rawValue: (1 << 8) - 1)

    /// Each type's name, in the order above.
    static let named: [(AccessibilityAuditType, String)] = [
        (.contrast, "contrast"), (.elementDetection, "elementDetection"), (.hitRegion, "hitRegion"),
        (.sufficientElementDescription, "sufficientElementDescription"), (.dynamicType, "dynamicType"),
        (.textClipped, "textClipped"), (.trait, "trait"), (.duplicateIdentifier, "duplicateIdentifier"),
    ]

    /// The type named `name` (the names above, as `audit.js` reports them).
    init?(name: String) {
        guard let found = Self.named.first(where: { $0.1 == name }) else { return nil }
        self = found.0
    }

    /// The one type's name (`contrast`), or each type's joined by commas.
    public var name: String { Self.named.filter { contains($0.0) }.map(\.1).joined(separator: ", ") }

    /// As code: `.all`, `.contrast`, or `[.contrast, .hitRegion]`.
    public var description: String {
        if self == .all { return ".all" }
        let names = Self.named.filter { contains($0.0) }.map { "." + $0.1 }
        return names.count == 1 ? names[0] : "[" + names.joined(separator: ", ") + "]"
    }
}

/// One problem an accessibility audit found, as XCUITest's `XCUIAccessibilityAuditIssue`.
public struct AccessibilityAuditIssue: Sendable, CustomStringConvertible {
    /// Which audit found it (one type).
    public let auditType: AccessibilityAuditType
    /// The element it concerns, as a query that finds it (the tree element at the audit's
    /// time, by type and position), or `nil` when it is the page itself.
    public let element: Element?
    /// The element as it was during the audit (type, identifier, label, frame), if in the tree.
    public let elementSnapshot: ElementSnapshot?
    /// A short title, as XCUITest's (`"Contrast failed"`).
    public let compactDescription: String
    /// What was found, with the measurement (`"contrast 2.32:1 of #999999 on #ffffff is below
    /// 4.5:1 (WCAG AA, normal text 17px)"`) and the DOM element it was found on.
    public let detailedDescription: String

    /// One line: type, element, details.
    public var description: String {
        var line = "[\(auditType.name)] "
        if let elementSnapshot { line += Self.summary(elementSnapshot) + ": " }
        return line + detailedDescription
    }

    /// `Button 'Save' #save`: the element as a reader of the failure knows it.
    static func summary(_ element: ElementSnapshot) -> String {
        var text = "\(element.elementType)"
        if !element.label.isEmpty { text += " " + SwiftLiteral.string(element.label) }
        if !element.identifier.isEmpty { text += " #" + element.identifier }
        return text
    }

    static func title(_ type: AccessibilityAuditType) -> String {
        switch type {
        case .contrast: return "Contrast failed"
        case .elementDetection: return "Element not detected by assistive technologies"
        case .hitRegion: return "Hit area is too small"
        case .sufficientElementDescription: return "Element has no description"
        case .dynamicType: return "Dynamic Type font sizes are unsupported"
        case .textClipped: return "Text clipped"
        case .trait: return "Element has incorrect traits"
        case .duplicateIdentifier: return "Identifier is not unique"
        default: return "Accessibility issue"
        }
    }
}

extension Application {
    /// Audits the screen as it is now for accessibility problems of `types` and fails (throws
    /// ``UIAutomationError`` with reason ``UIAutomationError/Reason/accessibilityIssues(_:)``,
    /// recorded with the tree and screenshot) listing every issue the handler did not ignore,
    /// as XCUITest's `performAccessibilityAudit(for:_:)`:
    ///
    /// ```swift
    /// try await app.performAccessibilityAudit(for: [.contrast, .sufficientElementDescription]) { issue in
    ///     issue.elementSnapshot?.identifier == "legal-footer"   // true: ignore this one
    /// }
    /// ```
    ///
    /// The handler is called once per issue; returning `true` ignores it. An error it throws
    /// fails the audit with that error.
    public func performAccessibilityAudit(for types: AccessibilityAuditType = .all,
                                          _ issueHandler: ((AccessibilityAuditIssue) async throws -> Bool)? = nil, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await called(file, line) {
            let call = "app.performAccessibilityAudit(for: \(types))"
            try await step(call, .expectation) {
                let issues = try await auditIssues(types, call: call)
                var remaining: [AccessibilityAuditIssue] = []
                for issue in issues where try await issueHandler?(issue) != true { remaining.append(issue) }
                if !remaining.isEmpty {
                    throw await recordFailure(UIAutomationError(query: call, reason: .accessibilityIssues(remaining.map(\.description))))
                }
            }
        }
    }

    /// The accessibility problems of `types` on the screen now, without failing: what
    /// ``performAccessibilityAudit(for:_:file:line:)`` checks, for a report or a comparison of your own.
    public func accessibilityAuditIssues(for types: AccessibilityAuditType = .all, file: StaticString = #filePath, line: UInt = #line) async throws -> [AccessibilityAuditIssue] {
        try await called(file, line) {
            let call = "app.accessibilityAuditIssues(for: \(types))"
            return try await step(call, .read) { try await auditIssues(types, call: call) }
        }
    }

    /// One audit: the tree's checks here (descriptions, identifiers), the page's in `audit.js`,
    /// each issue tied to its tree element.
    func auditIssues(_ types: AccessibilityAuditType, call: String) async throws -> [AccessibilityAuditIssue] {
        let driver = try driver(for: call)
        do {
            return try await perform(call) {
                let snapshot = try await driver.snapshot()
                var issues = treeIssues(types, in: snapshot)
                let pageTypes = AccessibilityAuditType.named.filter { types.contains($0.0) && $0.0 != .sufficientElementDescription }
                let treeNodes = snapshot.elements.enumerated().compactMap { index, element in element.node.map { (index, $0) } }
                let options: JSONValue = .object([
                    "types": .array(pageTypes.map { .string($0.1) }),
                    "touch": .bool(configuration.device.hasTouch),
                    "minimumTarget": .number(44),
                    "identifierAttribute": .string(configuration.identifierAttribute),
                ])
                let (nodes, value) = try await driver.callFunction(PageScripts.audit, onNodes: treeNodes.map(\.1), arguments: [options])
                let treeIndexOfNode = Dictionary(treeNodes.map { ($0.1, $0.0) }, uniquingKeysWith: { first, _ in first })
                guard case .array(let found)? = value else { return issues }
                for case .object(let found) in found {
                    guard let type = found["type"]?.string.flatMap(AccessibilityAuditType.init(name:)) else { continue }
                    let position = Int(found["node"]?.number ?? -1)
                    let index = position >= 0 && position < nodes.count ? treeIndexOfNode[nodes[position]] : nil
                    let detail = (found["detail"]?.string ?? "") + " (" + (found["what"]?.string ?? "?") + ")"
                    issues.append(issue(type, at: index, in: snapshot, detail: detail))
                }
                return issues
            }
        } catch let error as UIAutomationError {
            throw await recordFailure(error)
        }
    }

    /// The checks the element tree answers: names (what a screen reader reads) and identifiers.
    private static let describedTypes: Set<ElementType> = [
        .button, .link, .image, .switch, .checkBox, .radioButton, .textField, .secureTextField, .searchField, .textView,
        .slider, .stepper, .comboBox, .tab, .menuItem, .popUpButton, .segmentedControl, .picker, .datePicker,
    ]

    /// Roles that are input fields to assistive technologies whatever type they map to.
    private static let describedRoles: Set<String> = ["listbox", "combobox", "searchbox", "spinbutton", "slider", "textbox", "switch", "checkbox"]

    private func treeIssues(_ types: AccessibilityAuditType, in snapshot: PageSnapshot) -> [AccessibilityAuditIssue] {
        var issues: [AccessibilityAuditIssue] = []
        let elements = snapshot.elements
        if types.contains(.sufficientElementDescription) {
            for (index, element) in elements.enumerated() where index > 0
                && (Self.describedTypes.contains(element.elementType) || Self.describedRoles.contains(element.role)) {
                let label = element.label
                if label.trimmed.isEmpty {
                    issues.append(issue(.sufficientElementDescription, at: index, in: snapshot,
                                                    detail: "\(element.elementType) (\(element.role)) has no accessible name (\(label.isEmpty ? "empty" : "only whitespace"))"))
                } else if ElementKeys.undecorated(label) == label, label.unicodeScalars.allSatisfy(ElementKeys.isDecorative) {
                    issues.append(issue(.sufficientElementDescription, at: index, in: snapshot,
                                                    detail: "\(element.elementType)'s accessible name \(SwiftLiteral.string(label)) is only decoration"))
                }
            }
        }
        if types.contains(.duplicateIdentifier) {
            var first: [String: Int] = [:]
            for (index, element) in elements.enumerated() where !element.identifier.isEmpty {
                if let earlier = first[element.identifier] {
                    issues.append(issue(.duplicateIdentifier, at: index, in: snapshot,
                                                    detail: "identifier \(SwiftLiteral.string(element.identifier)) is also on "
                                                        + AccessibilityAuditIssue.summary(elements[earlier])))
                } else {
                    first[element.identifier] = index
                }
            }
        }
        return issues
    }

    /// An issue about the tree element at `index` (`nil` or 0: the page), with a query that
    /// finds that element: `app.descendants(matching: type).element(boundBy: n)`, its position
    /// among the tree's elements of its type in document order.
    private func issue(_ type: AccessibilityAuditType, at index: Int?, in snapshot: PageSnapshot, detail: String) -> AccessibilityAuditIssue {
        var element: Element?
        var elementSnapshot: ElementSnapshot?
        if let index, index > 0, index < snapshot.elements.count {
            let found = snapshot.elements[index]
            elementSnapshot = found
            element = descendants(matching: found.elementType)
                .element(boundBy: snapshot.elements[1..<index].count { $0.elementType == found.elementType })
        }
        return AccessibilityAuditIssue(auditType: type, element: element, elementSnapshot: elementSnapshot,
                                       compactDescription: AccessibilityAuditIssue.title(type), detailedDescription: detail)
    }
}
