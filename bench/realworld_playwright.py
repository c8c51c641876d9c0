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

Each case runs in a fresh browser.new_context() (as Playwright's test runner gives each
test), on the system chromium-headless-shell (executable_path; never `playwright install`).
Timed: context + page creation, the spec's beforeEach (goto) and the case body; not the
context's close. Prints JSON: {case: {"ms": [...], "verdicts": ["pass"|"fail"], "errors": [...]}}.
Usage: realworld_playwright.py BROWSER BASE_URL [ROUNDS] [FLAGS_JSON] [CASE_FILTER]
With STEPS=1 in the environment it also writes, per case, the time of every Playwright call
the case makes (goto, fill, press, check, click, expect…) to stderr, as RealWorldBench --steps
does for UIAutomation, and a median per kind of call at the end."""
import json, os, re, statistics, sys, time

from playwright.sync_api import Browser, BrowserContext, Locator, LocatorAssertions, Page, expect, sync_playwright

BROWSER = sys.argv[1]
BASE = sys.argv[2]
ROUNDS = int(sys.argv[3]) if len(sys.argv) > 3 else 1
FLAGS = json.loads(sys.argv[4]) if len(sys.argv) > 4 and sys.argv[4] else []
FILTER = sys.argv[5] if len(sys.argv) > 5 else ""
# Playwright makes its own pipe and profile; pass on the rest of DevTools' command line.
ARGS = [f for f in FLAGS if f.startswith("--") and f != "--remote-debugging-pipe"
        and not f.startswith("--user-data-dir") and not f.startswith("--headless")]
# The device UIAutomation's side uses (Device.desktop: 1280 × 800, scale 1, mouse); the
# spec's config uses Desktop Chrome.
DEVICE = dict(viewport={"width": 1280, "height": 800}, device_scale_factor=1, is_mobile=False, has_touch=False)
# The spec's expect timeout (playwright.config.ts: 5 s).
expect.set_options(timeout=5_000)

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
    def register(body):
        CASES.append((name, before_each, body, after_each))
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


# MARK: Step timing (STEPS=1)

STEPS = []  # (kind, milliseconds) of the case running now


def time_calls(cls, names, kind_prefix):
    """Wraps `cls`'s methods `names` so that each call's duration is recorded in STEPS."""
    for name in names:
        original = getattr(cls, name)

        def timed(*args, __original=original, __kind=f"{kind_prefix}.{name}", **kwargs):
            start = time.perf_counter()
            try:
                return __original(*args, **kwargs)
            finally:
                STEPS.append((__kind, (time.perf_counter() - start) * 1e3))
        setattr(cls, name, timed)


if os.environ.get("STEPS") == "1":
    time_calls(Browser, ["new_context"], "browser")
    time_calls(BrowserContext, ["new_page"], "context")
    time_calls(Page, ["goto", "reload", "go_back", "wait_for_function"], "page")
    time_calls(Locator, ["fill", "press", "check", "uncheck", "click", "dblclick", "dispatch_event"], "locator")
    time_calls(LocatorAssertions, [n for n in dir(LocatorAssertions) if n.startswith(("to_", "not_to_"))], "expect")


# MARK: Runner

def run_case(browser, before_each, body, after_each):
    """One test as Playwright's runner runs it: a fresh context and page, the spec's
    beforeEach (goto, then the describe's own), the body, the afterEach. Returns
    (milliseconds, error or None); the context's close is not timed."""
    STEPS.clear()
    start = time.perf_counter()
    context = browser.new_context(**DEVICE)
    error = None
    try:
        page = context.new_page()
        page.goto(BASE + "/")
        if before_each:
            before_each(page)
        body(page)
        if after_each:
            after_each(page)
    except Exception as failure:  # a failed expect or a timeout: the case fails
        error = f"{type(failure).__name__}: {str(failure).splitlines()[0] if str(failure) else ''}"
    elapsed = (time.perf_counter() - start) * 1e3
    context.close()
    return elapsed, error


def main():
    results, kinds = {}, {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=BROWSER, args=ARGS, headless=True)
        selected = [c for c in CASES if FILTER in c[0]]
        run_case(browser, *selected[0][1:])  # warm-up, not recorded
        for _ in range(ROUNDS):
            for name, before_each, body, after_each in selected:
                ms, error = run_case(browser, before_each, body, after_each)
                entry = results.setdefault(name, {"ms": [], "verdicts": [], "errors": []})
                entry["ms"].append(ms)
                entry["verdicts"].append("fail" if error else "pass")
                if error:
                    entry["errors"].append(error)
                if os.environ.get("STEPS") == "1":
                    print(f"## {name}: {ms:.1f} ms", file=sys.stderr)
                    for kind, step_ms in STEPS:
                        print(f"{step_ms:8.1f} ms  {kind}", file=sys.stderr)
                        kinds.setdefault(kind, []).append(step_ms)
        browser.close()
    for kind, values in sorted(kinds.items(), key=lambda item: -statistics.median(item[1])):
        print(f"median {statistics.median(values):7.1f} ms  n={len(values):3d}  {kind}", file=sys.stderr)
    print(json.dumps(results))


if __name__ == "__main__":
    main()
