public import Foundation
import LabSupport

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
        try await snapshot(frames: true)
    }

    /// The element as it is now; with `frames` false for a caller that reads no frame (its
    /// ``ElementSnapshot/frame`` may then be an earlier read's), which can save the read the
    /// page's boxes.
    package func snapshot(frames: Bool) async throws -> ElementSnapshot {
        do {
            let (snapshot, indexes) = try await app.resolveWithSnapshot(steps: steps, query: description, frames: frames)
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
                if error.meansMissing { return false }
                if error.reason.kind == .multipleMatches { return true }
                throw error
            }
        }
    }

    /// Whether a tap would reach it now, without scrolling: it exists, is visible, and the hit
    /// test an action makes (`PageScripts`' `hitTarget`, through open shadow roots) finds it
    /// or something inside it at the point a tap would aim at. Actions scroll an element into
    /// view first, so an element off screen is not hittable, yet can be tapped.
    public var isHittable: Bool {
        get async throws {
            do {
                let (snapshot, indexes) = try await app.resolveWithSnapshot(steps: steps, query: description, frames: false)
                let driver = try app.driver(for: description)
                return try await app.perform(description) { try await driver.isHittable(snapshot.elements[indexes[0]]) }
            } catch let error as UIAutomationError where error.meansMissing {
                return false
            }
        }
    }

    /// The accessible name.
    public var label: String { get async throws { try await snapshot(frames: false).label } }
    /// The accessible value ("1"/"0" for a switch, the text of a field), if any.
    public var value: String? { get async throws { try await snapshot(frames: false).value } }
    /// The accessibility identifier (`data-testid`).
    public var identifier: String { get async throws { try await snapshot(frames: false).identifier } }
    /// A text field's placeholder.
    public var placeholderValue: String? { get async throws { try await snapshot(frames: false).placeholderValue } }
    /// Whether it is selected.
    public var isSelected: Bool { get async throws { try await snapshot(frames: false).isSelected } }
    /// Whether it is enabled.
    public var isEnabled: Bool { get async throws { try await snapshot(frames: false).isEnabled } }
    /// Whether it has keyboard focus.
    public var hasFocus: Bool { get async throws { try await snapshot(frames: false).hasFocus } }
    /// Its box on screen, in points.
    public var frame: Rect { get async throws { try await snapshot().frame } }
    /// Its type.
    public var elementType: ElementType { get async throws { try await snapshot(frames: false).elementType } }

    // MARK: Waiting

    /// Waits up to `timeout` seconds for the element to exist; whether it does.
    @discardableResult
    public func waitForExistence(timeout: TimeInterval, file: StaticString = #filePath, line: UInt = #line) async throws -> Bool {
        try await called(file, line) {
            let call = "\(description).waitForExistence(timeout: \(timeout))"
            let started = ContinuousClock.now
            let found = try await app.polling(call, .wait, limit: .seconds(clamping: timeout)) { try await exists }
            if !found { await keepMissingDiagnosis(call, waited: .now - started) }
            return found
        }
    }

    /// Waits up to `timeout` seconds for the element to be gone; whether it is.
    @discardableResult
    public func waitForNonExistence(timeout: TimeInterval, file: StaticString = #filePath, line: UInt = #line) async throws -> Bool {
        try await called(file, line) {
            try await app.polling("\(description).waitForNonExistence(timeout: \(timeout))", .wait, limit: .seconds(clamping: timeout)) {
                try await !exists
            }
        }
    }

    /// Waits up to `timeout` seconds for the element to satisfy `predicate`; whether it does.
    /// A missing element does not satisfy it (unless the predicate says `exists == false`).
    /// A key no element has throws ``PredicateSyntaxError`` at once.
    @discardableResult
    public func wait(for predicate: ElementPredicate, timeout: TimeInterval, file: StaticString = #filePath, line: UInt = #line) async throws -> Bool {
        try await called(file, line) {
            let call = "\(description).wait(for: \(SwiftLiteral.string(predicate.description)), timeout: \(timeout))"
            return try await app.polling(call, .wait, limit: .seconds(clamping: timeout)) { try await evaluate(predicate) }
        }
    }

    /// Evaluates `predicate` on the element now. A missing element answers every key as
    /// `ElementKeys` says (`exists` and the other booleans `false`, the rest null); a key no
    /// element has throws ``PredicateSyntaxError``.
    public func evaluate(_ predicate: ElementPredicate, file: StaticString = #filePath, line: UInt = #line) async throws -> Bool {
        try await called(file, line) {
            try ElementKeys.check(predicate)
            do {
                let (snapshot, indexes) = try await app.resolveWithSnapshot(
                    steps: steps, query: description, frames: ElementKeys.readsFrame(predicate))
                let element = snapshot.elements[indexes[0]]
                var subject = EvaluatedElement(element: element)
                if ElementKeys.readsHittable(predicate) {
                    let driver = try app.driver(for: description)
                    subject.isHittable = try await app.perform(description) { try await driver.isHittable(element) }
                }
                return predicate.evaluate(subject)
            } catch let error as UIAutomationError where error.meansMissing {
                return predicate.evaluate(EvaluatedElement(element: nil))
            }
        }
    }
}
