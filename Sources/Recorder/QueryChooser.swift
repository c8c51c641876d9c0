public import UIAutomation

/// Chooses the query an expert would write for one element of a page: the shortest that is
/// unique *in the tree it is given* — the live tree read at that moment.
///
/// Candidates, in order, and the first that selects exactly the element wins:
/// 1. its type and identifier: `app.buttons["save"]` (`data-testid`, the most stable);
/// 2. its type and label (or a text field's placeholder): `app.buttons["Save"]`;
/// 3. the same inside the nearest ancestor that has a unique identifier or label of its own:
///    `app.cells["lion"].buttons["Favourite"]`, or `….buttons.element` when it is the only one
///    of its type there;
/// 4. an index, only when nothing else is unique: `app.cells["lion"].buttons.element(boundBy: 1)`,
///    within that ancestor when there is one, else among all elements of the type.
///
/// Every candidate is checked with UIAutomation's own query evaluator
/// (`PageSnapshot.indexes(of:)`): a query is never returned that would match none or
/// several elements in that tree. `verifyLive(_:is:)` (package) checks one again against the running app.
public struct QueryChooser: Sendable {
    /// The application queries are built on (`app.…` in the code).
    public let app: Application

    public init(app: Application) {
        self.app = app
    }

    /// The types an action aims at, for ``actionTarget(for:in:)``.
    public static let actionableTypes: Set<ElementType> = [
        .button, .link, .cell, .switch, .checkBox, .radioButton, .textField, .secureTextField, .searchField,
        .textView, .slider, .stepper, .picker, .comboBox, .tab, .menuItem, .datePicker, .image,
    ]

    /// The element a person meant when they pressed `index`: the element itself when it is a
    /// control, else its nearest control ancestor within three levels (text inside a button gives
    /// the button, an image inside a link the link); a control without an identifier that is the
    /// whole content of a control with one and the same label (a cell's link) gives that one; a
    /// switch inside a switch (a SwiftUI-style toggle row) gives the outer one, which the toggle
    /// helpers expect.
    public func actionTarget(for index: Int, in snapshot: PageSnapshot) -> Int {
        let elements = snapshot.elements
        var target = index
        if ![.button, .link, .cell, .switch, .checkBox, .radioButton, .textField, .secureTextField, .searchField, .textView,
             .slider, .picker, .comboBox, .tab, .menuItem]
            .contains(elements[index].elementType)
        {
            var ancestor = snapshot.parentIndex(of: index)
            var levels = 0
            while let current = ancestor, current != 0, levels < 3 {
                if Self.actionableTypes.contains(elements[current].elementType) && elements[current].elementType != .image {
                    target = current
                    break
                }
                ancestor = snapshot.parentIndex(of: current)
                levels += 1
            }
        }
        // A control without an identifier that fills a named one (a link that is a cell's whole
        // content, with the same label) means the one with the identifier: the stabler query.
        while elements[target].identifier.isEmpty, let parent = snapshot.parentIndex(of: target), parent != 0,
              Self.actionableTypes.contains(elements[parent].elementType), !elements[parent].identifier.isEmpty,
              elements[parent].label == elements[target].label
        {
            target = parent
        }
        if [.switch, .checkBox].contains(elements[target].elementType) {
            var ancestor = snapshot.parentIndex(of: target)
            while let current = ancestor, current != 0 {
                if elements[current].elementType == elements[target].elementType { target = current }
                ancestor = snapshot.parentIndex(of: current)
            }
        }
        return target
    }

    /// The element an assertion on `index` (the element under the pointer) is about: a generic
    /// container (`.other`) means its nearest typed ancestor within three levels; for a value,
    /// an element with none means its nearest ancestor that is a switch, check box, field,
    /// slider or picker (the row's text inside a toggle means the toggle).
    public func assertionTarget(for index: Int, in snapshot: PageSnapshot, forValue: Bool) -> Int {
        let elements = snapshot.elements
        func ancestor(of start: Int, where condition: (ElementSnapshot) -> Bool) -> Int? {
            var current = snapshot.parentIndex(of: start)
            var levels = 0
            while let at = current, at != 0, levels < 3 {
                if condition(elements[at]) { return at }
                current = snapshot.parentIndex(of: at)
                levels += 1
            }
            return nil
        }
        var target = index
        if elements[target].elementType == .other, let typed = ancestor(of: target, where: { $0.elementType != .other }) {
            target = typed
        }
        let valued: Set<ElementType> = [.switch, .checkBox, .radioButton, .textField, .secureTextField, .searchField, .textView, .slider, .picker]
        if forValue, !valued.contains(elements[target].elementType), (elements[target].value ?? "").isEmpty,
           let holder = ancestor(of: target, where: { valued.contains($0.elementType) })
        {
            target = holder
        }
        return target
    }

    /// The recommended query for the element at `index` of `snapshot`, or `nil` for the root
    /// (the application itself, `app`).
    public func element(for index: Int, in snapshot: PageSnapshot) async throws -> Element? {
        guard index > 0, index < snapshot.elements.count else { return nil }
        if let simple = try await keyed(index, in: app, snapshot: snapshot) { return simple }
        let type = snapshot.elements[index].elementType
        // Inside the nearest ancestor that can be named on its own.
        var scopes: [Element] = []
        var ancestor = snapshot.parentIndex(of: index)
        while let current = ancestor, current != 0 {
            if let scope = try await keyed(current, in: app, snapshot: snapshot) {
                scopes.append(scope)
                if let inside = try await keyed(index, in: scope, snapshot: snapshot) { return inside }
                let only = scope.descendants(matching: type).element
                if try await snapshot.indexes(of: only) == [index] { return only }
                break
            }
            ancestor = snapshot.parentIndex(of: current)
        }
        // An index, within that ancestor when there is one.
        let all: ElementQuery = scopes.first.map { $0.descendants(matching: type) } ?? app.descendants(matching: type)
        let matches = try await snapshot.indexes(of: all)
        if let position = matches.firstIndex(of: index) {
            let picked = all.element(boundBy: position)
            if try await snapshot.indexes(of: picked) == [index] { return picked }
        }
        return nil
    }

    /// Whether `element` resolves, in the running app now, to exactly one element, the one with
    /// page node `domNodeId` (strict resolution, as a test's action would make it).
    /// Package-level: node handles belong to the engines.
    package func verifyLive(_ element: Element, is domNodeId: NodeHandle?) async -> Bool {
        guard let snapshot = try? await app.snapshot(), let indexes = try? await snapshot.indexes(of: element),
              indexes.count == 1
        else { return false }
        return snapshot.elements[indexes[0]].domNodeId == domNodeId
    }

    /// `scope.<type>[key]` for the element's identifier, label or placeholder, if one is unique.
    private func keyed(_ index: Int, in scope: some ElementQueryProviding, snapshot: PageSnapshot) async throws -> Element? {
        let element = snapshot.elements[index]
        var keys: [String] = []
        for key in [element.identifier, element.label, element.placeholderValue ?? ""]
        where !key.isEmpty && !keys.contains(key) && key.count <= 200 {
            keys.append(key)
        }
        let query = scope.descendants(matching: element.elementType)
        for key in keys {
            let candidate = query[key]
            if try await snapshot.indexes(of: candidate) == [index] { return candidate }
        }
        return nil
    }
}
