#!/usr/bin/env python3
"""The real-world benchmark's Playwright side: the TodoMVC spec that `npm init playwright`
shipped as tests-examples/demo-todo-app.spec.ts (microsoft/create-playwright, MIT), ported
case by case to Playwright for Python (sync API), run against TodoMVC's TypeScript + React
app (tastejs/todomvc examples/typescript-react, MIT) served on 127.0.0.1.

Same case names and the spec's own assertions. The only changes are where the app served
here differs from demo.playwright.dev/todomvc, which carries data-testid attributes and an
"Edit" label this copy of the app does not have (docs/benchmarks.md, "Real-world: TodoMVC"):
  getByTestId('todo-item')   -> locator('.todo-list li')
  getByTestId('todo-title')  -> locator('.todo-list li label')
  getByTestId('todo-count')  -> locator('.todo-count')
  getByRole('textbox', { name: 'Edit' }) inside an item -> get_by_role('textbox') inside it
The storage key ('react-todos') is the spec's and the app's.

The runner (a fresh context per case, the timing, the JSON, STEPS=1) is realworld_runner.py's.
Usage: realworld_playwright.py BROWSER BASE_URL [ROUNDS] [FLAGS_JSON] [CASE_FILTER]"""
import re

from playwright.sync_api import Page, expect

import realworld_runner

TODO_ITEMS = ["buy some cheese", "feed the cat", "book a doctors appointment"]


# MARK: The spec's helpers

def todo_items(page: Page):
    return page.locator(".todo-list li")


def todo_titles(page: Page):
    return page.locator(".todo-list li label")


def create_default_todos(page: Page):
    new_todo = page.get_by_placeholder("What needs to be done?")
    for item in TODO_ITEMS:
        new_todo.fill(item)
        new_todo.press("Enter")


def check_number_of_todos_in_local_storage(page: Page, expected: int):
    page.wait_for_function("e => JSON.parse(localStorage['react-todos']).length === e", arg=expected)


def check_number_of_completed_todos_in_local_storage(page: Page, expected: int):
    page.wait_for_function(
        "e => JSON.parse(localStorage['react-todos']).filter(todo => todo.completed).length === e", arg=expected)


def check_todos_in_local_storage(page: Page, title: str):
    page.wait_for_function(
        "t => JSON.parse(localStorage['react-todos']).map(todo => todo.title).includes(t)", arg=title)


# MARK: The cases, in the spec's order

CASES = []


def case(name, before_each=None, after_each=None):
    """Registers a test with its describe block's hooks; every case starts at the app's root."""
    def register(body):
        def run(page):
            if before_each:
                before_each(page)
            body(page)
            if after_each:
                after_each(page)
        CASES.append((name, "/", run))
        return body
    return register


@case("New Todo › should allow me to add todo items")
def _(page):
    new_todo = page.get_by_placeholder("What needs to be done?")
    new_todo.fill(TODO_ITEMS[0])
    new_todo.press("Enter")
    expect(todo_titles(page)).to_have_text([TODO_ITEMS[0]])
    new_todo.fill(TODO_ITEMS[1])
    new_todo.press("Enter")
    expect(todo_titles(page)).to_have_text([TODO_ITEMS[0], TODO_ITEMS[1]])
    check_number_of_todos_in_local_storage(page, 2)


@case("New Todo › should clear text input field when an item is added")
def _(page):
    new_todo = page.get_by_placeholder("What needs to be done?")
    new_todo.fill(TODO_ITEMS[0])
    new_todo.press("Enter")
    expect(new_todo).to_be_empty()
    check_number_of_todos_in_local_storage(page, 1)


@case("New Todo › should append new items to the bottom of the list")
def _(page):
    create_default_todos(page)
    todo_count = page.locator(".todo-count")
    expect(page.get_by_text("3 items left")).to_be_visible()
    expect(todo_count).to_have_text("3 items left")
    expect(todo_count).to_contain_text("3")
    expect(todo_count).to_have_text(re.compile("3"))
    expect(todo_titles(page)).to_have_text(TODO_ITEMS)
    check_number_of_todos_in_local_storage(page, 3)


def mark_all_before(page):
    create_default_todos(page)
    check_number_of_todos_in_local_storage(page, 3)


def mark_all_after(page):
    check_number_of_todos_in_local_storage(page, 3)


@case("Mark all as completed › should allow me to mark all items as completed", mark_all_before, mark_all_after)
def _(page):
    page.get_by_label("Mark all as complete").check()
    expect(todo_items(page)).to_have_class(["completed", "completed", "completed"])
    check_number_of_completed_todos_in_local_storage(page, 3)


@case("Mark all as completed › should allow me to clear the complete state of all items", mark_all_before, mark_all_after)
def _(page):
    toggle_all = page.get_by_label("Mark all as complete")
    toggle_all.check()
    toggle_all.uncheck()
    expect(todo_items(page)).to_have_class(["", "", ""])


@case("Mark all as completed › complete all checkbox should update state when items are completed / cleared",
      mark_all_before, mark_all_after)
def _(page):
    toggle_all = page.get_by_label("Mark all as complete")
    toggle_all.check()
    expect(toggle_all).to_be_checked()
    check_number_of_completed_todos_in_local_storage(page, 3)
    first_todo = todo_items(page).nth(0)
    first_todo.get_by_role("checkbox").uncheck()
    expect(toggle_all).not_to_be_checked()
    first_todo.get_by_role("checkbox").check()
    check_number_of_completed_todos_in_local_storage(page, 3)
    expect(toggle_all).to_be_checked()


@case("Item › should allow me to mark items as complete")
def _(page):
    new_todo = page.get_by_placeholder("What needs to be done?")
    for item in TODO_ITEMS[:2]:
        new_todo.fill(item)
        new_todo.press("Enter")
    first_todo = todo_items(page).nth(0)
    first_todo.get_by_role("checkbox").check()
    expect(first_todo).to_have_class("completed")
    second_todo = todo_items(page).nth(1)
    expect(second_todo).not_to_have_class("completed")
    second_todo.get_by_role("checkbox").check()
    expect(first_todo).to_have_class("completed")
    expect(second_todo).to_have_class("completed")


@case("Item › should allow me to un-mark items as complete")
def _(page):
    new_todo = page.get_by_placeholder("What needs to be done?")
    for item in TODO_ITEMS[:2]:
        new_todo.fill(item)
        new_todo.press("Enter")
    first_todo = todo_items(page).nth(0)
    second_todo = todo_items(page).nth(1)
    first_todo_checkbox = first_todo.get_by_role("checkbox")
    first_todo_checkbox.check()
    expect(first_todo).to_have_class("completed")
    expect(second_todo).not_to_have_class("completed")
    check_number_of_completed_todos_in_local_storage(page, 1)
    first_todo_checkbox.uncheck()
    expect(first_todo).not_to_have_class("completed")
    expect(second_todo).not_to_have_class("completed")
    check_number_of_completed_todos_in_local_storage(page, 0)


@case("Item › should allow me to edit an item")
def _(page):
    create_default_todos(page)
    items = todo_items(page)
    second_todo = items.nth(1)
    second_todo.dblclick()
    expect(second_todo.get_by_role("textbox")).to_have_value(TODO_ITEMS[1])
    second_todo.get_by_role("textbox").fill("buy some sausages")
    second_todo.get_by_role("textbox").press("Enter")
    expect(items).to_have_text([TODO_ITEMS[0], "buy some sausages", TODO_ITEMS[2]])
    check_todos_in_local_storage(page, "buy some sausages")


def editing_before(page):
    create_default_todos(page)
    check_number_of_todos_in_local_storage(page, 3)


@case("Editing › should hide other controls when editing", editing_before)
def _(page):
    todo_item = todo_items(page).nth(1)
    todo_item.dblclick()
    expect(todo_item.get_by_role("checkbox")).not_to_be_visible()
    expect(todo_item.locator("label", has_text=TODO_ITEMS[1])).not_to_be_visible()
    check_number_of_todos_in_local_storage(page, 3)


@case("Editing › should save edits on blur", editing_before)
def _(page):
    items = todo_items(page)
    items.nth(1).dblclick()
    items.nth(1).get_by_role("textbox").fill("buy some sausages")
    items.nth(1).get_by_role("textbox").dispatch_event("blur")
    expect(items).to_have_text([TODO_ITEMS[0], "buy some sausages", TODO_ITEMS[2]])
    check_todos_in_local_storage(page, "buy some sausages")


@case("Editing › should trim entered text", editing_before)
def _(page):
    items = todo_items(page)
    items.nth(1).dblclick()
    items.nth(1).get_by_role("textbox").fill("    buy some sausages    ")
    items.nth(1).get_by_role("textbox").press("Enter")
    expect(items).to_have_text([TODO_ITEMS[0], "buy some sausages", TODO_ITEMS[2]])
    check_todos_in_local_storage(page, "buy some sausages")


@case("Editing › should remove the item if an empty text string was entered", editing_before)
def _(page):
    items = todo_items(page)
    items.nth(1).dblclick()
    items.nth(1).get_by_role("textbox").fill("")
    items.nth(1).get_by_role("textbox").press("Enter")
    expect(items).to_have_text([TODO_ITEMS[0], TODO_ITEMS[2]])


@case("Editing › should cancel edits on escape", editing_before)
def _(page):
    items = todo_items(page)
    items.nth(1).dblclick()
    items.nth(1).get_by_role("textbox").fill("buy some sausages")
    items.nth(1).get_by_role("textbox").press("Escape")
    expect(items).to_have_text(TODO_ITEMS)


@case("Counter › should display the current number of todo items")
def _(page):
    new_todo = page.get_by_placeholder("What needs to be done?")
    todo_count = page.locator(".todo-count")
    new_todo.fill(TODO_ITEMS[0])
    new_todo.press("Enter")
    expect(todo_count).to_contain_text("1")
    new_todo.fill(TODO_ITEMS[1])
    new_todo.press("Enter")
    expect(todo_count).to_contain_text("2")
    check_number_of_todos_in_local_storage(page, 2)


@case("Clear completed button › should display the correct text", create_default_todos)
def _(page):
    page.locator(".todo-list li .toggle").first.check()
    expect(page.get_by_role("button", name="Clear completed")).to_be_visible()


@case("Clear completed button › should remove completed items when clicked", create_default_todos)
def _(page):
    items = todo_items(page)
    items.nth(1).get_by_role("checkbox").check()
    page.get_by_role("button", name="Clear completed").click()
    expect(items).to_have_count(2)
    expect(items).to_have_text([TODO_ITEMS[0], TODO_ITEMS[2]])


@case("Clear completed button › should be hidden when there are no items that are completed", create_default_todos)
def _(page):
    page.locator(".todo-list li .toggle").first.check()
    page.get_by_role("button", name="Clear completed").click()
    expect(page.get_by_role("button", name="Clear completed")).to_be_hidden()


@case("Persistence › should persist its data")
def _(page):
    new_todo = page.get_by_placeholder("What needs to be done?")
    for item in TODO_ITEMS[:2]:
        new_todo.fill(item)
        new_todo.press("Enter")
    items = todo_items(page)
    first_todo_check = items.nth(0).get_by_role("checkbox")
    first_todo_check.check()
    expect(items).to_have_text([TODO_ITEMS[0], TODO_ITEMS[1]])
    expect(first_todo_check).to_be_checked()
    expect(items).to_have_class(["completed", ""])
    check_number_of_completed_todos_in_local_storage(page, 1)
    page.reload()
    expect(items).to_have_text([TODO_ITEMS[0], TODO_ITEMS[1]])
    expect(first_todo_check).to_be_checked()
    expect(items).to_have_class(["completed", ""])


def routing_before(page):
    create_default_todos(page)
    check_todos_in_local_storage(page, TODO_ITEMS[0])


@case("Routing › should allow me to display active items", routing_before)
def _(page):
    todo_item = todo_items(page)
    todo_items(page).nth(1).get_by_role("checkbox").check()
    check_number_of_completed_todos_in_local_storage(page, 1)
    page.get_by_role("link", name="Active").click()
    expect(todo_item).to_have_count(2)
    expect(todo_item).to_have_text([TODO_ITEMS[0], TODO_ITEMS[2]])


@case("Routing › should respect the back button", routing_before)
def _(page):
    todo_item = todo_items(page)
    todo_items(page).nth(1).get_by_role("checkbox").check()
    check_number_of_completed_todos_in_local_storage(page, 1)
    page.get_by_role("link", name="All").click()
    expect(todo_item).to_have_count(3)
    page.get_by_role("link", name="Active").click()
    page.get_by_role("link", name="Completed").click()
    expect(todo_item).to_have_count(1)
    page.go_back()
    expect(todo_item).to_have_count(2)
    page.go_back()
    expect(todo_item).to_have_count(3)


@case("Routing › should allow me to display completed items", routing_before)
def _(page):
    todo_items(page).nth(1).get_by_role("checkbox").check()
    check_number_of_completed_todos_in_local_storage(page, 1)
    page.get_by_role("link", name="Completed").click()
    expect(todo_items(page)).to_have_count(1)


@case("Routing › should allow me to display all items", routing_before)
def _(page):
    todo_items(page).nth(1).get_by_role("checkbox").check()
    check_number_of_completed_todos_in_local_storage(page, 1)
    page.get_by_role("link", name="Active").click()
    page.get_by_role("link", name="Completed").click()
    page.get_by_role("link", name="All").click()
    expect(todo_items(page)).to_have_count(3)


@case("Routing › should highlight the currently applied filter", routing_before)
def _(page):
    expect(page.get_by_role("link", name="All")).to_have_class("selected")
    active_link = page.get_by_role("link", name="Active")
    completed_link = page.get_by_role("link", name="Completed")
    active_link.click()
    expect(active_link).to_have_class("selected")
    completed_link.click()
    expect(completed_link).to_have_class("selected")


if __name__ == "__main__":
    realworld_runner.main(CASES)
