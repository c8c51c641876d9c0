public import UIAutomation

/// `lab inspect`: the element tree as XCUITest prints it, each element followed by the query
/// ``QueryChooser`` recommends for it — checked again against the running app, so every query
/// shown selects exactly that element now.
public struct Inspector: Sendable {
    public let chooser: QueryChooser

    public init(app: Application) {
        chooser = QueryChooser(app: app)
    }

    /// One line per element (indented by depth, without frames), then `→ query`; an element with
    /// no unique query says so. The application itself is `app`.
    public func describe(_ snapshot: PageSnapshot, verifyLive: Bool = true) async -> String {
        var lines: [String] = []
        func visit(_ index: Int, _ depth: Int) async {
            let element = snapshot.elements[index]
            var line = String(repeating: "  ", count: depth) + element.line(includingFrame: false)
            if index == 0 {
                line += "  →  app"
            } else if let query = try? await chooser.element(for: index, in: snapshot) {
                let live = verifyLive ? await chooser.verifyLive(query, is: element.domNodeId) : true
                line += live ? "  →  \(query)" : "  →  \(query)  (changed since the tree was read)"
            } else {
                line += "  →  (no unique query)"
            }
            lines.append(line)
            for child in snapshot.childIndexes(of: index) { await visit(child, depth + 1) }
        }
        await visit(0, 0)
        return lines.joined(separator: "\n")
    }
}
