#!/usr/bin/env python3
"""Times one query of the in-page engine (Sources/UIAutomation/Scripts/elementQuery.js) against one
read of Chromium's accessibility tree, on the same page in the same browser (bench/pagehost.py:
the headless shell over the CDP pipe, 1280×800, one call at a time, wall time of the round trip).

Pages: the benchmark's 100-element and 2,000-element pages (JourneyApp's /hundred and
/two-thousand, rebuilt here the same way), and with --kitchensink URL a big real page (the
Cypress kitchen sink's commands/actions.html, served from its app/ folder).

For each page, medians (and p90) over --runs runs of:
  ax tree            Accessibility.getFullAXTree (the domain on, as UIAutomation has it)
  ax tree + dom      getFullAXTree and DOMSnapshot.captureSnapshot asked at once (a whole read)
  ax after change    the same whole read right after a small DOM change (a text set)
  engine cold        one engine query right after the same small change (the page's element tree
                     computed again, then the query run over it)
  engine whole tree cold  the same, forced through the whole pruned tree (`fast: false`): what a
                     query the fast path declines costs (cells, texts, children steps, shadow roots)
  engine warm        the same query again on an unchanged page
  engine unchanged   one engine query carrying the last stamp of an unchanged page (answers
                     {unchanged: true}: the Swift side reuses what it has)
  engine stamp only  one call that only reads the stamp
The engine rows are also measured with the Accessibility domain off ("… (AX off)"), the state the
issue wants while nothing needs the tree.

Usage: inpage_timing.py [--runs N] [--kitchensink URL] [--json OUT]
"""
import argparse, json, os, statistics, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pagehost import Host

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENGINE = os.path.join(ROOT, "Sources/UIAutomation/Scripts/elementQuery.js")


def page(title, body):
    """FixturePages.page / JourneyApp.page's shell."""
    return ('<!doctype html><html lang="en"><head><meta charset="utf-8">\n<meta name="viewport" content="width=device-width, '
            f'initial-scale=1"><title>{title}</title>\n<style>body{{font-family:sans-serif;margin:0;padding:8px}} '
            f'button{{min-height:44px}}</style></head>\n<body>{body}</body></html>')


def sections(count):
    return "<main><p id=\"tick\">0</p>" + "".join(
        f'<section><h2>Section {i}</h2><button data-testid="b{i}">Button {i}</button>\n'
        f'<a href="#s{i}">Link {i}</a><input aria-label="Field {i}"></section>\n' for i in range(count)) + "</main>"


def timed(fn):
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1e3


def summary(samples):
    ordered = sorted(samples)
    return {"median": round(statistics.median(ordered), 3), "p90": round(ordered[int(0.9 * (len(ordered) - 1))], 3), "n": len(ordered)}


def measure(host, runs, query, label):
    results = {}
    tick = [0]

    def change():
        tick[0] += 1
        host.call("Runtime.evaluate", {"expression": f"document.getElementById('tick') ? (document.getElementById('tick').textContent = '{tick[0]}') "
                                                     f": (document.body.dataset.tick = '{tick[0]}')"})

    def engine(request):
        reply = host.call("Runtime.evaluate", {"expression": f"window.__labInpage.run({json.dumps(request)})", "returnByValue": True})
        value = reply["result"].get("value")
        if value is None:
            raise RuntimeError(json.dumps(reply)[:500])
        return value

    request = {"mode": "query", "identifierAttribute": "data-testid", "steps": query}
    first = engine(request)
    print(f"  {label}: query {json.dumps(query)} → {len(first.get('matches', []))} match(es), tree of {first.get('count')} elements"
          + (f", failure {first['failure']['kind']}" if first.get("failure") else ""))

    for ax_on in (True, False):
        suffix = "" if ax_on else " (AX off)"
        host.call("Accessibility.enable" if ax_on else "Accessibility.disable")
        if ax_on:
            for _ in range(3):
                host.call("Accessibility.getFullAXTree")
            results["ax tree"] = summary([timed(lambda: host.call("Accessibility.getFullAXTree")) for _ in range(runs)])
            results["ax tree + dom"] = summary([timed(lambda: host.raw.calls([("Accessibility.getFullAXTree", None),
                                                                               ("DOMSnapshot.captureSnapshot", {"computedStyles": []})], host.session))
                                                for _ in range(runs)])
            after = []
            for _ in range(runs):
                change()
                after.append(timed(lambda: host.raw.calls([("Accessibility.getFullAXTree", None),
                                                           ("DOMSnapshot.captureSnapshot", {"computedStyles": []})], host.session)))
            results["ax after change"] = summary(after)
        cold = []
        for _ in range(runs):
            change()
            cold.append(timed(lambda: engine(request)))
        results["engine cold" + suffix] = summary(cold)
        whole = []
        for _ in range(runs):
            change()
            whole.append(timed(lambda: engine(dict(request, fast=False))))
        results["engine whole tree cold" + suffix] = summary(whole)
        engine(request)
        results["engine warm" + suffix] = summary([timed(lambda: engine(request)) for _ in range(runs)])
        stamp = engine({"mode": "stamp"})["stamp"]
        results["engine unchanged" + suffix] = summary([timed(lambda: engine(dict(request, stamp=stamp))) for _ in range(runs)])
        results["engine stamp only" + suffix] = summary([timed(lambda: engine({"mode": "stamp"})) for _ in range(runs)])
    host.call("Accessibility.enable")
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=60)
    parser.add_argument("--kitchensink", help="URL of the kitchen sink's commands/actions.html")
    parser.add_argument("--json")
    args = parser.parse_args()
    host = Host()
    source = open(ENGINE).read()
    host.call("Page.addScriptToEvaluateOnNewDocument", {"source": open(os.path.join(ROOT, "Sources/UIAutomation/Scripts/instrumentation.js")).read()})
    host.call("Page.addScriptToEvaluateOnNewDocument", {"source": f"({source})({{mode: 'stamp'}})"})
    host.call("Accessibility.enable")
    cases = [("100 elements", page("Hundred", sections(25)), None, [{"descendants": "button"}, {"subscript": "Button 7"}, {"pick": "unique"}]),
             ("2,000 elements", page("Two thousand", sections(500)), None, [{"descendants": "button"}, {"subscript": "Button 377"}, {"pick": "unique"}])]
    if args.kitchensink:
        cases.append(("kitchen sink actions", None, args.kitchensink,
                      [{"descendants": "button"}, {"subscript": "Click to toggle popover"}, {"pick": "unique"}]))
    all_results = {}
    try:
        for label, html, url, query in cases:
            if html is not None:
                host.load(html)
            else:
                host.load(url=url)
            runs = args.runs if "2,000" not in label and "kitchen" not in label else max(10, args.runs // 2)
            all_results[label] = measure(host, runs, query, label)
            for name, stats in all_results[label].items():
                print(f"    {name:28} median {stats['median']:8.2f} ms   p90 {stats['p90']:8.2f} ms   (n={stats['n']})")
    finally:
        host.close()
    if args.json:
        with open(args.json, "w") as f:
            json.dump(all_results, f, indent=1)


if __name__ == "__main__":
    main()
