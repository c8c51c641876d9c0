import Testing
import UIAutomation

/// The in-page element engine against Chromium's accessibility tree on every lab app screen
/// (``Application/compareElementEngines()``: the whole element list, every type, subscripts by
/// label and identifier, texts in containers, containers holding a text, an index past the end;
/// each on the engine's whole path and its fast path): the same matches in the same order with
/// the same types, identifiers, labels, values and states, or the same failure. No screen has a
/// documented difference (docs/decisions.md, issue 42: "stage 2").
@Suite("Lab screens: in-page engine against the accessibility tree")
struct LabScreenEngineTests {
    @Test(arguments: LabScreen.all)
    func screen(_ screen: LabScreen) async throws {
        try await screen.withScreen { (app) async throws in
            let comparison = try await app.compareElementEngines()
            let unexplained = comparison.outcomes.filter { $0.difference != nil || $0.fallback != nil }
            let report = unexplained.map(\.description).joined(separator: "\n")
            #expect(unexplained.isEmpty, "\(screen.name): \(unexplained.count) of \(comparison.outcomes.count) queries differ:\n\(report)")
            #expect(comparison.outcomes.contains { $0.path == "fast" }, "the fast path answered no query on \(screen.name)")
        }
    }
}
