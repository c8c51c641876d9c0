import LabSupport

/// One step of a query chain, applied to the set of elements the previous step produced.
package enum QueryStep: Sendable, CustomStringConvertible {
    /// All descendants of type `type` (`.any`: every descendant).
    case descendants(ElementType)
    /// Direct children of type `type`.
    case children(ElementType)
    /// Keep the elements satisfying the predicate.
    case matching(ElementPredicate)
    /// Keep the elements that have a descendant satisfying the predicate.
    case containing(ElementPredicate)
    /// Keep the elements whose DOM node matches a CSS selector (the web-only path).
    case css(String)
    /// Narrow to one element: an ``Element`` in the middle of a chain.
    case pick(ElementPick)

    /// Whether the step reads elements' frames (a predicate on `frame.…`).
    package var readsFrames: Bool {
        switch self {
        case .matching(let predicate), .containing(let predicate): return ElementKeys.readsFrame(predicate)
        case .descendants, .children, .css, .pick: return false
        }
    }

    package var description: String {
        switch self {
        case .descendants(let type): return "descendants(matching: .\(type.name))"
        case .children(let type): return "children(matching: .\(type.name))"
        case .matching(let predicate): return "matching(\(predicate))"
        case .containing(let predicate): return "containing(\(predicate))"
        case .css(let selector): return "matching(css: \(SwiftLiteral.string(selector)))"
        case .pick(let pick): return pick.description
        }
    }
}

/// How an ``Element`` picks one element from its query's matches.
package enum ElementPick: Sendable, Equatable, CustomStringConvertible {
    /// Exactly one match, or an error naming all of them (XCUITest's `element`).
    case unique
    /// The first match in document order (`firstMatch`).
    case first
    /// The match at an index (`element(boundBy:)`).
    case index(Int)

    package var description: String {
        switch self {
        case .unique: return "element"
        case .first: return "firstMatch"
        case .index(let index): return "element(boundBy: \(index))"
        }
    }
}

extension ElementType {
    /// The case as written in code (`button`, `` `switch` ``).
    var name: String { self == .switch ? "`switch`" : caseName }
}
