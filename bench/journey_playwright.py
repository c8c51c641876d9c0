#!/usr/bin/env python3
"""Playwright for Python (sync API), the peer of the UIAutomation benchmark: the same
operations and journey as UIAutomationBench, written the way a Playwright user writes
them (test-id locators, auto-waiting actions, web-first assertions), on the same browser
binary (executable_path; never `playwright install`) with the same extra flags, the same
phone viewport and a fresh browser.new_context() per journey.
Prints samples in milliseconds as JSON.
Usage: journey_playwright.py BROWSER BASE_URL [SCALE] [FLAGS_JSON]"""
import json, re, sys, time

from playwright.sync_api import expect, sync_playwright

BROWSER = sys.argv[1]
BASE = sys.argv[2]
SCALE = int(sys.argv[3]) if len(sys.argv) > 3 else 1
FLAGS = json.loads(sys.argv[4]) if len(sys.argv) > 4 else []
# Playwright makes its own pipe and profile; pass on the rest of DevTools' command line.
ARGS = [f for f in FLAGS if f.startswith("--") and f != "--remote-debugging-pipe"
        and not f.startswith("--user-data-dir") and not f.startswith("--headless")]
# The device UIAutomation emulates by default (Device.iPhone).
DEVICE = dict(viewport={"width": 393, "height": 852}, device_scale_factor=2, is_mobile=True, has_touch=True)
CELL, TITLE = "cell-3", "Tiger"


def journey(browser):
    context = browser.new_context(**DEVICE)
    page = context.new_page()
    page.goto(BASE + "/")
    count = page.get_by_test_id(re.compile(r"^cell-\d+$")).count()
    assert count == 12, count
    page.get_by_test_id(CELL).click()
    page.wait_for_url(BASE + "/animal/3")
    expect(page.get_by_test_id("title")).to_have_text(TITLE)
    page.get_by_test_id("favourite").click()
    page.get_by_test_id("back").click()
    page.wait_for_url(BASE + "/")
    expect(page.get_by_test_id(CELL).get_by_test_id("star")).to_be_visible()
    context.close()


def timed(fn):
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1e3


def main():
    samples = {}

    def record(name, fn):
        samples.setdefault(name, []).append(timed(fn))

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=BROWSER, args=ARGS, headless=True)
        journey(browser)  # warm-up

        def launch(into):
            context = browser.new_context(**DEVICE)
            page = context.new_page()
            page.goto(BASE + "/")
            into.append(context)

        for _ in range(40 * SCALE):
            made = []
            record("app launch", lambda: launch(made))
            made[0].close()

        context = browser.new_context(**DEVICE)
        page = context.new_page()
        page.goto(BASE + "/hundred")
        button = page.get_by_test_id("b17")
        for _ in range(20):
            button.count()
        for _ in range(200 * SCALE):
            record("query (100 elements)", lambda: button.count() == 1 or sys.exit("b17 not found"))

        page.goto(BASE + "/")
        targets = [(page.get_by_test_id(CELL), BASE + "/animal/3"), (page.get_by_test_id("back"), BASE + "/")]
        for round in range(60 * SCALE):
            locator, url = targets[round % 2]
            record("tap → idle (navigation)", lambda: (locator.click(), page.wait_for_url(url)))
        page.goto(BASE + "/")
        for _ in range(40 * SCALE):
            record("screenshot", page.screenshot)

        page.goto(BASE + "/form")
        field = page.get_by_test_id("name")
        field.press_sequentially("x")
        for _ in range(30 * SCALE):
            record("typeText (20 chars)", lambda: field.press_sequentially("abcdefghij0123456789"))
        context.close()

        for _ in range(40 * SCALE):
            record("journey", lambda: journey(browser))
        browser.close()
    print(json.dumps(samples, sort_keys=True))


main()
