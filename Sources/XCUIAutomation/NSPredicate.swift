import Foundation
import UIAutomation

/// XCUITest's predicates on Linux, where Foundation's `NSPredicate(format:)` is unimplemented
/// (it traps). This class has Foundation's name and is a subclass of it: a test file that
/// imports XCUIAutomation gets this one for `NSPredicate(format: "exists == true")` (a
/// declaration in a module shadows the same-named one of a module it imports), and it works
/// wherever Foundation's is expected — `XCTNSPredicateExpectation`, `XCTWaiter`,
/// `NSCompoundPredicate` — since evaluation goes through ``evaluate(with:)``.
///
/// The format is UIAutomation's predicate language (docs/predicates.md): the keys of an element
/// (`exists`, `label`, `identifier`, `value`, `isEnabled`, `isHittable`, `elementType`…),
/// comparisons, `BEGINSWITH`/`CONTAINS`/`LIKE`/`MATCHES` with `[c]`/`[d]`, `AND`/`OR`/`NOT`,
/// `IN`, `BETWEEN`, and `%@`/`%K`/`%d`/`%f` arguments. It evaluates an `XCUIElement` (against
/// the live page), an `XCUIElementQuery` (its `count` and `exists`) and a `[String: Any]`.
open class NSPredicate: Foundation.NSPredicate {
    /// The parsed predicate, or why the format did not parse.
    let parsed: Result<ElementPredicate, PredicateSyntaxError>
    let format: String
    private let block: (@Sendable (Any?, [String: Any]?) -> Bool)?

    /// A predicate from a format string and its `%@`-style arguments. A format that does not
    /// parse records a failure at the caller's line when the predicate is used. The arguments
    /// are `Any` rather than Apple's `CVarArg`: on Linux a Swift array is not a `CVarArg`, and
    /// `NSPredicate(format: "identifier IN %@", ["a", "b"])` must compile as it does on macOS.
    public init(format predicateFormat: String, _ args: Any...) {
        format = predicateFormat
        block = nil
        parsed = Self.parse(predicateFormat, args)
        super.init(value: true)
    }

    /// A predicate from a format string and an array of arguments.
    public init(format predicateFormat: String, argumentArray arguments: [Any]?) {
        format = predicateFormat
        block = nil
        parsed = Self.parse(predicateFormat, arguments ?? [])
        super.init(value: true)
    }

    /// A predicate that is always `value`.
    public override init(value: Bool) {
        format = value ? "TRUEPREDICATE" : "FALSEPREDICATE"
        block = nil
        parsed = .success(value ? .truePredicate : .falsePredicate)
        super.init(value: value)
    }

    /// A predicate evaluated by `block` (usable with `evaluate(with:)` and expectations; a query
    /// cannot use it, as in XCUITest).
    public init(block: @escaping @Sendable (Any?, [String: Any]?) -> Bool) {
        format = "BLOCKPREDICATE"
        self.block = block
        parsed = .failure(PredicateSyntaxError(format: "BLOCKPREDICATE", offset: 0, expected: "a format predicate (a query cannot use a block predicate)", found: "a block"))
        super.init(value: true)
    }

    public required init?(coder: NSCoder) { nil }

    open override var predicateFormat: String { format }
    open override var description: String { format }


    /// Evaluates the predicate on `object`: an `XCUIElement` is read from the live page (this
    /// blocks, like every XCUIAutomation call), an `XCUIElementQuery` answers `count` and
    /// `exists`, a dictionary answers its keys. A format that did not parse is `false`.
    open override func evaluate(with object: Any?) -> Bool {
        evaluate(with: object, substitutionVariables: nil)
    }

    open override func evaluate(with object: Any?, substitutionVariables bindings: [String: Any]?) -> Bool {
        if let block { return block(object, bindings) }
        guard case .success(let predicate) = parsed else { return false }
        switch object {
        case let element as XCUIElement: return element.evaluate(predicate)
        case let query as XCUIElementQuery: return query.evaluate(predicate)
        case let dictionary as [String: Any]: return predicate.evaluate(DictionarySubject(values: dictionary))
        default: return predicate.evaluate(DictionarySubject(values: [:]))
        }
    }

    private static func parse(_ format: String, _ arguments: [Any]) -> Result<ElementPredicate, PredicateSyntaxError> {
        do {
            return .success(try ElementPredicate(format: format, argumentArray: arguments.map(predicateArgument)))
        } catch {
            return .failure(error)
        }
    }

    /// A format argument as UIAutomation's predicates take it.
    private static func predicateArgument(_ value: Any) -> any PredicateArgument {
        switch value {
        case let value as String: return value
        case let value as Substring: return String(value)
        case let value as Bool: return value
        case let value as Int: return value
        case let value as UInt: return Int(value)
        case let value as Double: return value
        case let value as Float: return Double(value)
        case let value as CGFloat: return Double(value)
        case let value as XCUIElement.ElementType: return value.rawValue
        case let value as NSNumber: return value.doubleValue
        case let value as [Any]: return value.map { "\($0)" }
        default: return "\(value)"
        }
    }
}

/// A dictionary's values as predicate keys.
private struct DictionarySubject: PredicateEvaluable {
    let values: [String: Any]

    func predicateValue(forKey key: String) -> PredicateValue? {
        switch values[key] {
        case nil: return nil
        case let value as String: return .string(value)
        case let value as Bool: return .bool(value)
        case let value as Int: return .number(Double(value))
        case let value as Double: return .number(value)
        case let value as NSNumber: return .number(value.doubleValue)
        case .some(let value): return .string("\(value)")
        }
    }
}

extension XCUIElement {
    /// Evaluates `predicate` against the element now (a missing element has `exists == false`).
    func evaluate(_ predicate: ElementPredicate) -> Bool {
        perform("evaluate(\(predicate))", site, fallback: false) { backing in
            switch backing {
            case .element(let element): return try await element.evaluate(predicate)
            case .application(let app):
                return predicate.evaluate(DictionarySubject(values: ["exists": app.isRunning, "state": app.isRunning ? 4 : 1]))
            }
        }
    }
}

extension XCUIElementQuery {
    /// Evaluates `predicate` against the query: its `count`, and `exists` (any match).
    func evaluate(_ predicate: ElementPredicate) -> Bool {
        predicate.evaluate(CountSubject(count: count))
    }
}

extension Foundation.NSPredicate {
    /// This predicate for an element query: XCUIAutomation's own, or an `NSCompoundPredicate` of
    /// them; anything else (a Foundation predicate, which Linux cannot parse) is an error.
    func elementPredicate() throws(XCUIAutomationError) -> ElementPredicate {
        if let ours = self as? NSPredicate {
            switch ours.parsed {
            case .success(let predicate): return predicate
            case .failure(let error):
                throw XCUIAutomationError(call: "NSPredicate", reason: .invalidArgument(
                    "NSPredicate(format: \(String(reflecting: ours.format))): \(error)"))
            }
        }
        if let compound = self as? NSCompoundPredicate {
            let parts = try compound.subpredicates.map { part throws(XCUIAutomationError) -> ElementPredicate in
                guard let predicate = part as? Foundation.NSPredicate else {
                    throw XCUIAutomationError(call: "NSCompoundPredicate", reason: .invalidArgument("a subpredicate is not a predicate: \(part)"))
                }
                return try predicate.elementPredicate()
            }
            switch compound.compoundPredicateType {
            case .and: return .and(parts)
            case .or: return .or(parts)
            case .not: return !(ElementPredicate.and(parts))
            @unknown default: return .and(parts)
            }
        }
        throw XCUIAutomationError(call: "\(self)", reason: .invalidArgument(
            "an element query takes an NSPredicate(format:) of XCUIAutomation or an NSCompoundPredicate of them"))
    }
}
