import Foundation

/// One element, as `XCUIElement` is: a query plus how to pick one match. It holds no
/// state; every property and action resolves it against the page anew.
public struct Element: ElementQueryProviding, Sendable, CustomStringConvertible {
    let query: ElementQuery
    let pick: ElementPick
    let suffix: String

    /// The application it belongs to.
    public var app: Application { query.app }
    var steps: [QueryStep] { query.steps + [.pick(pick)] }

    /// The element's query as code, e.g. `app.buttons["Lion"]`.
    public var description: String { query.text + suffix }

    // MARK: Chaining

    public func descendants(matching type: ElementType) -> ElementQuery {
        ElementQuery(app: app, steps: steps + [.descendants(type)], text: description + Application.shortcut(for: type))
    }

    public func children(matching type: ElementType) -> ElementQuery {
        ElementQuery(app: app, steps: steps + [.children(type)], text: description + ".children(matching: .\(type.name))")
    }

    // MARK: State

    /// The element as it is now. Throws if it does not resolve to exactly one element.
    public func snapshot() async throws -> ElementSnapshot {
        do {
            let (snapshot, indexes) = try await app.resolveWithSnapshot(steps: steps, query: description)
            return snapshot.elements[indexes[0]]
        } catch let error as UIAutomationError {
            throw await app.recordFailure(error)
        }
    }

    /// Whether it is in the element tree now. Several matches count as existing.
    public var exists: Bool {
        get async throws {
            do {
                _ = try await app.resolve(steps: steps, query: description)
                return true
            } catch let error as UIAutomationError {
                switch error.reason {
                case .noMatch, .indexOutOfRange: return false
                case .multipleMatches: return true
                default: throw error
                }
            }
        }
    }

    /// Whether a tap at its centre would reach it (it exists, is on screen, nothing covers it).
    public var isHittable: Bool {
        get async throws {
            let driver = try app.driver(for: description)
            do {
                let (snapshot, indexes) = try await app.resolveWithSnapshot(steps: steps, query: description)
                return try await app.perform(description) { try await driver.isHittable(snapshot.elements[indexes[0]], in: snapshot) }
            } catch let error as UIAutomationError {
                switch error.reason {
                case .noMatch, .indexOutOfRange: return false
                default: throw error
                }
            }
        }
    }

    /// The accessible name.
    public var label: String { get async throws { try await snapshot().label } }
    /// The accessible value ("1"/"0" for a switch, the text of a field), if any.
    public var value: String? { get async throws { try await snapshot().value } }
    /// The accessibility identifier (`data-testid`).
    public var identifier: String { get async throws { try await snapshot().identifier } }
    /// A text field's placeholder.
    public var placeholderValue: String? { get async throws { try await snapshot().placeholderValue } }
    /// Whether it is selected.
    public var isSelected: Bool { get async throws { try await snapshot().isSelected } }
    /// Whether it is enabled.
    public var isEnabled: Bool { get async throws { try await snapshot().isEnabled } }
    /// Whether it has keyboard focus.
    public var hasFocus: Bool { get async throws { try await snapshot().hasFocus } }
    /// Its box on screen, in points.
    public var frame: Rect { get async throws { try await snapshot().frame } }
    /// Its type.
    public var elementType: ElementType { get async throws { try await snapshot().elementType } }

    // MARK: Waiting

    /// Waits up to `timeout` seconds for the element to exist; whether it does.
    @discardableResult
    public func waitForExistence(timeout: TimeInterval) async throws -> Bool {
        try await app.step("\(description).waitForExistence(timeout: \(timeout))", .wait) {
            try await poll(limit: .seconds(max(0, timeout))) { try await exists }
        }
    }

    /// Waits up to `timeout` seconds for the element to be gone; whether it is.
    @discardableResult
    public func waitForNonExistence(timeout: TimeInterval) async throws -> Bool {
        try await app.step("\(description).waitForNonExistence(timeout: \(timeout))", .wait) {
            try await poll(limit: .seconds(max(0, timeout))) { try await !exists }
        }
    }

    /// Waits up to `timeout` seconds for the element to satisfy `predicate`; whether it does.
    /// A missing element does not satisfy it (unless the predicate says `exists == false`).
    @discardableResult
    public func wait(for predicate: ElementPredicate, timeout: TimeInterval) async throws -> Bool {
        try await app.step("\(description).wait(for: \(quoted(predicate.description)), timeout: \(timeout))", .wait) {
            try await poll(limit: .seconds(max(0, timeout))) { try await evaluate(predicate) }
        }
    }

    /// Evaluates `predicate` on the element now (a missing element has `exists == false`
    /// and nothing else).
    public func evaluate(_ predicate: ElementPredicate) async throws -> Bool {
        let driver = try app.driver(for: description)
        do {
            let (snapshot, indexes) = try await app.resolveWithSnapshot(steps: steps, query: description)
            let element = snapshot.elements[indexes[0]]
            var hittable: Bool?
            if predicate.referencedKeys.contains("isHittable") || predicate.referencedKeys.contains("hittable") {
                hittable = try await app.perform(description) { try await driver.isHittable(element, in: snapshot) }
            }
            return predicate.evaluate(EvaluatedElement(element: element, isHittable: hittable))
        } catch let error as UIAutomationError {
            switch error.reason {
            case .noMatch, .indexOutOfRange: return predicate.evaluate(MissingElement())
            default: throw error
            }
        }
    }

    /// Evaluates `condition` with back-off until it holds (`true`) or `limit` has passed
    /// (`false`); an error from `condition` ends the wait.
    func poll(limit: Duration, until condition: () async throws -> Bool) async throws -> Bool {
        try await pollWithBackoff(limit: limit, until: condition)
    }
}

/// The one polling loop: `condition` with back-off until it holds (`true`) or `limit` has
/// passed (`false`); an error from `condition` ends the wait.
func pollWithBackoff(limit: Duration, until condition: () async throws -> Bool) async throws -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: limit)
    var backoff = Backoff()
    while true {
        if try await condition() { return true }
        if clock.now >= deadline { return false }
        let pause = min(backoff.next(), deadline - clock.now)
        try await Task.sleep(for: pause)
    }
}

/// What a missing element looks like to a predicate: it does not exist, and has nothing.
struct MissingElement: PredicateEvaluable {
    func predicateValue(forKey key: String) -> PredicateValue? {
        switch key {
        case "exists", "isHittable", "hittable", "isEnabled", "isSelected", "hasFocus": return .bool(false)
        default: return .null
        }
    }
}

/// Poll delays that start fast and settle at a modest rate: 0, 10, 20, 50, 100, 100, 200… ms.
struct Backoff {
    private static let steps: [Duration] = [.zero, .milliseconds(10), .milliseconds(20), .milliseconds(50),
                                             .milliseconds(100), .milliseconds(100), .milliseconds(200)]
    private var attempt = 0

    mutating func next() -> Duration {
        defer { attempt += 1 }
        return Self.steps[min(attempt, Self.steps.count - 1)]
    }
}
