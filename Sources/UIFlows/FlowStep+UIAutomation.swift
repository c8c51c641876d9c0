import Flows
public import Foundation
import LabSupport
import UIAutomation

/// Steps over UIAutomation: the seed's table steps (store the number of rows, process the
/// row whose index is in state) and the ones every UI flow needs. Each step's description is
/// its call as code, e.g. `app.buttons["Next"].tap()`, so traces and diagrams read like tests.
///
/// A step whose failure the scenario routes (it has a failure transition) saves no failure
/// screenshot or tree: that failure is an outcome, not a test failure.
extension FlowStep {
    // MARK: The seed's table steps

    /// Stores how many rows the table (or collection view) with accessibility identifier
    /// `identifier` has, under `key` (the seed's
    /// `stepToStoreNumberOfRowsFromTableViewWithAccessibilityIdentifier:inScenario:withKey:`).
    public static func storeNumberOfRows(inTableWithIdentifier identifier: String, of app: Application, key: String) -> FlowStep {
        storeCount(of: rows(inTableWithIdentifier: identifier, of: app), key: key)
    }

    /// Runs `body` on the row whose index is stored under `indexKey`, in the table (or
    /// collection view) with accessibility identifier `identifier` (the seed's
    /// `stepToProcessRowWithIndexKey:inScenario:fromTableViewWithAccessibilityIdentifier:`).
    public static func processRow(
        indexKey: String, inTableWithIdentifier identifier: String, of app: Application,
        _ body: @escaping @Sendable (Element, StepContext) async throws -> Void
    ) -> FlowStep {
        processRow(indexKey: indexKey, in: rows(inTableWithIdentifier: identifier, of: app), body)
    }

    /// Runs `body` on the element of `rows` whose index is stored under `indexKey`.
    public static func processRow(
        indexKey: String, in rows: ElementQuery, _ body: @escaping @Sendable (Element, StepContext) async throws -> Void
    ) -> FlowStep {
        .action("process \(rows).element(boundBy: \(indexKey))") { context in
            let index = try context.state(forKey: indexKey, as: Int.self)
            try await ui(context) { try await body(rows.element(boundBy: index), context) }
        }
    }

    /// The cells of the element whose identifier is `identifier`: a table's rows or a
    /// collection view's items.
    private static func rows(inTableWithIdentifier identifier: String, of app: Application) -> ElementQuery {
        app.descendants(matching: .any).matching(identifier: identifier).element.cells
    }

    // MARK: Reading into state

    /// Stores how many elements `query` matches now, under `key`.
    public static func storeCount(of query: ElementQuery, key: String) -> FlowStep {
        .action("store \(query).count as \"\(key)\"") { context in
            context.setState(try await ui(context) { try await query.count }, forKey: key)
        }
    }

    /// Stores `element`'s label under `key`.
    public static func storeLabel(of element: Element, key: String) -> FlowStep {
        .action("store \(element).label as \"\(key)\"") { context in
            context.setState(try await ui(context) { try await element.label }, forKey: key)
        }
    }

    /// Stores `element`'s value under `key` (nothing is stored when it has none, which a
    /// later read reports as a missing key).
    public static func storeValue(of element: Element, key: String) -> FlowStep {
        .action("store \(element).value as \"\(key)\"") { context in
            if let value = try await ui(context, { try await element.value }) {
                context.setState(value, forKey: key)
            } else {
                context.removeState(forKey: key)
            }
        }
    }

    // MARK: Acting

    /// Taps `element` (after UIAutomation's usual waits, up to `timeout` seconds; default:
    /// the action timeout).
    public static func tap(_ element: Element, timeout: TimeInterval? = nil) -> FlowStep {
        .action("\(element).tap(\(timeout.map { "timeout: \($0)" } ?? ""))") { context in
            try await ui(context) { try await element.tap(timeout: timeout) }
        }
    }

    /// Types `text` into `element`.
    public static func typeText(_ text: String, into element: Element) -> FlowStep {
        .action("\(element).typeText(\(SwiftLiteral.string(text)))") { context in
            try await ui(context) { try await element.typeText(text) }
        }
    }

    /// Types the `String` stored under `key` into `element`.
    public static func typeText(fromKey key: String, into element: Element) -> FlowStep {
        .action("\(element).typeText(state[\"\(key)\"])") { context in
            let text = try context.state(forKey: key, as: String.self)
            try await ui(context) { try await element.typeText(text) }
        }
    }

    // MARK: Deciding

    /// Waits up to `timeout` seconds for `element` to exist: the result is `true` if it
    /// does, `false` if it still does not. Not existing is a result here, not a failure.
    public static func waitForExistence(of element: Element, timeout: TimeInterval) -> FlowStep {
        .decision("\(element).waitForExistence(timeout: \(timeout))") { context in
            try await ui(context) { try await element.waitForExistence(timeout: timeout) }
        }
    }

    /// Waits up to `timeout` seconds for any of `candidates` to exist: the result is the name
    /// of the first one found (a `String`), so that a flow can branch on which screen came
    /// up. Fails if none appears.
    ///
    /// ```swift
    /// "whichScreen": .firstToExist(["question": app.staticTexts["QuestionTitle"],
    ///                               "score": app.staticTexts["ScoreLabel"]], timeout: 5),
    /// ```
    public static func firstToExist(_ candidates: KeyValuePairs<String, Element>, timeout: TimeInterval) -> FlowStep {
        let names = candidates.map(\.key)
        let elements = candidates.map(\.value)
        let list = zip(names, elements).map { "\($0): \($1)" }.joined(separator: ", ")
        return FlowStep("first to exist of [\(list)]", results: names) { context in
            guard let app = elements.first?.app else { throw FlowStepError("firstToExist needs at least one element") }
            return names[try await ui(context) { try await app.waitForAny(elements, timeout: timeout) }]
        }
    }

    /// Whether `element` satisfies `predicate` within `timeout` seconds (now, when 0): the
    /// result is `true` or `false`.
    public static func check(_ element: Element, _ predicate: ElementPredicate, timeout: TimeInterval = 0) -> FlowStep {
        .decision("\(element).wait(for: \(predicate), timeout: \(timeout))") { context in
            try await ui(context) { try await element.wait(for: predicate, timeout: timeout) }
        }
    }

    /// Fails unless `element` satisfies `predicate` within `timeout` seconds (now, when 0):
    /// the failure is UIAutomation's, naming the element, the predicate and what it saw.
    public static func assert(_ element: Element, _ predicate: ElementPredicate, timeout: TimeInterval = 0) -> FlowStep {
        .action("\(element).expect(\(predicate))") { context in
            try await ui(context) { try await element.expect(predicate, timeout: timeout) }
        }
    }

}

/// A UI step was built wrong (for example with no elements to wait for).
public struct FlowStepError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// Runs a UI call for a step; when the scenario routes the step's failure, the call's
/// failure saves no screenshot or tree.
func ui<T>(_ context: StepContext, _ body: () async throws -> T) async throws -> T {
    context.failureIsRoutable ? try await withExpectedFailures(body) : try await body()
}
