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
    private let format: String
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

    /// The predicate for a query; `nil` (and a failure recorded at `site`) when it did not parse.
    func elementPredicate(at site: CallSite) -> ElementPredicate? {
        switch parsed {
        case .success(let predicate): return predicate
        case .failure: return nil
        }
    }

    /// The error describing why this predicate cannot be used in `call`.
    func problem(call: String) -> XCUIAutomationError {
        switch parsed {
        case .success: return XCUIAutomationError(call: call, reason: .invalidArgument("no problem"))
        case .failure(let error): return XCUIAutomationError(call: call, reason: .invalidArgument("NSPredicate(format: \(String(reflecting: format))): \(error)"))
        }
    }

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
