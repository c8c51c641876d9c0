#!/usr/bin/env python3
"""The second real-world benchmark's Playwright side: the kitchen sink's own Cypress specs
(cypress-io/cypress-example-kitchensink, MIT: cypress/e2e/2-advanced-examples/actions.cy.js,
navigation.cy.js, storage.cy.js and network_requests.cy.js), ported case by case to Playwright
for Python (sync API), run against the kitchen sink's static app (its app/ folder) served on
127.0.0.1. The network spec's server (jsonplaceholder.cypress.io, out of reach here) is played
by a route, JsonPlaceholder below, from the data set kitchensink.sh generates
(KITCHENSINK_API_DATA), by the same rules as the Swift side's stand-in.

Same case names ("context › it"), steps and checks as the spec, in order, and as the
UIAutomation port (bench/KitchenSinkBench). Cypress's `cy.get(css)` is `page.locator(css)`;
`type` is `press_sequentially` (key by key); `should(...)` is an auto-retrying `expect`, or
`wait_for_function` / a poll where Playwright has no assertion for it. Where the spec does
something neither user nor Playwright can do the same way, both ports change it the same way
(docs/benchmarks.md, "Real-world: Cypress kitchen sink", has the table):
  - a modifier pressed alone ({alt}, {ctrl}, {meta}, {shift}) is left out;
  - { force: true } on a disabled field or box sets value / checked with a script;
  - .prev() (a field's label) is the label's own selector, label[for=…];
  - .submit() is a press of the form's Submit button;
  - chai-jQuery's be.checked on a set is "at least one is checked", not.be.checked "none is";
  - cy.request (sent outside the page, which no route sees) is a fetch from the page;
  - a spy (cy.intercept(method, url) + cy.wait) is expect_response with a method predicate,
    delayMs a sleep in the route's handler, aliases local variables.
The runner (a fresh context per case, the timing, the JSON, STEPS=1) is realworld_runner.py's.
Usage: kitchensink_playwright.py BROWSER BASE_URL [ROUNDS] [FLAGS_JSON] [CASE_FILTER]"""
import json, os, re, time
from urllib.parse import parse_qsl, urlsplit

from playwright.sync_api import Page, Route, expect

import realworld_runner
from realworld_runner import poll

CASES = []


def case(name, path):
    def register(body):
        CASES.append((name, path, body))
        return body
    return register


# MARK: Checks shared by the cases

def expect_some_checked(page: Page, selector: str):
    """should('be.checked') on a set (chai-jQuery: at least one of them)."""
    expect(page.locator(selector + ":checked")).not_to_have_count(0)


def expect_none_checked(page: Page, selector: str):
    """should('not.be.checked') on a set: none of them."""
    expect(page.locator(selector + ":checked")).to_have_count(0)


def force_checked(page: Page, selector: str, checked: bool):
    """check / uncheck({ force: true }) on disabled boxes: a script, as on our side."""
    page.locator(selector).evaluate_all("(elements, checked) => elements.forEach(e => { e.checked = checked })", checked)


# MARK: actions.cy.js

ACTIONS = "/commands/actions"


@case("Actions › .type() - type into a DOM element", ACTIONS)
def _(page: Page):
    email = page.locator(".action-email")
    email.press_sequentially("fake@email.com")
    expect(email).to_have_value("fake@email.com")
    for key in ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"]:
        email.press(key)
    email.press("Delete")
    email.press("Control+a")
    email.press("Backspace")
    # {alt}{option} {ctrl}{control} {meta}{command}{cmd} {shift}: left out (as on our side)
    email.press_sequentially("slow.typing@email.com", delay=100)
    expect(email).to_have_value("slow.typing@email.com")
    page.locator(".action-disabled").evaluate(
        "e => { e.value = 'disabled error checking'; e.dispatchEvent(new Event('input', { bubbles: true })) }")
    expect(page.locator(".action-disabled")).to_have_value("disabled error checking")


@case("Actions › .focus() - focus on a DOM element", ACTIONS)
def _(page: Page):
    page.locator(".action-focus").focus()
    expect(page.locator(".action-focus")).to_have_class(re.compile(r"(^|\s)focus(\s|$)"))
    expect(page.locator('label[for="password1"]')).to_have_attribute("style", "color: orange;")


@case("Actions › .blur() - blur off a DOM element", ACTIONS)
def _(page: Page):
    page.locator(".action-blur").press_sequentially("About to blur")
    page.locator(".action-blur").blur()
    expect(page.locator(".action-blur")).to_have_class(re.compile(r"(^|\s)error(\s|$)"))
    expect(page.locator('label[for="fullName1"]')).to_have_attribute("style", "color: red;")


@case("Actions › .clear() - clears an input or textarea element", ACTIONS)
def _(page: Page):
    page.locator(".action-clear").press_sequentially("Clear this text")
    expect(page.locator(".action-clear")).to_have_value("Clear this text")
    page.locator(".action-clear").clear()
    expect(page.locator(".action-clear")).to_have_value("")


@case("Actions › .submit() - submit a form", ACTIONS)
def _(page: Page):
    page.locator('.action-form [type="text"]').press_sequentially("HALFOFF")
    page.locator('.action-form [type="submit"]').click()
    expect(page.locator(".action-form + p")).to_contain_text("Your form has been submitted!")


@case("Actions › .click() - click on a DOM element", ACTIONS)
def _(page: Page):
    page.locator(".action-btn").click()
    canvas = page.locator("#action-canvas")
    canvas.click()
    for x, y in [(0, 0), (125, 0), (249, 0), (0, 125), (249, 125), (0, 249), (125, 249), (249, 249),
                 (80, 75), (170, 75), (80, 165), (100, 185), (125, 190), (150, 185), (170, 165)]:
        canvas.click(position={"x": x, "y": y})
    for label in page.locator(".action-labels>.label").all():
        label.click()
    page.locator(".action-opacity>.btn").click(force=True)


@case("Actions › .dblclick() - double click on a DOM element", ACTIONS)
def _(page: Page):
    page.locator(".action-div").dblclick()
    expect(page.locator(".action-div")).not_to_be_visible()
    expect(page.locator(".action-input-hidden")).to_be_visible()


@case("Actions › .rightclick() - right click on a DOM element", ACTIONS)
def _(page: Page):
    page.locator(".rightclick-action-div").click(button="right")
    expect(page.locator(".rightclick-action-div")).not_to_be_visible()
    expect(page.locator(".rightclick-action-input-hidden")).to_be_visible()


@case("Actions › .check() - check a checkbox or radio element", ACTIONS)
def _(page: Page):
    boxes = '.action-checkboxes [type="checkbox"]:not([disabled])'
    for box in page.locator(boxes).all():
        box.check()
    expect_some_checked(page, boxes)
    radios = '.action-radios [type="radio"]:not([disabled])'
    for radio in page.locator(radios).all():
        radio.check()
    expect_some_checked(page, radios)
    page.locator('.action-radios [type="radio"][value="radio1"]').check()
    expect_some_checked(page, '.action-radios [type="radio"]')
    for value in ["checkbox1", "checkbox2"]:
        page.locator(f'.action-multiple-checkboxes [type="checkbox"][value="{value}"]').check()
    expect_some_checked(page, '.action-multiple-checkboxes [type="checkbox"]')
    force_checked(page, ".action-checkboxes [disabled]", True)
    expect_some_checked(page, ".action-checkboxes [disabled]")
    force_checked(page, '.action-radios [type="radio"][value="radio3"]', True)
    expect_some_checked(page, '.action-radios [type="radio"]')


@case("Actions › .uncheck() - uncheck a checkbox element", ACTIONS)
def _(page: Page):
    enabled = '.action-check [type="checkbox"]:not([disabled])'
    for box in page.locator(enabled).all():
        box.uncheck()
    expect_none_checked(page, enabled)

    def box(value):
        return page.locator(f'.action-check [type="checkbox"][value="{value}"]')
    box("checkbox1").check()
    box("checkbox1").uncheck()
    expect_none_checked(page, '.action-check [type="checkbox"][value="checkbox1"]')
    for value in ["checkbox1", "checkbox3"]:
        box(value).check()
    for value in ["checkbox1", "checkbox3"]:
        box(value).uncheck()
    expect_none_checked(page, '.action-check [type="checkbox"][value="checkbox1"]')
    expect_none_checked(page, '.action-check [type="checkbox"][value="checkbox3"]')
    force_checked(page, ".action-check [disabled]", False)
    expect_none_checked(page, ".action-check [disabled]")


@case("Actions › .select() - select an option in a <select> element", ACTIONS)
def _(page: Page):
    fruit, fruits = page.locator(".action-select"), page.locator(".action-select-multiple")
    everything = ["fr-apples", "fr-oranges", "fr-bananas"]
    expect(fruit).to_have_value("--Select a fruit--")
    fruit.select_option("apples")
    expect(fruit).to_have_value("fr-apples")
    fruits.select_option(["apples", "oranges", "bananas"])
    expect(fruits).to_have_values(everything)
    fruit.select_option("fr-bananas")
    expect(fruit).to_have_value("fr-bananas")
    fruits.select_option(everything)
    expect(fruits).to_have_values(everything)
    page.wait_for_function(
        "() => Array.from(document.querySelector('.action-select-multiple').selectedOptions, o => o.value).includes('fr-oranges')")


def button_and_container(container, condition):
    """A JavaScript expression: `condition` over `b` (the button's box) and `c` (its container's)."""
    return (f"(() => {{ const button = document.querySelector('{container} button'); const b = button.getBoundingClientRect(); "
            f"const c = button.closest('{container}').getBoundingClientRect(); return {condition} }})()")


@case("Actions › .scrollIntoView() - scroll an element into view", ACTIONS)
def _(page: Page):
    for container, dx, dy in [("#scroll-horizontal", 400, 0), ("#scroll-vertical", 0, 400), ("#scroll-both", 400, 400)]:
        # The spec's .then: the button lies beyond the container's right and/or bottom edge (checked once).
        edges = " && ".join(e for e in ["b.left > c.right" if dx else None, "b.top > c.bottom" if dy else None] if e)
        assert page.evaluate(button_and_container(container, edges)), f"{container} button outside"
        page.locator(f"{container} button").scroll_into_view_if_needed()
        # should('be.visible'): not clipped away by the container (Cypress's visibility), retried.
        page.wait_for_function(button_and_container(
            container, "b.left < c.right && b.right > c.left && b.top < c.bottom && b.bottom > c.top"))


@case("Actions › .trigger() - trigger an event on a DOM element", ACTIONS)
def _(page: Page):
    page.locator(".trigger-input-range").evaluate("e => { e.value = 25 }")
    page.locator(".trigger-input-range").dispatch_event("change")
    expect(page.locator("input[type=range] ~ p")).to_have_text("25")


def scroll_to(x, y):
    return f"e => e.scrollTo({x}, {y})"


@case("Actions › cy.scrollTo() - scroll the window or element to a position", ACTIONS)
def _(page: Page):
    page.evaluate("() => window.scrollTo(window.scrollX, document.documentElement.scrollHeight - window.innerHeight)")
    page.locator("#scrollable-horizontal").evaluate(scroll_to("e.scrollWidth - e.clientWidth", "(e.scrollHeight - e.clientHeight) / 2"))
    page.locator("#scrollable-vertical").evaluate(scroll_to("250", "250"))
    page.locator("#scrollable-both").evaluate(
        scroll_to("(e.scrollWidth - e.clientWidth) * 0.75", "(e.scrollHeight - e.clientHeight) * 0.25"))
    page.locator("#scrollable-vertical").evaluate(
        scroll_to("(e.scrollWidth - e.clientWidth) / 2", "(e.scrollHeight - e.clientHeight) / 2"))
    page.locator("#scrollable-both").evaluate(
        scroll_to("(e.scrollWidth - e.clientWidth) / 2", "(e.scrollHeight - e.clientHeight) / 2"))


# MARK: navigation.cy.js

def open_navigation_page(page: Page):
    """The describe block's beforeEach after its visit of "/": Commands, then Navigation."""
    page.locator(".navbar-nav").get_by_text("Commands").click()
    page.locator(".dropdown-menu").get_by_text("Navigation").click()


def expect_path(page: Page, text: str, included: bool = True):
    """cy.location('pathname').should('include' / 'not.include', text)."""
    page.wait_for_function(f"t => location.pathname.includes(t) === {'true' if included else 'false'}", arg=text)


@case("Navigation › cy.go() - go back or forward in the browser's history", "/")
def _(page: Page):
    open_navigation_page(page)
    expect_path(page, "navigation")
    page.go_back()
    expect_path(page, "navigation", False)
    page.go_forward()
    expect_path(page, "navigation")
    page.go_back()
    expect_path(page, "navigation", False)
    page.go_forward()
    expect_path(page, "navigation")


@case("Navigation › cy.reload() - reload the page", "/")
def _(page: Page):
    open_navigation_page(page)
    page.reload()
    page.reload()


@case("Navigation › cy.visit() - visit a remote url", "/")
def _(page: Page):
    open_navigation_page(page)
    page.goto("/commands/navigation")  # relative to the context's base_url, as cy.visit to the same origin
    assert page.evaluate("typeof window === 'object'")


# MARK: storage.cy.js

STORAGE = "/commands/storage"
LOCAL = {"prop1": "red", "prop2": "blue", "prop3": "magenta"}
SESSION = {"prop4": "cyan", "prop5": "yellow", "prop6": "black"}


def populate(page: Page):
    page.locator(".ls-btn").click()


def expect_items(page: Page, area: str, expected: dict):
    """should(() => expect(localStorage.getItem(key)).to.eq(value) / .to.be.null …), retried."""
    page.wait_for_function(
        "([area, expected]) => Object.entries(expected).every(([k, v]) => window[area].getItem(k) === v)",
        arg=[area, expected])


def local_storage_map(page: Page):
    """cy.getAllLocalStorage(): {origin: {key: value}} from the context's storage state."""
    return {origin["origin"]: {item["name"]: item["value"] for item in origin["localStorage"]}
            for origin in page.context.storage_state()["origins"]}


@case("Local Storage / Session Storage › cy.clearLocalStorage() - clear all data in localStorage for the current origin", STORAGE)
def _(page: Page):
    populate(page)
    expect_items(page, "localStorage", LOCAL)
    page.evaluate("() => localStorage.clear()")
    expect_items(page, "localStorage", {"prop1": None, "prop2": None, "prop3": None})
    populate(page)
    expect_items(page, "localStorage", LOCAL)
    page.evaluate("() => localStorage.removeItem('prop1')")
    expect_items(page, "localStorage", {"prop1": None, "prop2": "blue", "prop3": "magenta"})
    populate(page)
    expect_items(page, "localStorage", LOCAL)
    page.evaluate("() => Object.keys(localStorage).filter(k => /prop1|2/.test(k)).forEach(k => localStorage.removeItem(k))")
    expect_items(page, "localStorage", {"prop1": None, "prop2": None, "prop3": "magenta"})


@case("Local Storage / Session Storage › cy.getAllLocalStorage() - get all data in localStorage for all origins", STORAGE)
def _(page: Page):
    populate(page)
    origin = page.evaluate("location.origin")
    poll(lambda: None if local_storage_map(page) == {origin: LOCAL} else local_storage_map(page), f"{{{origin}: {LOCAL}}}")


@case("Local Storage / Session Storage › cy.clearAllLocalStorage() - clear all data in localStorage for all origins", STORAGE)
def _(page: Page):
    populate(page)
    page.evaluate("() => localStorage.clear()")
    expect_items(page, "localStorage", {"prop1": None, "prop2": None, "prop3": None})


@case("Local Storage / Session Storage › cy.getAllSessionStorage() - get all data in sessionStorage for all origins", STORAGE)
def _(page: Page):
    populate(page)

    def session_map():
        return page.evaluate("() => ({ [location.origin]: Object.fromEntries(Object.entries(sessionStorage)) })")
    origin = page.evaluate("location.origin")
    poll(lambda: None if session_map() == {origin: SESSION} else session_map(), f"{{{origin}: {SESSION}}}")


@case("Local Storage / Session Storage › cy.clearAllSessionStorage() - clear all data in sessionStorage for all origins", STORAGE)
def _(page: Page):
    populate(page)
    page.evaluate("() => sessionStorage.clear()")
    expect_items(page, "sessionStorage", {"prop4": None, "prop5": None, "prop6": None})


# MARK: network_requests.cy.js

NETWORK = "/commands/network-requests"
API = "https://jsonplaceholder.cypress.io"


class JsonPlaceholder:
    """The stand-in for jsonplaceholder.cypress.io (bench/KitchenSinkBench/JSONPlaceholder.swift
    has the rules; these are the same): GET a collection (filtered by each query key as text,
    `_limit`), GET an item (or 404 {}), POST (201, the body with id one past the last), PUT
    (200, the body with that id), anything else 404 {}; JSON, allowing the page's origin."""
    data = None

    @classmethod
    def install(cls, page: Page):
        if cls.data is None:
            with open(os.environ["KITCHENSINK_API_DATA"]) as file:
                cls.data = json.load(file)
        page.route(API + "/**", cls.answer)

    @classmethod
    def answer(cls, route: Route):
        request = route.request
        url = urlsplit(request.url)
        segments = [s for s in url.path.split("/") if s]
        status, value = 404, {}
        if segments and segments[0] in cls.data and len(segments) <= 2 and (len(segments) == 1 or segments[1].isdigit()):
            items = cls.data[segments[0]]
            item_id = int(segments[1]) if len(segments) == 2 else None
            if request.method == "GET" and item_id is None:
                found, limit = items, None
                for key, text in parse_qsl(url.query):
                    if key == "_limit":
                        limit = int(text)
                    else:
                        found = [item for item in found if as_text(item.get(key)) == text]
                status, value = 200, found[:limit] if limit is not None else found
            elif request.method == "GET":
                status, value = next(((200, item) for item in items if item.get("id") == item_id), (404, {}))
            elif request.method == "POST" and item_id is None:
                status, value = 201, {**fields(request), "id": len(items) + 1}
            elif request.method == "PUT" and item_id is not None:
                status, value = 200, {**fields(request), "id": item_id}
        route.fulfill(status=status, body=json.dumps(value, sort_keys=True), headers={
            "Content-Type": "application/json; charset=utf-8",
            "Access-Control-Allow-Origin": request.headers.get("origin", "*"),
            "Access-Control-Allow-Credentials": "true"})


def as_text(value):
    """A field's value as a query compares it (1 and "1" alike)."""
    return None if value is None or isinstance(value, (dict, list)) else ("true" if value is True else "false" if value is False else str(value))


def fields(request):
    """The request's body as an object: JSON, or a form."""
    body = request.post_data or ""
    if not body:
        return {}
    if "json" in (request.headers.get("content-type") or ""):
        return json.loads(body)
    return dict(parse_qsl(body, keep_blank_values=True))


def page_request(page: Page, url: str, method: str = "GET", body=None):
    """cy.request(method, url, body), sent with fetch from the page (as on our side); yields
    status, headers, duration and the parsed body."""
    return page.evaluate("""async ([url, method, body]) => { const start = performance.now();
        const r = await fetch(url, body === null ? {method} : {method, headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)});
        const text = await r.text();
        return {status: r.status, headers: Object.fromEntries(r.headers), duration: performance.now() - start, body: text ? JSON.parse(text) : null} }""",
        [url, method, body])


def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


@case("Network Requests › cy.request() - make an XHR request", NETWORK)
def _(page: Page):
    JsonPlaceholder.install(page)
    response = page_request(page, f"{API}/comments")
    assert response["status"] == 200, response["status"]
    assert len(response["body"]) in (500, 501), len(response["body"])
    assert "headers" in response and "duration" in response


@case("Network Requests › cy.request() - verify response using BDD syntax", NETWORK)
def _(page: Page):
    JsonPlaceholder.install(page)
    response = page_request(page, f"{API}/comments")
    assert response["status"] == 200, response["status"]
    assert len(response["body"]) in (500, 501), len(response["body"])
    assert {"headers", "duration"} <= response.keys()


@case("Network Requests › cy.request() with query parameters", NETWORK)
def _(page: Page):
    JsonPlaceholder.install(page)
    body = page_request(page, f"{API}/comments?postId=1&id=3")["body"]
    assert isinstance(body, list) and len(body) == 1, body
    assert body[0]["postId"] == 1 and body[0]["id"] == 3, body[0]


POST = {"title": "Cypress Test Runner", "body": "Fast, easy and reliable testing for anything that runs in a browser."}


@case("Network Requests › cy.request() - pass result to the second request", NETWORK)
def _(page: Page):
    JsonPlaceholder.install(page)
    user = page_request(page, f"{API}/users?_limit=1")["body"][0]
    assert is_number(user["id"]), user
    response = page_request(page, f"{API}/posts", "POST", {"userId": user["id"], **POST})
    assert response["status"] == 201, response["status"]
    assert response["body"]["title"] == "Cypress Test Runner", response["body"]
    assert is_number(response["body"]["id"]) and response["body"]["id"] > 100, response["body"]
    assert is_number(response["body"]["userId"]), response["body"]


@case("Network Requests › cy.request() - save response in the shared test context", NETWORK)
def _(page: Page):
    JsonPlaceholder.install(page)
    user = page_request(page, f"{API}/users?_limit=1")["body"][0]  # .as('user')
    post = page_request(page, f"{API}/posts", "POST", {"userId": user["id"], **POST})["body"]  # .as('post')
    assert post.get("userId") is not None and post["userId"] == user["id"], "post has the right user id"


@case("Network Requests › cy.intercept() - route responses to matching requests", NETWORK)
def _(page: Page):
    JsonPlaceholder.install(page)
    message = "whoa, this comment does not exist"
    with page.expect_response(lambda r: r.request.method == "GET" and re.search(r"/comments/[^/]*$", urlsplit(r.url).path)) as get:
        page.locator(".network-btn").click()
    assert get.value.status in (200, 304), get.value.status

    with page.expect_response(lambda r: r.request.method == "POST" and urlsplit(r.url).path.endswith("/comments")) as post:
        page.locator(".network-post").click()
    assert "email" in (post.value.request.post_data or "")
    assert "content-type" in post.value.request.headers
    assert post.value.json()["name"] == "Using POST in cy.intercept()"

    def put_comment(route: Route):
        if route.request.method != "PUT":
            route.fallback()
            return
        time.sleep(0.5)  # delayMs: 500
        route.fulfill(status=404, json={"error": message}, headers={"access-control-allow-origin": "*"})
    page.route("**/comments/*", put_comment)
    with page.expect_response(lambda r: r.request.method == "PUT" and re.search(r"/comments/[^/]*$", urlsplit(r.url).path)):
        page.locator(".network-put").click()
    expect(page.locator(".network-put-comment")).to_contain_text(message)


if __name__ == "__main__":
    realworld_runner.main(CASES)
