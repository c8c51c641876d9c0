"""What the real-world benchmarks' Playwright sides share (realworld_playwright.py: TodoMVC;
kitchensink_playwright.py: Cypress's kitchen sink): the command line, one case as a test
runner runs it, the rounds, the JSON per case, and the step timing.

Usage of a side: <side>.py BROWSER BASE_URL [ROUNDS] [FLAGS_JSON] [CASE_FILTER]
Each case runs in a fresh browser.new_context() (as Playwright's test runner gives each test),
on the system chromium-headless-shell (executable_path; never `playwright install`). Timed:
context + page creation, the goto of the case's path and the case body (the spec's hooks
included); not the context's close. Prints JSON: {case: {"ms": [...], "verdicts": ["pass"|"fail"],
"errors": [...]}}. With STEPS=1 in the environment it also writes, per case, the time of every
Playwright call the case makes (goto, fill, press, check, click, expect…) to stderr, as the
Swift side's --steps does, and a median per kind of call at the end."""
import json, os, statistics, sys, time

from playwright.sync_api import Browser, BrowserContext, Locator, LocatorAssertions, Page, expect, sync_playwright

# The device UIAutomation's side uses (Device.desktop: 1280 × 800, scale 1, mouse).
DEVICE = dict(viewport={"width": 1280, "height": 800}, device_scale_factor=1, is_mobile=False, has_touch=False)
# The expect timeout: 5 s on both sides (the TodoMVC spec's; Cypress's default is 4 s).
expect.set_options(timeout=5_000)

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
    time_calls(BrowserContext, ["new_page", "storage_state"], "context")
    time_calls(Page, ["goto", "reload", "go_back", "go_forward", "wait_for_function", "evaluate"], "page")
    time_calls(Locator, ["fill", "press", "press_sequentially", "check", "uncheck", "click", "dblclick", "dispatch_event",
                         "focus", "blur", "clear", "select_option", "scroll_into_view_if_needed", "evaluate", "evaluate_all"],
               "locator")
    time_calls(LocatorAssertions, [n for n in dir(LocatorAssertions) if n.startswith(("to_", "not_to_"))], "expect")


def poll(probe, expectation, timeout=5.0):
    """Retries `probe` (returns None when the expectation holds, else what it saw) until it
    holds or `timeout` seconds have passed, as Cypress retries `should(callback)`."""
    deadline = time.perf_counter() + timeout
    delays = [0, 0.01, 0.02, 0.05, 0.1]
    attempt = 0
    while True:
        seen = probe()
        if seen is None:
            return
        if time.perf_counter() >= deadline:
            raise AssertionError(f"expected {expectation}, saw {seen} (after {timeout} s)")
        time.sleep(delays[min(attempt, len(delays) - 1)])
        attempt += 1


def run_case(browser, base, path, body):
    """One test as the runner runs it: a fresh context and page, the goto of `path`, the body
    (the spec's hooks included). Returns (milliseconds, error or None); the context's close is
    not timed."""
    STEPS.clear()
    start = time.perf_counter()
    context = browser.new_context(base_url=base, **DEVICE)
    error = None
    try:
        page = context.new_page()
        page.goto(base + path)
        body(page)
    except Exception as failure:  # a failed expect or a timeout: the case fails
        error = f"{type(failure).__name__}: {str(failure).splitlines()[0] if str(failure) else ''}"
    elapsed = (time.perf_counter() - start) * 1e3
    context.close()
    return elapsed, error


def main(cases):
    """`cases`: (name, path, body(page)) in the spec's order. Reads the command line (see above)."""
    browser_path, base = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    flags = json.loads(sys.argv[4]) if len(sys.argv) > 4 and sys.argv[4] else []
    selected_filter = sys.argv[5] if len(sys.argv) > 5 else ""
    # Playwright makes its own pipe and profile; pass on the rest of DevTools' command line.
    args = [f for f in flags if f.startswith("--") and f != "--remote-debugging-pipe"
            and not f.startswith("--user-data-dir") and not f.startswith("--headless")]
    results, kinds = {}, {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=browser_path, args=args, headless=True)
        selected = [c for c in cases if selected_filter in c[0]]
        run_case(browser, base, *selected[0][1:])  # warm-up, not recorded
        for _ in range(rounds):
            for name, path, body in selected:
                ms, error = run_case(browser, base, path, body)
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
