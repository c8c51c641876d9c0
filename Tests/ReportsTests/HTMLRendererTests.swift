import Foundation
import Reports
import StepRecords
import Testing

/// The page's text, without a browser: escaping, no network, the identifiers tests use.
/// (`ReportsUITests` drives the page itself in the browser.)
@Suite struct HTMLRendererTests {
    @Test func everyStringFromTheRunIsEscaped() {
        var run = SampleRuns.mixed
        run.title = "<b>title</b>"
        run.tests[0].key.name = "<script>alert(1)</script>"
        run.tests[0].attempts[0].steps[0].name = "app.buttons[\"<img src=x onerror=alert(2)>\"].tap()"
        run.tests[0].attempts[0].failures = ["</pre><script>alert(3)</script>"]
        let html = HTMLRenderer(runFolder: "/nonexistent").render(run)
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("<img src=x"))
        #expect(!html.contains("<b>title</b>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("&lt;/pre&gt;&lt;script&gt;alert(3)"))
    }

    @Test func thePageNeedsNoNetwork() {
        let html = HTMLRenderer(runFolder: "/nonexistent").render(SampleRuns.mixed)
        for pattern in ["src=\"http", "href=\"http", "src=\"//", "href=\"//", "@import", "<link"] {
            #expect(!html.contains(pattern), "\(pattern)")
        }
        #expect(html.components(separatedBy: "data-testid=\"test\"").count - 1 == 5)
        #expect(html.contains("data-testid=\"failed-step\""))
        #expect(html.contains("src=\"files/t/failure-001.png\""))
    }
}

extension HTMLRendererTests {
    @Test func attachedTextFilesAreShownEscapedUnderTheirTest() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("html-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/files/t", withIntermediateDirectories: true)
        try "flowchart TD\n  a[\"<tap>\"] --> b".write(toFile: root + "/files/t/flow-Quiz.mmd", atomically: true, encoding: .utf8)
        var run = SampleRuns.mixed
        run.tests[0].attempts[0].files = ["files/t/flow-Quiz.mmd"]
        let html = HTMLRenderer(runFolder: root).render(run)
        #expect(html.contains("<summary>flow-Quiz.mmd</summary><pre>flowchart TD\n  a[&quot;&lt;tap&gt;&quot;] --&gt; b</pre>"))
    }
}

extension HTMLRendererTests {
    @Test func aStepsPageSignalsAreListedEscapedAndOpenWhenOneIsAnError() {
        var run = SampleRuns.mixed
        run.tests[0].attempts[0].steps[0].pageSignals = ["console.log: saved", "uncaughtException: Error: </li><script>alert(4)</script>"]
        run.tests[2].attempts[1].steps[0].pageSignals = ["console.info: <b>quiet</b>"]
        let html = HTMLRenderer(runFolder: "/nonexistent").render(run)
        #expect(!html.contains("<script>alert(4)"))
        #expect(html.contains("<details class=\"signals\" open><summary>The page reported 2 (1 error)</summary><ul data-testid=\"page-signals\">"
            + "<li>console.log: saved</li><li>uncaughtException: Error: &lt;/li&gt;&lt;script&gt;alert(4)&lt;/script&gt;</li></ul></details>"))
        #expect(html.contains("<details class=\"signals\"><summary>The page reported 1</summary><ul data-testid=\"page-signals\"><li>console.info: &lt;b&gt;quiet&lt;/b&gt;</li>"))
    }
}
