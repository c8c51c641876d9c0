import Foundation
import RealWorldSupport
import UIAutomation

/// TodoMVC (tastejs/todomvc `examples/typescript-react`) as UIAutomation sees it: the
/// queries and reads the ported spec uses, each the accessibility-tree counterpart of one of
/// the spec's locators (the table is in docs/benchmarks.md, "Real-world: TodoMVC").
///
/// The element tree of the app with two todos, as `app.treeDescription()` prints it:
///
/// ```
/// Other
///   Other
///     StaticText 'todos'
///     TextField 'What needs to be done?', placeholderValue: 'What needs to be done?'
///   Other
///     CheckBox {1 × 1}, label: '❯Mark all as complete'     (the ❯ is CSS ::before content)
///     CollectionView                                          (ul.todo-list)
///       Cell                                                  (li; no name)
///         CheckBox, value: 0                                  (no name)
///         StaticText 'buy some cheese'
///       …
///   Other                                                     (footer)
///     Other
///       StaticText '2'                                        (strong)
///     StaticText ' '
///     StaticText 'items'
///     StaticText ' left'
///     CollectionView                                          (ul.filters)
///       Cell
///         Link 'All'
///       …
/// ```
struct TodoMVCScreen {
    let app: Application

    /// `getByPlaceholder('What needs to be done?')`: a subscript matches the placeholder.
    var newTodo: Element { app.textFields["What needs to be done?"] }

    /// The todo list (`ul.todo-list`): the first list on the page (the filters are the second).
    var todoList: Element { app.collectionViews.element(boundBy: 0) }

    /// `getByTestId('todo-item')` on demo.playwright.dev, `.todo-list li` here: the list's cells.
    var todoItems: ElementQuery { todoList.cells }

    /// `getByTestId('todo-item').nth(index)`.
    func todoItem(_ index: Int) -> Element { todoItems.element(boundBy: index) }

    /// `todoItem.getByRole('checkbox')`.
    func checkbox(of item: Element) -> Element { item.checkBoxes.element }

    /// `todoItem.getByRole('textbox', { name: 'Edit' })`; this copy of the app gives the edit
    /// field no name, and it is the only text field in an item (and only while editing).
    func editField(of item: Element) -> Element { item.textFields.element }

    /// `getByLabel('Mark all as complete')`: Playwright matches a part of the label; the
    /// accessible name here is "❯Mark all as complete" (the ❯ is CSS-generated).
    var toggleAll: Element {
        app.checkBoxes.element(matching: ElementPredicate.label.contains("Mark all as complete"))
    }

    /// `getByRole('link', { name })`.
    func filter(_ name: String) -> Element { app.links[name] }

    /// `getByRole('button', { name: 'Clear completed' })`.
    var clearCompleted: Element { app.buttons["Clear completed"] }

    /// The footer: of the elements holding the "Completed" filter link, the inner one (the
    /// outer one is the whole app section).
    var footer: Element {
        app.otherElements.containing(ElementPredicate.elementType == ElementType.link.rawValue
            && ElementPredicate.label == "Completed").element(boundBy: 1)
    }

    // MARK: Reads (no waiting; for expectEventually)

    /// The text of each todo item, in order: its static texts joined, whitespace collapsed
    /// (Playwright's `toHaveText` on `li`s compares their normalised text content).
    func itemTexts() async throws -> [String] {
        var texts: [String] = []
        for index in 0..<(try await todoItems.count) {
            let labels = try await todoItem(index).staticTexts.snapshots().map(\.label)
            texts.append(Self.normalized(labels.joined()))
        }
        return texts
    }

    /// The counter (`span.todo-count`, "2 items left"), which the accessibility tree splits
    /// into four static texts ("2", " ", "items", " left"): the footer's static texts before
    /// its filter list, joined, whitespace collapsed. `nil` when there is no footer.
    func counterText() async throws -> String? {
        let nodes = try await footer.descendants(matching: .any).snapshots()
        guard !nodes.isEmpty else { return nil }
        let counter = nodes.prefix { $0.elementType != .collectionView }.filter { $0.elementType == .staticText }
        return Self.normalized(counter.map(\.label).joined())
    }

    /// Whether each todo item has the CSS class `completed`, in order (a DOM read: the
    /// accessibility tree carries no classes).
    func itemsCompleted() async throws -> [Bool] {
        var completed: [Bool] = []
        for index in 0..<(try await todoItems.count) {
            completed.append(try await todoItem(index).hasClass("completed"))
        }
        return completed
    }

    /// Whether `element` (a check box) is checked now; `nil` if it is not there.
    func isChecked(_ element: Element) async throws -> Bool? {
        guard try await element.exists else { return nil }
        return try await element.value == "1"
    }

    // MARK: The spec's verbs (each a step for --steps)

    /// `locator.fill(text)`: UIAutomation's `fill` (select all, insert the text as one input).
    func fill(_ field: Element, _ text: String) async throws {
        try await StepTimer.shared.step("fill \"\(text)\"") { try await field.fill(text) }
    }

    /// `locator.press(key)`: `typeKey`.
    func press(_ field: Element, _ key: Key, _ name: String) async throws {
        try await StepTimer.shared.step("press \(name)") { try await field.typeKey(key) }
    }

    /// `locator.check()`: idempotent, verifies the new state (`setSwitch(on: true)`).
    func check(_ box: Element) async throws {
        try await StepTimer.shared.step("check \(box)") { try await box.setSwitch(on: true) }
    }

    /// `locator.uncheck()`: `setSwitch(on: false)`.
    func uncheck(_ box: Element) async throws {
        try await StepTimer.shared.step("uncheck \(box)") { try await box.setSwitch(on: false) }
    }

    /// `locator.click()`: `tap()`.
    func click(_ element: Element) async throws {
        try await StepTimer.shared.step("click \(element)") { try await element.tap() }
    }

    /// `locator.dblclick()`: `doubleTap()`.
    func dblclick(_ element: Element) async throws {
        try await StepTimer.shared.step("dblclick \(element)") { try await element.doubleTap() }
    }

    /// `locator.dispatchEvent('blur')`: `resignFocus()` (a real blur, which sends the event).
    func blur(_ element: Element) async throws {
        try await StepTimer.shared.step("blur \(element)") { try await element.resignFocus() }
    }

    /// `page.reload()`.
    func reload() async throws {
        try await StepTimer.shared.step("reload") { try await app.reload() }
    }

    /// `page.goBack()`.
    func goBack() async throws {
        try await StepTimer.shared.step("goBack") { try await app.goBack() }
    }

    /// The spec's `createDefaultTodos`: fill and press Enter for each of the three items.
    func createDefaultTodos() async throws {
        for item in TodoMVCSpec.todoItems {
            try await fill(newTodo, item)
            try await press(newTodo, .return, "Enter")
        }
    }

    /// Whitespace runs collapsed to one space, ends trimmed (Playwright's text normalisation).
    static func normalized(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
