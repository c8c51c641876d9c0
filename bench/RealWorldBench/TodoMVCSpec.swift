import Foundation
import RealWorldSupport
import UIAutomation

/// The TodoMVC spec that `npm init playwright` shipped as `tests-examples/demo-todo-app.spec.ts`
/// (microsoft/create-playwright, MIT), ported case by case to UIAutomation: the same case
/// names, in the same order, with the same steps and, wherever the accessibility tree can
/// see it, the same assertions. bench/realworld_playwright.py is the Playwright port of the
/// same spec; docs/benchmarks.md ("Real-world: TodoMVC") has the locator table.
///
/// Checks UIAutomation cannot make would be listed per case in ``Case/portNotes``; today
/// there are none. The spec's localStorage checks (`checkNumberOfTodosInLocalStorage` and its
/// two siblings, `page.waitForFunction` over `localStorage['react-todos']`) read the stored
/// JSON through UIAutomation's web-only `app.localStorage`, retried like the spec's wait.
/// `toHaveClass('completed')` and `toHaveClass('selected')` are checked through UIAutomation's
/// web-only DOM reads (`hasClass`, `expect(hasClass:)`): the accessibility tree carries no
/// CSS classes, and the highlighted filter link has no accessible state.
enum TodoMVCSpec {
    /// The spec's `TODO_ITEMS`.
    static let todoItems = ["buy some cheese", "feed the cat", "book a doctors appointment"]

    /// One `test(…)` of the spec, with its describe block's `beforeEach`/`afterEach`.
    struct Case: Sendable {
        /// "Describe › test title", as Playwright's list reporter prints it.
        let name: String
        /// Checks of the spec this port omits or replaces, and why (empty: a full port).
        let portNotes: [String]
        let beforeEach: (@Sendable (TodoMVCScreen) async throws -> Void)?
        let body: @Sendable (TodoMVCScreen) async throws -> Void
        let afterEach: (@Sendable (TodoMVCScreen) async throws -> Void)?

        init(_ name: String, notes: [String] = [], beforeEach: (@Sendable (TodoMVCScreen) async throws -> Void)? = nil,
             afterEach: (@Sendable (TodoMVCScreen) async throws -> Void)? = nil,
             _ body: @escaping @Sendable (TodoMVCScreen) async throws -> Void) {
            self.name = name
            self.portNotes = notes
            self.beforeEach = beforeEach
            self.body = body
            self.afterEach = afterEach
        }

        /// The case for the shared runner: launched at the app's root, then the describe
        /// block's beforeEach, the body and its afterEach, all timed.
        var benchCase: BenchCase {
            let (before, test, after) = (beforeEach, body, afterEach)
            return BenchCase(name, path: "/", notes: portNotes) { app in
                let screen = TodoMVCScreen(app: app)
                if let before { try await before(screen) }
                try await test(screen)
                if let after { try await after(screen) }
            }
        }
    }

    /// A to-do as the app stores it in `localStorage['react-todos']`.
    struct StoredTodo: Decodable, Sendable {
        let title: String
        let completed: Bool
    }

    // MARK: Assertions shared by the cases

    /// `expect(getByTestId('todo-title')).toHaveText(texts)` / `expect(todoItems).toHaveText(texts)`.
    static func expectItemTexts(_ screen: TodoMVCScreen, _ texts: [String]) async throws {
        try await expectEventually(screen.app, "todo items \(texts)") { mismatch(try await screen.itemTexts(), texts) }
    }

    /// `expect(todoItems).toHaveCount(count)`.
    static func expectItemCount(_ screen: TodoMVCScreen, _ count: Int) async throws {
        try await StepTimer.shared.step("expect \(count) todo items") { try await screen.todoItems.expect(count: count) }
    }

    /// `toHaveClass([...])` on all items (`true`: 'completed', `false`: ''), read from the DOM.
    static func expectItemsCompleted(_ screen: TodoMVCScreen, _ completed: [Bool]) async throws {
        try await expectEventually(screen.app, "items completed \(completed)") { mismatch(try await screen.itemsCompleted(), completed) }
    }

    /// `expect(item).toHaveClass('completed')` / `.not.toHaveClass('completed')`.
    static func expectCompleted(_ item: Element, _ completed: Bool) async throws {
        try await StepTimer.shared.step("expect \(item) \(completed ? "" : "not ")completed") {
            try await item.expect(hasClass: "completed", completed)
        }
    }

    /// `toBeChecked()` / `not.toBeChecked()`.
    static func expectChecked(_ screen: TodoMVCScreen, _ element: Element, _ checked: Bool) async throws {
        try await expectEventually(screen.app, "\(element) \(checked ? "checked" : "not checked")") {
            mismatch(try await screen.isChecked(element), checked)
        }
    }

    /// `toHaveText` / `toContainText` on the counter: `exact` or a part of it.
    static func expectCounter(_ screen: TodoMVCScreen, _ text: String, exact: Bool = true) async throws {
        try await expectEventually(screen.app, "counter \(exact ? "==" : "contains") \"\(text)\"") {
            let seen = try await screen.counterText()
            guard let seen else { return "no counter" }
            return (exact ? seen == text : seen.contains(text)) ? nil : "\"\(seen)\""
        }
    }

    /// `toHaveValue(text)` / `toBeEmpty()` on a field: its DOM value.
    static func expectValue(_ field: Element, _ text: String) async throws {
        try await expectEventually(field.app, "\(field) value \"\(text)\"") {
            guard try await field.exists else { return "no such field" }
            return mismatch(try await field.domValue ?? "<none>", text)
        }
    }

    /// `not.toBeVisible()` / `toBeHidden()`: hidden elements are not in the accessibility tree.
    static func expectGone(_ query: ElementQuery) async throws {
        try await StepTimer.shared.step("expect \(query) gone") { try await query.expect(count: 0) }
    }

    /// `checkNumberOfTodosInLocalStorage(page, count)`.
    static func expectStoredTodos(_ screen: TodoMVCScreen, _ count: Int) async throws {
        try await expectStored(screen, "\(count) todos stored") { $0.count == count }
    }

    /// `checkNumberOfCompletedTodosInLocalStorage(page, count)`.
    static func expectStoredCompleted(_ screen: TodoMVCScreen, _ count: Int) async throws {
        try await expectStored(screen, "\(count) completed todos stored") { $0.filter(\.completed).count == count }
    }

    /// `checkTodosInLocalStorage(page, title)`.
    static func expectStoredTitle(_ screen: TodoMVCScreen, _ title: String) async throws {
        try await expectStored(screen, "\"\(title)\" stored") { $0.contains { $0.title == title } }
    }

    /// Waits until the stored to-dos satisfy `holds`, as the spec's `waitForFunction` does.
    private static func expectStored(_ screen: TodoMVCScreen, _ expectation: String,
                                     _ holds: @escaping @Sendable ([StoredTodo]) -> Bool) async throws {
        try await expectEventually(screen.app, expectation) {
            guard let todos = try await screen.app.localStorage.decoded([StoredTodo].self, forKey: "react-todos") else {
                return "nothing stored"
            }
            return holds(todos) ? nil : "\(todos.count) stored, \(todos.filter(\.completed).count) completed"
        }
    }

    // MARK: Describe blocks' hooks

    @Sendable static func createDefaultTodos(_ screen: TodoMVCScreen) async throws {
        try await screen.createDefaultTodos()
    }

    /// The beforeEach of "Mark all as completed" and "Editing".
    @Sendable static func createDefaultTodosAndCheckStorage(_ screen: TodoMVCScreen) async throws {
        try await screen.createDefaultTodos()
        try await expectStoredTodos(screen, 3)
    }

    /// The afterEach of "Mark all as completed".
    @Sendable static func checkThreeStored(_ screen: TodoMVCScreen) async throws {
        try await expectStoredTodos(screen, 3)
    }

    /// The beforeEach of "Routing".
    @Sendable static func createDefaultTodosAndCheckFirstStored(_ screen: TodoMVCScreen) async throws {
        try await screen.createDefaultTodos()
        try await expectStoredTitle(screen, todoItems[0])
    }

    // MARK: The cases, in the spec's order

    static let all: [Case] = [
        Case("New Todo › should allow me to add todo items") { screen in
            try await screen.fill(screen.newTodo, todoItems[0])
            try await screen.press(screen.newTodo, .return, "Enter")
            try await expectItemTexts(screen, [todoItems[0]])
            try await screen.fill(screen.newTodo, todoItems[1])
            try await screen.press(screen.newTodo, .return, "Enter")
            try await expectItemTexts(screen, [todoItems[0], todoItems[1]])
            try await expectStoredTodos(screen, 2)
        },
        Case("New Todo › should clear text input field when an item is added") { screen in
            try await screen.fill(screen.newTodo, todoItems[0])
            try await screen.press(screen.newTodo, .return, "Enter")
            try await expectValue(screen.newTodo, "")
            try await expectStoredTodos(screen, 1)
        },
        Case("New Todo › should append new items to the bottom of the list") { screen in
            try await screen.createDefaultTodos()
            // getByText('3 items left').toBeVisible(), toHaveText('3 items left'), toContainText('3'),
            // toHaveText(/3/): all on the counter, the one element with that text.
            try await expectCounter(screen, "3 items left")
            try await expectCounter(screen, "3 items left")
            try await expectCounter(screen, "3", exact: false)
            try await expectCounter(screen, "3", exact: false)
            try await expectItemTexts(screen, todoItems)
            try await expectStoredTodos(screen, 3)
        },
        Case("Mark all as completed › should allow me to mark all items as completed",
             beforeEach: createDefaultTodosAndCheckStorage, afterEach: checkThreeStored) { screen in
            try await screen.check(screen.toggleAll)
            try await expectItemsCompleted(screen, [true, true, true])
            try await expectStoredCompleted(screen, 3)
        },
        Case("Mark all as completed › should allow me to clear the complete state of all items",
             beforeEach: createDefaultTodosAndCheckStorage, afterEach: checkThreeStored) { screen in
            try await screen.check(screen.toggleAll)
            try await screen.uncheck(screen.toggleAll)
            try await expectItemsCompleted(screen, [false, false, false])
        },
        Case("Mark all as completed › complete all checkbox should update state when items are completed / cleared",
             beforeEach: createDefaultTodosAndCheckStorage, afterEach: checkThreeStored) { screen in
            let toggleAll = screen.toggleAll
            try await screen.check(toggleAll)
            try await expectChecked(screen, toggleAll, true)
            try await expectStoredCompleted(screen, 3)
            let firstTodo = screen.todoItem(0)
            try await screen.uncheck(screen.checkbox(of: firstTodo))
            try await expectChecked(screen, toggleAll, false)
            try await screen.check(screen.checkbox(of: firstTodo))
            try await expectStoredCompleted(screen, 3)
            try await expectChecked(screen, toggleAll, true)
        },
        Case("Item › should allow me to mark items as complete") { screen in
            for item in todoItems.prefix(2) {
                try await screen.fill(screen.newTodo, item)
                try await screen.press(screen.newTodo, .return, "Enter")
            }
            let firstTodo = screen.todoItem(0)
            try await screen.check(screen.checkbox(of: firstTodo))
            try await expectCompleted(firstTodo, true)
            let secondTodo = screen.todoItem(1)
            try await expectCompleted(secondTodo, false)
            try await screen.check(screen.checkbox(of: secondTodo))
            try await expectCompleted(firstTodo, true)
            try await expectCompleted(secondTodo, true)
        },
        Case("Item › should allow me to un-mark items as complete") { screen in
            for item in todoItems.prefix(2) {
                try await screen.fill(screen.newTodo, item)
                try await screen.press(screen.newTodo, .return, "Enter")
            }
            let firstTodo = screen.todoItem(0)
            let secondTodo = screen.todoItem(1)
            let firstTodoCheckbox = screen.checkbox(of: firstTodo)
            try await screen.check(firstTodoCheckbox)
            try await expectCompleted(firstTodo, true)
            try await expectCompleted(secondTodo, false)
            try await expectStoredCompleted(screen, 1)
            try await screen.uncheck(firstTodoCheckbox)
            try await expectCompleted(firstTodo, false)
            try await expectCompleted(secondTodo, false)
            try await expectStoredCompleted(screen, 0)
        },
        Case("Item › should allow me to edit an item") { screen in
            try await screen.createDefaultTodos()
            let secondTodo = screen.todoItem(1)
            try await screen.dblclick(secondTodo)
            try await expectValue(screen.editField(of: secondTodo), todoItems[1])
            try await screen.fill(screen.editField(of: secondTodo), "buy some sausages")
            try await screen.press(screen.editField(of: secondTodo), .return, "Enter")
            try await expectItemTexts(screen, [todoItems[0], "buy some sausages", todoItems[2]])
            try await expectStoredTitle(screen, "buy some sausages")
        },
        Case("Editing › should hide other controls when editing",
             beforeEach: createDefaultTodosAndCheckStorage) { screen in
            let todoItem = screen.todoItem(1)
            try await screen.dblclick(todoItem)
            try await expectGone(todoItem.checkBoxes)
            try await expectGone(todoItem.staticTexts.matching(ElementPredicate.label.contains(todoItems[1])))
            try await expectStoredTodos(screen, 3)
        },
        Case("Editing › should save edits on blur", beforeEach: createDefaultTodosAndCheckStorage) { screen in
            try await screen.dblclick(screen.todoItem(1))
            try await screen.fill(screen.editField(of: screen.todoItem(1)), "buy some sausages")
            try await screen.blur(screen.editField(of: screen.todoItem(1)))
            try await expectItemTexts(screen, [todoItems[0], "buy some sausages", todoItems[2]])
            try await expectStoredTitle(screen, "buy some sausages")
        },
        Case("Editing › should trim entered text", beforeEach: createDefaultTodosAndCheckStorage) { screen in
            try await screen.dblclick(screen.todoItem(1))
            try await screen.fill(screen.editField(of: screen.todoItem(1)), "    buy some sausages    ")
            try await screen.press(screen.editField(of: screen.todoItem(1)), .return, "Enter")
            try await expectItemTexts(screen, [todoItems[0], "buy some sausages", todoItems[2]])
            try await expectStoredTitle(screen, "buy some sausages")
        },
        Case("Editing › should remove the item if an empty text string was entered",
             beforeEach: createDefaultTodosAndCheckStorage) { screen in
            try await screen.dblclick(screen.todoItem(1))
            try await screen.fill(screen.editField(of: screen.todoItem(1)), "")
            try await screen.press(screen.editField(of: screen.todoItem(1)), .return, "Enter")
            try await expectItemTexts(screen, [todoItems[0], todoItems[2]])
        },
        Case("Editing › should cancel edits on escape", beforeEach: createDefaultTodosAndCheckStorage) { screen in
            try await screen.dblclick(screen.todoItem(1))
            try await screen.fill(screen.editField(of: screen.todoItem(1)), "buy some sausages")
            try await screen.press(screen.editField(of: screen.todoItem(1)), .escape, "Escape")
            try await expectItemTexts(screen, todoItems)
        },
        Case("Counter › should display the current number of todo items") { screen in
            try await screen.fill(screen.newTodo, todoItems[0])
            try await screen.press(screen.newTodo, .return, "Enter")
            try await expectCounter(screen, "1", exact: false)
            try await screen.fill(screen.newTodo, todoItems[1])
            try await screen.press(screen.newTodo, .return, "Enter")
            try await expectCounter(screen, "2", exact: false)
            try await expectStoredTodos(screen, 2)
        },
        Case("Clear completed button › should display the correct text", beforeEach: createDefaultTodos) { screen in
            // page.locator('.todo-list li .toggle').first().check()
            try await screen.check(screen.todoItems.checkBoxes.firstMatch)
            try await expectEventually(screen.app, "Clear completed visible") { try await screen.clearCompleted.exists ? nil : "missing" }
        },
        Case("Clear completed button › should remove completed items when clicked", beforeEach: createDefaultTodos) { screen in
            try await screen.check(screen.checkbox(of: screen.todoItem(1)))
            try await screen.click(screen.clearCompleted)
            try await expectItemCount(screen, 2)
            try await expectItemTexts(screen, [todoItems[0], todoItems[2]])
        },
        Case("Clear completed button › should be hidden when there are no items that are completed",
             beforeEach: createDefaultTodos) { screen in
            try await screen.check(screen.todoItems.checkBoxes.firstMatch)
            try await screen.click(screen.clearCompleted)
            try await expectGone(screen.app.buttons.matching(ElementPredicate.label == "Clear completed"))
        },
        Case("Persistence › should persist its data") { screen in
            for item in todoItems.prefix(2) {
                try await screen.fill(screen.newTodo, item)
                try await screen.press(screen.newTodo, .return, "Enter")
            }
            let firstTodoCheck = screen.checkbox(of: screen.todoItem(0))
            try await screen.check(firstTodoCheck)
            try await expectItemTexts(screen, [todoItems[0], todoItems[1]])
            try await expectChecked(screen, firstTodoCheck, true)
            try await expectItemsCompleted(screen, [true, false])
            try await expectStoredCompleted(screen, 1)
            try await screen.reload()
            try await expectItemTexts(screen, [todoItems[0], todoItems[1]])
            try await expectChecked(screen, firstTodoCheck, true)
            try await expectItemsCompleted(screen, [true, false])
        },
        Case("Routing › should allow me to display active items",
             beforeEach: createDefaultTodosAndCheckFirstStored) { screen in
            try await screen.check(screen.checkbox(of: screen.todoItem(1)))
            try await expectStoredCompleted(screen, 1)
            try await screen.click(screen.filter("Active"))
            try await expectItemCount(screen, 2)
            try await expectItemTexts(screen, [todoItems[0], todoItems[2]])
        },
        Case("Routing › should respect the back button", beforeEach: createDefaultTodosAndCheckFirstStored) { screen in
            try await screen.check(screen.checkbox(of: screen.todoItem(1)))
            try await expectStoredCompleted(screen, 1)
            try await screen.click(screen.filter("All"))
            try await expectItemCount(screen, 3)
            try await screen.click(screen.filter("Active"))
            try await screen.click(screen.filter("Completed"))
            try await expectItemCount(screen, 1)
            try await screen.goBack()
            try await expectItemCount(screen, 2)
            try await screen.goBack()
            try await expectItemCount(screen, 3)
        },
        Case("Routing › should allow me to display completed items",
             beforeEach: createDefaultTodosAndCheckFirstStored) { screen in
            try await screen.check(screen.checkbox(of: screen.todoItem(1)))
            try await expectStoredCompleted(screen, 1)
            try await screen.click(screen.filter("Completed"))
            try await expectItemCount(screen, 1)
        },
        Case("Routing › should allow me to display all items",
             beforeEach: createDefaultTodosAndCheckFirstStored) { screen in
            try await screen.check(screen.checkbox(of: screen.todoItem(1)))
            try await expectStoredCompleted(screen, 1)
            try await screen.click(screen.filter("Active"))
            try await screen.click(screen.filter("Completed"))
            try await screen.click(screen.filter("All"))
            try await expectItemCount(screen, 3)
        },
        Case("Routing › should highlight the currently applied filter",
             beforeEach: createDefaultTodosAndCheckFirstStored) { screen in
            try await StepTimer.shared.step("expect All selected") { try await screen.filter("All").expect(hasClass: "selected") }
            let activeLink = screen.filter("Active")
            let completedLink = screen.filter("Completed")
            try await screen.click(activeLink)
            try await StepTimer.shared.step("expect Active selected") { try await activeLink.expect(hasClass: "selected") }
            try await screen.click(completedLink)
            try await StepTimer.shared.step("expect Completed selected") { try await completedLink.expect(hasClass: "selected") }
        },
    ]
}
