import Foundation
import RealWorldSupport
import UIAutomation

/// Cypress's kitchen sink (cypress-io/cypress-example-kitchensink, `app/`) as UIAutomation
/// finds it, and the verbs and checks the ported specs use. docs/benchmarks.md ("Real-world:
/// Cypress kitchen sink") has the table from each spec locator to both ports.
///
/// The specs find elements by CSS (`cy.get('.action-email')`). The port keeps each selector
/// and adds the element's type, as a query chain: `app.textFields.matching(css: ".action-email")`
/// — the elements are still the accessibility tree's (a hidden element is not there; a text
/// is matched by its parent element).
extension Application {
    /// `cy.get(selector)` for elements of `type`.
    func get(_ type: ElementType, _ selector: String) -> ElementQuery {
        descendants(matching: type).matching(css: selector)
    }
}

/// A JavaScript string literal for `text` (JSON's quoting is JavaScript's).
func jsString(_ text: String) -> String {
    let data = (try? JSONSerialization.data(withJSONObject: [text])) ?? Data("[\"\"]".utf8)
    return String(decoding: data, as: UTF8.self).dropFirst().dropLast().description
}

/// `document.querySelector(selector)` as JavaScript.
func jsQuery(_ selector: String) -> String {
    "document.querySelector(\(jsString(selector)))"
}

// MARK: Verbs (each a step for --steps)

/// Runs `body` as one step named `name` (timed with --steps).
func step<T>(_ name: String, _ body: () async throws -> T) async throws -> T {
    try await StepTimer.shared.step(name, body)
}

/// `click()`: `tap()`.
func tap(_ element: Element) async throws {
    try await step("tap \(element)") { try await element.tap() }
}

/// `click(x, y)`, `click('topLeft')`, `click({ force: true })`: a tap at a point `x`, `y` points
/// from the element's top-left corner, whatever is there (no hit check, no scrolling).
func tap(_ element: Element, x: Double, y: Double) async throws {
    try await step("tap \(element) at \(x), \(y)") {
        try await element.coordinate(withNormalizedOffset: Vector(dx: 0, dy: 0)).withOffset(Vector(dx: x, dy: y)).tap()
    }
}

/// `dblclick()`: `doubleTap()`.
func doubleTap(_ element: Element) async throws {
    try await step("doubleTap \(element)") { try await element.doubleTap() }
}

/// `type(text)`: `typeText` (key by key, as Cypress types).
func typeText(_ field: Element, _ text: String) async throws {
    try await step("typeText \"\(text)\"") { try await field.typeText(text) }
}

/// `type('{leftarrow}')` and the like: `typeKey`.
func press(_ field: Element, _ key: Key, _ modifierFlags: ModifierFlags = []) async throws {
    try await step("typeKey \(key)") { try await field.typeKey(key, modifierFlags: modifierFlags) }
}

/// `check()` on a check box: `setSwitch(on: true)` (does nothing if it is checked; verifies).
func check(_ box: Element) async throws {
    try await step("check \(box)") { try await box.setSwitch(on: true) }
}

/// `uncheck()`: `setSwitch(on: false)`.
func uncheck(_ box: Element) async throws {
    try await step("uncheck \(box)") { try await box.setSwitch(on: false) }
}

/// `check()` on a radio button: a tap unless it is checked already (as Cypress and Playwright
/// do nothing then); `setSwitch` takes switches and check boxes only.
func checkRadio(_ radio: Element) async throws {
    try await step("check \(radio)") {
        let checked = try await radio.matches(css: ":checked")
        if !checked { try await radio.tap() }
    }
}

/// `check({ force: true })` / `uncheck({ force: true })` on disabled inputs, which no user can
/// change: both ports set `checked` with a script.
func forceChecked(_ app: Application, _ selector: String, _ checked: Bool) async throws {
    try await step("set checked = \(checked) on \(selector) (script)") {
        try await app.run(javaScript: "document.querySelectorAll(\(jsString(selector))).forEach(e => { e.checked = \(checked) })")
    }
}

// MARK: Checks (retried up to 5 s, as Cypress retries `should`)

/// `should('have.value', text)`: the field's DOM value.
func expectValue(_ field: Element, _ text: String) async throws {
    try await expectEventually(field.app, "\(field) value \"\(text)\"") {
        guard try await field.exists else { return "no such field" }
        return mismatch(try await field.domValue ?? "<none>", text)
    }
}

/// `should('have.class', name)`.
func expectClass(_ element: Element, _ name: String) async throws {
    try await step("expect \(element) has class \(name)") { try await element.expect(hasClass: name) }
}

/// `should('have.length', count)`, and `be.visible` / `not.be.visible` as 1 / 0 (a hidden element
/// is not in the tree).
func expectCount(_ query: ElementQuery, _ count: Int) async throws {
    try await step("expect \(count) of \(query)") { try await query.expect(count: count) }
}

/// `should('contain', text)` / `should('have.text', text)` on an element's DOM text.
func expectText(_ element: Element, _ text: String, exact: Bool) async throws {
    try await expectEventually(element.app, "\(element) \(exact ? "text ==" : "contains") \"\(text)\"") {
        guard try await element.exists else { return "no such element" }
        let seen = try await element.textContent
        return (exact ? seen == text : seen.contains(text)) ? nil : "\"\(seen)\""
    }
}

/// `should('have.attr', name, value)`.
func expectAttribute(_ element: Element, _ name: String, _ value: String) async throws {
    try await step("expect \(element) [\(name)=\"\(value)\"]") { try await element.expect(attribute: name, toEqual: value) }
}

/// `should('be.checked')` on a set, as chai-jQuery means it: at least one of them is checked.
func expectSomeChecked(_ app: Application, _ type: ElementType, _ selector: String) async throws {
    try await expectEventually(app, "some of \(selector) checked") {
        try await app.get(type, selector + ":checked").count > 0 ? nil : "none checked"
    }
}

/// `should('not.be.checked')` on a set: none of them is checked.
func expectNoneChecked(_ app: Application, _ type: ElementType, _ selector: String) async throws {
    try await expectCount(app.get(type, selector + ":checked"), 0)
}

/// `cy.location('pathname').should('include' / 'not.include', text)`.
func expectPath(_ app: Application, includes text: String, _ included: Bool = true) async throws {
    try await expectEventually(app, "pathname \(included ? "includes" : "does not include") \"\(text)\"") {
        let path = try await app.evaluate("location.pathname", as: String.self)
        return path.contains(text) == included ? nil : path
    }
}

/// A script that yields `true` when the spec's condition holds, retried.
func expectScript(_ app: Application, _ expectation: String, _ javaScript: String) async throws {
    try await expectEventually(app, expectation) {
        try await app.evaluate(javaScript, as: Bool.self) ? nil : "false"
    }
}

/// A condition the spec checks once (in a `.then`), not retried.
func checkOnce(_ app: Application, _ expectation: String, _ javaScript: String) async throws {
    let holds = try await step("check \(expectation)") { try await app.evaluate(javaScript, as: Bool.self) }
    if !holds { throw ExpectationFailure(description: "expected \(expectation)") }
}
