import Foundation
import Flows
import Testing

@Suite("Flows: diagrams")
struct DiagramTests {
    @Test func theSeedExampleAsMermaid() {
        let mermaid = SeedExampleTests.iterateToEndOfTable().mermaid
        #expect(mermaid.hasPrefix("flowchart TD\n"))
        #expect(mermaid.contains("    s0[\"numberOfRows<br/><small>store the number of rows</small>\"]"))
        #expect(mermaid.contains("    start --> s0"))
        #expect(mermaid.contains("    s2 -->|\"orderedAscending\"| s3"))
        #expect(mermaid.contains("    s2 -.->|\"orderedSame, orderedDescending\"| exit"))
        #expect(!mermaid.contains("linkStyle"))
    }

    @Test func aRunHighlightsThePathAndCountsEachTransition() async throws {
        let run = try await SeedExampleTests.iterateToEndOfTable().run(state: ["table": ["a", "b", "c"]])
        let mermaid = run.mermaid
        #expect(mermaid.contains("    s2 -->|\"orderedAscending ×3\"| s3"))
        #expect(mermaid.contains("    s4 -->|\"×3\"| s2"))
        #expect(mermaid.contains("    s2 -.->|\"orderedSame, orderedDescending ×1\"| exit"))
        #expect(mermaid.contains("    class s0,s1,s2,s3,s4 taken"))
        #expect(mermaid.contains("    linkStyle "))
        let dot = run.dot
        #expect(dot.hasPrefix("digraph \"Iterate through all the rows in a table\" {"))
        #expect(dot.contains("s2 -> s3 [color=\"#2e7d32\", penwidth=2.5, label=\"orderedAscending ×3\"];"))
        #expect(dot.contains("exit [shape=doublecircle"))
    }

    @Test func untakenBranchesStayPlainAndFailurePathsAreDashed() async throws {
        let scenario = FlowScenario("branches")
        scenario.addSteps([
            "ask": .decision("yes?") { _ in true },
            "yes": .store(1, key: "y"),
            "no": .store(0, key: "n"),
            "fix": .store(0, key: "fixed"),
        ])
        scenario.start(at: "ask")
        scenario.transition(from: "ask", on: true, to: "yes")
        scenario.transition(from: "ask", on: false, to: "no")
        scenario.transition(from: "yes", onFailureTo: "fix")
        let run = try await scenario.run()
        #expect(run.mermaid.contains("    s0 -->|\"false\"| s2"))
        #expect(run.mermaid.contains("    s0 -->|\"true ×1\"| s1"))
        #expect(run.mermaid.contains("    s1 -.->|\"failure\"| s3"))
        #expect(run.mermaid.contains("    class s0,s1 taken"))
        #expect(run.dot.contains("s1 -> s3 [label=\"failure\", style=dashed];"))
    }

    @Test func undeclaredExitsLeadToAnUnexpectedExit() {
        let scenario = FlowScenario("declared")
        scenario.addSteps(["ask": .decision("yes?") { _ in true }, "done": .store(1, key: "x")])
        scenario.start(at: "ask")
        scenario.transition(from: "ask", on: true, to: "done")
        scenario.expectExit(from: "done")
        #expect(scenario.mermaid.contains("    s0 -.->|\"false\"| unexpected"))
        #expect(scenario.mermaid.contains("    s1 -.-> exit"))
        #expect(scenario.dot.contains("s0 -> unexpected [label=\"false\", style=dashed];"))
    }

    @Test func labelsAreEscapedForEachFormat() {
        let scenario = FlowScenario("say \"hi\" <b>")
        scenario.addStep("a \"quoted\" <step>", .store(1, key: "x"))
        scenario.start(at: "a \"quoted\" <step>")
        #expect(scenario.mermaid.contains("s0[\"a #quot;quoted#quot; #lt;step#gt;<br/>"))
        #expect(scenario.dot.contains("digraph \"say \\\"hi\\\" <b>\" {"))
        #expect(scenario.dot.contains("label=\"a \\\"quoted\\\" <step>\\nstore 1 as \\\"x\\\"\""))
    }
}
