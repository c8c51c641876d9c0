import Foundation
import LabSupport
import StepRecords

/// Renders a run as one self-contained HTML page (`index.html` in the run folder): inline CSS
/// and script, no network, works from `file://`. A summary (passed, failed, flaky, skipped,
/// duration), a filter by status and a search box, then every test with its attempts, steps
/// and durations, failure messages, the failure screenshot and element tree, and per-step
/// screenshots when they were recorded. Images are the run folder's own files, linked by
/// relative path; element trees are embedded.
///
/// Every string from the run is escaped. The page carries roles and `data-testid`s for tests
/// that drive it: `summary`, `filter-<status>` (buttons, `aria-pressed`), `search`, `tests`,
/// `test` (a list item per test, named by its id, `data-status`), `step` and `failed-step`,
/// `failure-message`, `failure-screenshot`, `failure-tree`, `step-screenshot`, `shown-count`.
public struct HTMLRenderer {
    /// The run folder: where the images are and the element trees are read from.
    public var runFolder: String

    /// A renderer for the run folder `runFolder` (its files are linked and read from there).
    public init(runFolder: String) {
        self.runFolder = runFolder
    }

    /// The page.
    public func render(_ run: RunReport) -> String {
        let summary = run.summary
        var html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(e(run.title))</title>
        <style>\(Self.style)</style>
        </head>
        <body>
        <header>
        <h1>\(e(run.title))</h1>
        <p class="meta" data-testid="run-meta">\(e(meta(run)))</p>
        </header>
        <main>
        <p class="summary" data-testid="summary">\(summary.total) tests: \(summary.passed) passed, \
        \(summary.failed) failed, \(summary.flaky) flaky, \(summary.skipped) skipped · \(e(formatDuration(run.duration)))</p>
        <div class="controls">
        <div role="group" aria-label="Filter by status" class="filters">

        """
        let counts: [(String, String, Int)] = [
            ("all", "All", summary.total), ("failed", "Failed", summary.failed), ("flaky", "Flaky", summary.flaky),
            ("passed", "Passed", summary.passed), ("skipped", "Skipped", summary.skipped),
        ]
        for (status, label, count) in counts {
            html += "<button type=\"button\" class=\"filter \(status)\" data-filter=\"\(status)\" data-testid=\"filter-\(status)\""
                + " aria-pressed=\"\(status == "all" ? "true" : "false")\">\(label) <span class=\"count\">\(count)</span></button>\n"
        }
        html += """
        </div>
        <input type="search" id="search" data-testid="search" aria-label="Search tests" placeholder="Search tests, steps, messages">
        </div>
        <p class="shown" data-testid="shown-count" aria-live="polite">\(run.tests.count) of \(run.tests.count) tests shown</p>
        <ul class="tests" aria-label="Tests" data-testid="tests">

        """
        for test in run.tests { html += testItem(test) }
        html += """
        </ul>
        <p class="empty" data-testid="no-tests" hidden>No tests match.</p>
        </main>
        <script>\(Self.script)</script>
        </body>
        </html>

        """
        return html
    }

    private func meta(_ run: RunReport) -> String {
        var parts: [String] = []
        if let started = run.startedAt {
            let formatter = ISO8601DateFormatter()
            parts.append("Started " + formatter.string(from: started))
        }
        parts.append("took " + formatDuration(run.duration))
        if run.sources.count > 1 { parts.append("merged from \(run.sources.count) runs") }
        if let shards = run.shards, let count = shards.first?.count {
            let each = shards.map { shard in
                "\(shard.name): \(shard.tests ?? shard.plannedTests) tests"
                    + (shard.duration.map { " in " + formatDuration($0) } ?? "")
            }
            let present = Set(shards.map(\.index)).count
            parts.append((present == 1 && count > 1 ? "shard " : "\(present) of \(count) shards: ") + each.joined(separator: ", "))
        }
        return parts.joined(separator: " · ")
    }

    private func testItem(_ test: TestReport) -> String {
        let status = test.status
        let title = test.key.displayName ?? test.key.name
        var searchText = [test.key.id, title, status.rawValue]
        let shards = Set(test.attempts.compactMap(\.shard)).sorted()
        searchText += shards.map { "shard " + $0 }
        for attempt in test.attempts {
            searchText += attempt.failures
            searchText += attempt.steps.map(\.name)
        }
        var html = "<li class=\"test \(status.rawValue)\" data-testid=\"test\" data-status=\"\(status.rawValue)\""
            + " data-search=\"\(e(searchText.joined(separator: "\n").lowercased()))\" aria-label=\"\(e(test.key.id))\">\n"
        html += "<details\(status == .failed || status == .flaky ? " open" : "")>\n<summary>"
        html += "<span class=\"badge \(status.rawValue)\">\(status.rawValue)</span> "
        html += "<span class=\"name\">\(e(title))</span> <span class=\"suite\">\(e(test.key.suite))</span>"
        for shard in shards { html += " <span class=\"suite\" data-testid=\"shard\">shard \(e(shard))</span>" }
        html += " <span class=\"duration\">\(e(formatDuration(test.duration)))</span></summary>\n"
        for (index, attempt) in test.attempts.enumerated() {
            html += "<section class=\"attempt\" aria-label=\"Attempt \(index + 1)\">\n"
            if test.attempts.count > 1 {
                html += "<h3>Attempt \(index + 1): \(attempt.status.rawValue)"
                    + (attempt.source.map { " <span class=\"suite\">\(e($0))</span>" } ?? "") + "</h3>\n"
            }
            if let reason = attempt.skipReason { html += "<p class=\"skip\">Skipped: \(e(reason))</p>\n" }
            for failure in attempt.failures { html += failureMessage(failure) }
            html += steps(attempt)
            html += files(attempt)
            html += "</section>\n"
        }
        html += "</details>\n</li>\n"
        return html
    }

    /// A test library's failure message; an element tree in it (UIAutomation's failures carry
    /// one) is folded away, and the raw recording's "Saved:" paths are left out (the report has
    /// its own copies, shown with the step).
    private func failureMessage(_ message: String) -> String {
        var head = message
        var tree: String?
        if let range = message.range(of: "\nElement tree:\n") {
            head = String(message[..<range.lowerBound])
            tree = String(message[range.upperBound...])
        }
        head = head.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("Saved: ") }.joined(separator: "\n")
        var html = "<pre class=\"failure\" data-testid=\"failure-message\">\(e(head))</pre>\n"
        if let tree {
            html += "<details class=\"tree\"><summary>Element tree in the message</summary><pre>\(e(tree))</pre></details>\n"
        }
        return html
    }

    private func steps(_ attempt: Attempt) -> String {
        guard !attempt.steps.isEmpty else { return "<p class=\"nosteps\">No UI steps recorded.</p>\n" }
        var html = "<ol class=\"steps\" aria-label=\"Steps\">\n"
        for step in attempt.steps {
            let failed = step.outcome == .failed
            let outcome = step.outcome == .expectedFailure ? "expected failure" : step.outcome.rawValue
            html += "<li class=\"step \(step.outcome.rawValue)\" data-testid=\"\(failed ? "failed-step" : "step")\""
                + " aria-label=\"\(e(step.name)), \(outcome), \(e(formatDuration(step.duration)))\">"
            html += "<div class=\"line\"><span class=\"mark\" aria-hidden=\"true\">\(failed ? "✗" : step.outcome == .passed ? "✓" : "○")</span>"
            html += "<code>\(e(step.name))</code><span class=\"duration\">\(e(formatDuration(step.duration)))</span></div>\n"
            if let failure = step.failure, step.outcome != .passed {
                html += "<pre class=\"failure step-failure\">\(e(failure))</pre>\n"
            }
            if let screenshot = step.screenshot, !RunFileRules.isContained(screenshot) {
                html += outside(screenshot)
            } else if let screenshot = step.screenshot {
                if step.isTrace {
                    html += "<details class=\"trace\"><summary>Screenshot after this step</summary>"
                        + "<img src=\"\(e(url(screenshot)))\" alt=\"Screen after \(e(step.name))\" data-testid=\"step-screenshot\" loading=\"lazy\"></details>\n"
                } else {
                    html += "<figure><img src=\"\(e(url(screenshot)))\" alt=\"Screenshot when \(e(step.name)) failed\""
                        + " data-testid=\"failure-screenshot\"><figcaption>Screen at the failure · "
                        + "<a href=\"\(e(url(screenshot)))\">open</a></figcaption></figure>\n"
                }
            }
            if let signals = step.pageSignals, !signals.isEmpty {
                // What the page reported during the step; open when any of it is an error.
                let errors = signals.filter { !$0.hasPrefix("console.") }.count
                html += "<details class=\"signals\"\(errors > 0 ? " open" : "")><summary>The page reported \(signals.count)"
                    + (errors > 0 ? " (\(errors) error\(errors == 1 ? "" : "s"))" : "") + "</summary>"
                    + "<ul data-testid=\"page-signals\">" + signals.map { "<li>\(e($0))</li>" }.joined() + "</ul></details>\n"
            }
            if let tree = step.tree {
                let text = read(tree) ?? (RunFileRules.isContained(tree) ? "" : "(not shown: \(tree) is not a path inside the run folder)")
                html += "<details class=\"tree\"><summary>Element tree\(step.isTrace ? " after this step" : " at the failure")</summary>"
                    + "<pre data-testid=\"\(step.isTrace ? "step-tree" : "failure-tree")\">\(e(text))</pre></details>\n"
            }
            html += "</li>\n"
        }
        html += "</ol>\n"
        return html
    }

    /// The files the test attached: text shown in a fold (a flow's path, its Mermaid diagram),
    /// images shown, anything else linked.
    private func files(_ attempt: Attempt) -> String {
        var html = ""
        for file in attempt.files {
            let name = (file as NSString).lastPathComponent
            if !RunFileRules.isContained(file) {
                html += outside(file)
            } else if name.hasSuffix(".png") {
                html += "<figure><img src=\"\(e(url(file)))\" alt=\"\(e(name))\" data-testid=\"attachment-image\"><figcaption>\(e(name))</figcaption></figure>\n"
            } else if let text = read(file) {
                html += "<details class=\"attachment\" data-testid=\"attachment\"><summary>\(e(name))</summary><pre>\(e(text))</pre></details>\n"
            } else {
                html += "<p><a href=\"\(e(url(file)))\" data-testid=\"attachment\">\(e(name))</a></p>\n"
            }
        }
        return html
    }

    /// A contained relative path (``RunFileRules/isContained(_:)``) as a relative URL: each
    /// component percent-encoded, `:` included, so no component can read as a URL scheme.
    private func url(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map {
            String($0).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#:"))) ?? ""
        }.joined(separator: "/")
    }

    /// A text file of the run folder, only if it is inside it (``RunFileRules/contents(of:in:)``).
    private func read(_ path: String) -> String? {
        RunFileRules.contents(of: path, in: runFolder).flatMap { String(data: $0, encoding: .utf8) }
    }

    /// What stands in for a file whose path leaves the run folder: the path as text, never a link.
    private func outside(_ path: String) -> String {
        "<p class=\"outside\" data-testid=\"outside-path\">Not shown: \(e(String(reflecting: path))) is not a path inside the run folder.</p>\n"
    }

    private func e(_ text: String) -> String { HTMLEscape.escape(text) }

    static let style = """
    :root{color-scheme:light dark;--bg:#fff;--fg:#1c1c1e;--muted:#6e6e73;--line:#d1d1d6;--card:#f5f5f7;\
    --pass:#1f7a3a;--fail:#c4261d;--flaky:#a05a00;--skip:#6e6e73}
    @media (prefers-color-scheme:dark){:root{--bg:#1c1c1e;--fg:#f2f2f7;--muted:#a1a1a6;--line:#3a3a3c;--card:#2c2c2e;\
    --pass:#5bd07a;--fail:#ff6961;--flaky:#ffb340;--skip:#a1a1a6}}
    *{box-sizing:border-box}body{margin:0;font:15px/1.45 -apple-system,system-ui,"Segoe UI",sans-serif;background:var(--bg);color:var(--fg)}
    header,main{max-width:1100px;margin:0 auto;padding:0 16px}h1{font-size:22px;margin:18px 0 2px}
    .meta,.suite,.shown,.nosteps,figcaption{color:var(--muted);font-size:13px}.summary{font-weight:600}
    .controls{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin:8px 0}
    .filter{font:inherit;border:1px solid var(--line);background:var(--card);color:var(--fg);border-radius:14px;padding:3px 12px;cursor:pointer}
    .filter[aria-pressed=true]{background:var(--fg);color:var(--bg)}
    #search{font:inherit;flex:1;min-width:220px;padding:5px 10px;border:1px solid var(--line);border-radius:8px;background:var(--bg);color:var(--fg)}
    .tests{list-style:none;padding:0;margin:0}.test{border:1px solid var(--line);border-radius:10px;margin:8px 0;background:var(--card)}
    .test>details>summary{padding:8px 12px;cursor:pointer;display:flex;gap:8px;align-items:baseline;flex-wrap:wrap}
    .name{font-weight:600}.duration{margin-left:auto;color:var(--muted);font-variant-numeric:tabular-nums;font-size:13px;padding-left:8px}
    .badge{font-size:12px;text-transform:uppercase;font-weight:700;letter-spacing:.03em}
    .badge.passed{color:var(--pass)}.badge.failed{color:var(--fail)}.badge.flaky{color:var(--flaky)}.badge.skipped{color:var(--skip)}
    .attempt{padding:0 12px 10px}.attempt h3{font-size:14px;margin:8px 0}
    .failure{white-space:pre-wrap;word-break:break-word;background:var(--bg);border-left:3px solid var(--fail);padding:8px;margin:6px 0;font-size:13px}
    .steps{margin:6px 0;padding-left:0;list-style:none}.step{border-top:1px solid var(--line);padding:4px 0}
    .step .line{display:flex;gap:8px;align-items:baseline}.step code{word-break:break-all}
    .step.failed .mark,.step.failed code{color:var(--fail);font-weight:600}.step.passed .mark{color:var(--pass)}
    .step.expectedFailure .mark{color:var(--muted)}
    figure{margin:6px 0}img{max-width:320px;max-height:520px;object-fit:contain;object-position:left top;border:1px solid var(--line);border-radius:6px;display:block}
    .tree pre{max-height:360px;overflow:auto;font-size:12px;background:var(--bg);padding:6px}
    details.trace,details.tree{margin:4px 0 4px 22px}details.attachment{margin:6px 0}\
    details.attachment pre{max-height:360px;overflow:auto;font-size:12px;background:var(--bg);padding:6px}\
    details.attachment summary{cursor:pointer}details.trace summary,details.tree summary{cursor:pointer;color:var(--muted);font-size:13px}
    """

    static let script = """
    (function(){
    var tests=Array.prototype.slice.call(document.querySelectorAll('[data-testid=test]'));
    var buttons=Array.prototype.slice.call(document.querySelectorAll('[data-filter]'));
    var search=document.getElementById('search');var shown=document.querySelector('[data-testid=shown-count]');
    var empty=document.querySelector('[data-testid=no-tests]');var status='all';
    function apply(){var q=search.value.trim().toLowerCase();var n=0;
    tests.forEach(function(t){var ok=(status==='all'||t.getAttribute('data-status')===status)&&(!q||t.getAttribute('data-search').indexOf(q)>=0);
    t.hidden=!ok;if(ok)n++;});
    buttons.forEach(function(b){b.setAttribute('aria-pressed',String(b.getAttribute('data-filter')===status));});
    shown.textContent=n+' of '+tests.length+' tests shown';empty.hidden=n>0;
    var h=(status!=='all'?'status='+status:'')+(q?(status!=='all'?'&':'')+'q='+encodeURIComponent(q):'');
    if(history.replaceState)history.replaceState(null,'',h?'#'+h:location.pathname);}
    buttons.forEach(function(b){b.addEventListener('click',function(){status=b.getAttribute('data-filter');apply();});});
    search.addEventListener('input',apply);
    var m=/status=(\\w+)/.exec(location.hash);if(m)status=m[1];var s=/q=([^&]*)/.exec(location.hash);if(s)search.value=decodeURIComponent(s[1]);
    apply();})();
    """
}
