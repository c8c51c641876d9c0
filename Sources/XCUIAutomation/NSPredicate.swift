public import Foundation
import Synchronization
import UIAutomation

// swift-format-ignore: AlwaysUseLowerCamelCase
/// `NSPredicate(format: "exists == true")` for XCUITest on Linux, where Foundation's
/// `NSPredicate(format:)` is unimplemented (it traps).
///
/// A test file that imports XCUIAutomation calls these functions for `NSPredicate(format: …)`:
/// Swift prefers a function of that name to Foundation's initializer, while `NSPredicate` as a
/// *type* (`func wait(for predicate: NSPredicate)`) stays Foundation's — the predicate made here is
/// Foundation's subclass ``XCUIPredicate``, so it goes wherever an `NSPredicate` is expected
/// (`NSCompoundPredicate`, XCTest's expectations and waiters), evaluating through `evaluate(with:)`.
/// (A class named `NSPredicate` would shadow Foundation's in expressions but is ambiguous in type
/// positions; see docs/decisions.md.)
public func NSPredicate(format predicateFormat: String, _ args: Any...) -> XCUIPredicate {
    XCUIPredicate(format: predicateFormat, argumentArray: args)
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// `NSPredicate(format:argumentArray:)`: the arguments as an array.
public func NSPredicate(format predicateFormat: String, argumentArray arguments: [Any]?) -> XCUIPredicate {
    XCUIPredicate(format: predicateFormat, argumentArray: arguments ?? [])
}

/// A predicate parsed from an NSPredicate-style format string, in UIAutomation's predicate
/// language (docs/predicates.md): an element's keys (`exists`, `label`, `identifier`, `value`,
/// `isEnabled`, `isHittable`, `elementType`…), comparisons, `BEGINSWITH`/`CONTAINS`/`LIKE`/
/// `MATCHES` with `[c]`/`[d]`, `AND`/`OR`/`NOT`, `IN`, `BETWEEN`, and `%@`/`%K`/`%d`/`%f`
/// arguments (as `Any`: a Swift array is no `CVarArg` on Linux, and
/// `NSPredicate(format: "identifier IN %@", ["a", "b"])` must compile as on macOS). It evaluates
/// an `XCUIElement` (against the live page), an `XCUIElementQuery` (`count`, `exists`) and a
/// `[String: Any]`.
open class XCUIPredicate: Foundation.NSPredicate {
    /// The parsed predicate, or why the format did not parse.
    let parsed: Result<ElementPredicate, PredicateSyntaxError>
    let format: String

    /// The predicate `format` with its placeholder arguments.
    public init(format: String, argumentArray arguments: [Any]) {
        self.format = format
        parsed = Self.parse(format, arguments)
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
        guard case .success(let predicate) = parsed else { return false }
        switch object {
        case let element as XCUIElement:
            let holds = element.evaluate(predicate)
            if !holds { TestRun.shared.diagnoseIfWaitFails(predicate, element) }
            return holds
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
            case .application(let app): return predicate.evaluate(Self.subject(of: app))
            }
        }
    }
}

extension XCUIElement {
    /// What a predicate sees of the application itself: whether it exists (runs) and its state.
    static func subject(of app: Application) -> some PredicateEvaluable {
        DictionarySubject(values: ["exists": app.isRunning, "state": app.isRunning ? 4 : 1])
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
        if let ours = self as? XCUIPredicate {
            switch ours.parsed {
            case .success(let predicate): return predicate
            case .failure(let error):
                throw XCUIAutomationError(call: "NSPredicate", reason: .invalidArgument(
                    "NSPredicate(format: \(String(reflecting: ours.format))): \(error)"))
            }
        }
        if let compound = self as? NSCompoundPredicate {
            let parts = try compound.subpredicates.map { part throws(XCUIAutomationError) -> ElementPredicate in
                // `Any` on Darwin, `NSPredicate` in swift-corelibs-foundation: checked either way.
                guard let predicate = (part as Any) as? Foundation.NSPredicate else {
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
