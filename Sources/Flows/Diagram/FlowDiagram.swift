/// A scenario's graph as a diagram — Mermaid (renders on GitHub and in most Markdown
/// viewers) or Graphviz DOT. Drawn from a run, it highlights the path taken and labels each
/// transition with how often it was taken.
///
/// Steps are boxes (a sub-scenario a double-edged box), transitions arrows labelled with the
/// result they need, failure transitions dashed and labelled "failure", and every way the
/// scenario can exit a dotted arrow to the exit (to "unexpected exit" when the scenario
/// declares its exits and this is not one of them).
public struct FlowDiagram: Sendable {
    struct Node {
        let id: String
        let name: String
        let detail: String?
        let isSubScenario: Bool
        var visited: Bool
    }

    struct Edge {
        let from: String
        let to: String
        let label: String
        let style: Style
        var count: Int?

        enum Style { case plain, failure, exit, unexpectedExit, start }
    }

    let title: String
    private(set) var nodes: [Node] = []
    private(set) var edges: [Edge] = []

    /// The diagram of `definition`; with `trace`, the path that run took.
    public init(_ definition: ScenarioDefinition, trace: FlowTrace? = nil) {
        title = definition.description
        var ids: [String: String] = [:]
        for (index, name) in definition.stepNames.enumerated() {
            ids[name] = "s\(index)"
            let step = definition.steps[name]!
            nodes.append(Node(id: "s\(index)", name: name, detail: step.description == name ? nil : step.description,
                              isSubScenario: step.subScenario != nil, visited: false))
        }
        if let start = definition.start, let id = ids[start] {
            edges.append(Edge(from: "start", to: id, label: "", style: .start, count: trace.map { _ in 1 }))
        }
        for transition in definition.transitions {
            guard let from = ids[transition.from], let to = ids[transition.to] else { continue }
            let label: String
            switch transition.trigger {
            case .always: label = ""
            case .result(let result): label = result.description
            case .otherResults: label = "other results"
            case .failure: label = "failure"
            }
            edges.append(Edge(from: from, to: to, label: label, style: transition.trigger == .failure ? .failure : .plain,
                              count: trace.map { $0.transitionCounts[transition] ?? 0 }))
        }
        let exits = ExitAnalysis(definition).exitSteps
        for name in definition.stepNames where exits.contains(name) {
            let label = Self.exitLabel(for: name, in: definition)
            let taken = trace?.exit.map { $0.step == name ? 1 : 0 }
            // Once a scenario declares its exits, any other exit fails the run: draw it so.
            let expected = definition.expectedExits.isEmpty || definition.expectedExits.contains { $0.step == name }
            edges.append(Edge(from: ids[name]!, to: expected ? "exit" : "unexpected", label: label,
                              style: expected ? .exit : .unexpectedExit, count: taken))
        }
        if trace != nil {
            let reached = Set(edges.filter { ($0.count ?? 0) > 0 }.map(\.to))
            for index in nodes.indices where reached.contains(nodes[index].id) { nodes[index].visited = true }
        }
    }

    /// What results leave the scenario after `step`: those no transition names, when known.
    private static func exitLabel(for step: String, in definition: ScenarioDefinition) -> String {
        let named = Set(definition.transitions.filter { $0.from == step }.compactMap { transition -> FlowResult? in
            if case .result(let result) = transition.trigger { return result }
            return nil
        })
        guard let possible = definition.steps[step]?.possibleResults else { return named.isEmpty ? "" : "other results" }
        let leaving = possible.filter { !named.contains($0) }
        return leaving.count == possible.count && named.isEmpty ? "" : leaving.map(\.description).joined(separator: ", ")
    }

    // MARK: Mermaid

    /// The diagram as a Mermaid flowchart.
    public var mermaid: String {
        var lines = ["flowchart TD", "    start((start))"]
        for node in nodes {
            let text = Self.mermaidText(name: node.name, detail: node.detail)
            lines.append("    \(node.id)" + (node.isSubScenario ? "[[\"\(text)\"]]" : "[\"\(text)\"]"))
        }
        if edges.contains(where: { $0.style == .exit }) { lines.append("    exit(((exit)))") }
        if edges.contains(where: { $0.style == .unexpectedExit }) {
            lines.append("    unexpected{{\"unexpected exit: fails\"}}")
            lines.append("    style unexpected fill:#fdecea,stroke:#c62828")
        }
        var taken: [Int] = []
        for (index, edge) in edges.enumerated() {
            let arrow: String
            switch edge.style {
            case .plain, .start: arrow = "-->"
            case .failure, .exit, .unexpectedExit: arrow = "-.->"
            }
            var label = edge.label
            if let count = edge.count, count > 0 {
                label += (label.isEmpty ? "" : " ") + "×\(count)"
                taken.append(index)
            }
            let labelled = label.isEmpty ? arrow : "\(arrow)|\"\(Self.mermaidEscaped(label))\"|"
            lines.append("    \(edge.from) \(labelled) \(edge.to)")
        }
        let visited = nodes.filter(\.visited).map(\.id)
        if !visited.isEmpty {
            lines.append("    classDef taken fill:#e3f4e6,stroke:#2e7d32,stroke-width:2px")
            lines.append("    class \(visited.joined(separator: ",")) taken")
        }
        if !taken.isEmpty {
            lines.append("    linkStyle \(taken.map(String.init).joined(separator: ",")) stroke:#2e7d32,stroke-width:3px")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func mermaidText(name: String, detail: String?) -> String {
        guard let detail else { return mermaidEscaped(name) }
        return mermaidEscaped(name) + "<br/><small>" + mermaidEscaped(detail) + "</small>"
    }

    /// Mermaid labels are HTML inside double quotes: entity-escape what would end or break them.
    private static func mermaidEscaped(_ text: String) -> String {
        replacing(text, ["\"": "#quot;", "<": "#lt;", ">": "#gt;", "&": "#amp;", "\n": " "])
    }

    /// `text` with each character found in `replacements` replaced.
    private static func replacing(_ text: String, _ replacements: [Character: String]) -> String {
        var result = ""
        for character in text {
            if let replacement = replacements[character] { result += replacement } else { result.append(character) }
        }
        return result
    }

    // MARK: Graphviz

    /// The diagram in Graphviz DOT.
    public var dot: String {
        var lines = [
            "digraph \(Self.dotQuoted(title)) {",
            "    rankdir=TB;",
            "    node [shape=box, style=rounded, fontname=\"Helvetica\"];",
            "    edge [fontname=\"Helvetica\", fontsize=10];",
            "    start [shape=circle, label=\"start\", fontsize=9];",
        ]
        for node in nodes {
            var attributes = ["label=\(Self.dotQuoted(node.detail.map { "\(node.name)\n\($0)" } ?? node.name))"]
            if node.isSubScenario { attributes.append("peripheries=2") }
            if node.visited { attributes += ["style=\"rounded,filled\"", "fillcolor=\"#e3f4e6\"", "color=\"#2e7d32\""] }
            lines.append("    \(node.id) [\(attributes.joined(separator: ", "))];")
        }
        if edges.contains(where: { $0.style == .exit }) { lines.append("    exit [shape=doublecircle, label=\"exit\", fontsize=9];") }
        if edges.contains(where: { $0.style == .unexpectedExit }) {
            lines.append("    unexpected [shape=hexagon, label=\"unexpected exit: fails\", color=\"#c62828\", fontsize=9];")
        }
        for edge in edges {
            var label = edge.label
            var attributes: [String] = []
            if let count = edge.count, count > 0 {
                label += (label.isEmpty ? "" : " ") + "×\(count)"
                attributes += ["color=\"#2e7d32\"", "penwidth=2.5"]
            }
            if !label.isEmpty { attributes.append("label=\(Self.dotQuoted(label))") }
            if edge.style != .plain && edge.style != .start { attributes.append("style=dashed") }
            lines.append("    \(edge.from) -> \(edge.to)" + (attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]") + ";")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func dotQuoted(_ text: String) -> String {
        "\"" + replacing(text, ["\\": "\\\\", "\"": "\\\"", "\n": "\\n"]) + "\""
    }
}

extension Scenario {
    /// The scenario's graph as a Mermaid flowchart.
    public var mermaid: String { FlowDiagram(definition).mermaid }
    /// The scenario's graph in Graphviz DOT.
    public var dot: String { FlowDiagram(definition).dot }
}

extension FlowRun {
    /// The scenario's graph with the path this run took, as a Mermaid flowchart.
    public var mermaid: String { FlowDiagram(definition, trace: trace).mermaid }
    /// The scenario's graph with the path this run took, in Graphviz DOT.
    public var dot: String { FlowDiagram(definition, trace: trace).dot }
}
