import LabSupport

/// A description of elements to find, as `XCUIElementQuery` is: built by chaining, and
/// resolved against the live page every time it is used — never stale.
public struct ElementQuery: ElementQueryProviding, Sendable, CustomStringConvertible {
    /// The application it belongs to.
    public let app: Application
    let steps: [QueryStep]
    /// The chain as the user wrote it, for messages.
    let text: String

    /// The query as code, e.g. `app.cells.matching(identifier: "lion").buttons`.
    public var description: String { text }

    // MARK: Chaining

    public func descendants(matching type: ElementType) -> ElementQuery {
        adding(.descendants(type), Application.shortcut(for: type))
    }

    public func children(matching type: ElementType) -> ElementQuery {
        adding(.children(type), ".children(matching: .\(type.name))")
    }

    /// The matches that satisfy `predicate`.
    public func matching(_ predicate: ElementPredicate) -> ElementQuery {
        adding(.matching(predicate), ".matching(\(SwiftLiteral.string(predicate.description)))")
    }

    /// The matches whose identifier is `identifier`.
    public func matching(identifier: String) -> ElementQuery {
        adding(.matching(ElementPredicate.key("identifier").equals(identifier)), ".matching(identifier: \(SwiftLiteral.string(identifier)))")
    }

    /// The matches of type `type` (and identifier, if given).
    public func matching(_ type: ElementType, identifier: String?) -> ElementQuery {
        adding(.matching(Self.predicate(type: type, identifier: identifier)),
               ".matching(.\(type.name), identifier: \(identifier.map(SwiftLiteral.string) ?? "nil"))")
    }

    /// The matches that contain a descendant satisfying `predicate`.
    public func containing(_ predicate: ElementPredicate) -> ElementQuery {
        adding(.containing(predicate), ".containing(\(SwiftLiteral.string(predicate.description)))")
    }

    /// The matches that contain a descendant of type `type` (and identifier, if given).
    public func containing(_ type: ElementType, identifier: String?) -> ElementQuery {
        adding(.containing(Self.predicate(type: type, identifier: identifier)),
               ".containing(.\(type.name), identifier: \(identifier.map(SwiftLiteral.string) ?? "nil"))")
    }

    /// The matches whose DOM node matches the CSS `selector` (a text by its parent element):
    /// `app.cells.matching(css: ".completed")`. The web-only path, for what the accessibility
    /// tree does not carry (classes, attributes, structure); the elements are still the
    /// tree's, so a DOM node with no element of its own (a plain `div`) is not found — query
    /// its role instead, or use ``ElementQueryProviding/descendants(matching:)`` with `.any`.
    /// An invalid selector fails the query with ``UIAutomationError/Reason/invalidRequest(_:)``.
    public func matching(css selector: String) -> ElementQuery {
        adding(.css(selector), ".matching(css: \(SwiftLiteral.string(selector)))")
    }

    // MARK: Elements

    /// The one match whose identifier, label, value or placeholder is `key` (strict). A label
    /// matches also without decorative glyphs at its ends (`❯Mark all as complete`, from a CSS
    /// `::before`; see `ElementKeys.undecorated`).
    public subscript(_ key: String) -> Element {
        let predicate = ElementPredicate.key("identifier").equals(key)
            || ElementPredicate.key("label").equals(key)
            || ElementPredicate.key("undecoratedLabel").equals(key)
            || ElementPredicate.key("value").equals(key)
            || ElementPredicate.key("placeholderValue").equals(key)
        return Element(query: adding(.matching(predicate), "[\(SwiftLiteral.string(key))]"), pick: .unique, suffix: "")
    }

    /// The one and only match; using it fails if there are none or several.
    public var element: Element { Element(query: self, pick: .unique, suffix: ".element") }

    /// The first match in document order.
    public var firstMatch: Element { Element(query: self, pick: .first, suffix: ".firstMatch") }

    /// The match at `index`, in document order.
    public func element(boundBy index: Int) -> Element {
        Element(query: self, pick: .index(index), suffix: ".element(boundBy: \(index))")
    }

    /// The one match that satisfies `predicate` (strict).
    public func element(matching predicate: ElementPredicate) -> Element {
        Element(query: matching(predicate), pick: .unique, suffix: ".element")
    }

    /// The one match of type `type` with identifier `identifier` (strict).
    public func element(matching type: ElementType, identifier: String?) -> Element {
        Element(query: matching(type, identifier: identifier), pick: .unique, suffix: ".element")
    }

    /// How many elements match now: 0 also when an element earlier in the chain does not
    /// exist (`app.cells["gone"].buttons.count`). Several matches for such an element, or a
    /// browser failure, still throw.
    public var count: Int {
        get async throws { try await snapshots(frames: false).count }
    }

    /// One element per current match, each bound to its index.
    public var allElementsBoundByIndex: [Element] {
        get async throws { (0..<(try await count)).map { element(boundBy: $0) } }
    }

    /// Snapshots of every current match (none when an element earlier in the chain does not exist).
    public func snapshots() async throws -> [ElementSnapshot] {
        try await snapshots(frames: true)
    }

    /// Snapshots of every current match; with `frames` false for a caller that reads no frame
    /// (their ``ElementSnapshot/frame`` may then be an earlier read's).
    package func snapshots(frames: Bool) async throws -> [ElementSnapshot] {
        do {
            let (snapshot, indexes) = try await app.resolveWithSnapshot(steps: steps, query: text, frames: frames)
            return indexes.map { snapshot.elements[$0] }
        } catch let error as UIAutomationError where error.meansMissing {
            return []
        }
    }

    // MARK: Internals

    private func adding(_ step: QueryStep, _ suffix: String) -> ElementQuery {
        ElementQuery(app: app, steps: steps + [step], text: text + suffix)
    }

    private static func predicate(type: ElementType, identifier: String?) -> ElementPredicate {
        var predicate = type == .any ? ElementPredicate.truePredicate
            : ElementPredicate.key("elementType").equals(type.rawValue)
        if let identifier { predicate = predicate && ElementPredicate.key("identifier").equals(identifier) }
        return predicate
    }
}

