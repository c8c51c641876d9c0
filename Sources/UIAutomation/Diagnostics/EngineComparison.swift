import LabSupport

/// The differential check of the two element engines (issue 42) on the page an application
/// shows now: queries made from the page's own elements, each resolved in the page
/// (`elementQuery.js`) and in Chromium's accessibility tree, and every difference in what they
/// answer — the matches, their order, types, identifiers, labels and values, or the failure.
/// What the differential tests (`InPageDifferentialTests`, the lab screens' in LabScreenTests)
/// run on every page; package-level, as the engines are.
package struct EngineComparison: Sendable {
    /// One query and how the two engines answered it.
    package struct Outcome: Sendable, CustomStringConvertible {
        /// The query as code (`app.buttons["Save"]`).
        package let query: String
        /// How the answers differ; `nil` when they agree.
        package let difference: String?
        /// Why the in-page engine did not answer (the query went to the tree); `nil` when it did.
        package let fallback: String?
        /// The in-page engine's path (`fast`, `whole`, `unchanged`), when it answered.
        package let path: String?

        package var description: String {
            if let fallback { return "\(query): resolved in the tree (\(fallback))" }
            if let difference { return "\(query): \(difference)" }
            return "\(query): same (\(path ?? "?"))"
        }
    }

    /// Every query run, in order.
    package let outcomes: [Outcome]

    /// The queries whose answers differ.
    package var differences: [Outcome] { outcomes.filter { $0.difference != nil } }
    /// The queries the in-page engine sent to the tree.
    package var fallbacks: [Outcome] { outcomes.filter { $0.fallback != nil } }
}

extension Application {
    /// Runs the differential check on the page as it is now (``EngineComparison``): the whole
    /// element list (`app.descendants(matching: .any)`), every type on the page, up to two labels
    /// and one identifier of each type as a subscript (`app.buttons["Save"]`, strict: a failure's
    /// kind is compared too), each type's elements' texts (`app.cells.staticTexts`), and the
    /// containers holding a text (`app.cells.containing(.staticText, label)`). Throws when the
    /// app is not running or not on the DevTools engine.
    ///
    /// A page that changes while it is compared (a timer that enables a button, removes a
    /// scrim) is compared again, up to `attempts` times, until the tree read before the queries
    /// is the tree read after them.
    package func compareElementEngines(attempts: Int = 5) async throws -> EngineComparison {
        let query = "app"
        guard let driver = try driver(for: query) as? PageDriver else {
            throw UIAutomationError(query: query, reason: .invalidRequest("the engines are compared on the DevTools engine only"))
        }
        var comparison = EngineComparison(outcomes: [])
        for _ in 0..<max(1, attempts) {
            let before = try await perform(query) { try await driver.fullSnapshot() }
            comparison = try await compareElementEngines(on: before, driver: driver)
            let after = try await perform(query) { try await driver.fullSnapshot() }
            if after.treeDescription(includingFrames: false) == before.treeDescription(includingFrames: false) { break }
            try await Task.sleep(for: .milliseconds(200))
        }
        return comparison
    }

    private func compareElementEngines(on snapshot: PageSnapshot, driver: PageDriver) async throws -> EngineComparison {
        let query = "app"
        let elements = snapshot.elements.dropFirst()
        var types: [ElementType] = []
        for element in elements where !types.contains(element.elementType) { types.append(element.elementType) }
        var queries: [(String, [QueryStep])] = [("app.descendants(matching: .any)", [.descendants(.any)])]
        func subscriptStep(_ text: String) -> QueryStep {
            .matching(ElementPredicate.key("identifier").equals(text) || ElementPredicate.key("label").equals(text)
                || ElementPredicate.key("undecoratedLabel").equals(text) || ElementPredicate.key("value").equals(text)
                || ElementPredicate.key("placeholderValue").equals(text))
        }
        for type in types {
            let all = elements.filter { $0.elementType == type }
            let base = "app.descendants(matching: .\(type.name))"
            queries.append((base, [.descendants(type)]))
            let labels = all.map(\.label).filter { !$0.isEmpty }
            let identifiers = all.map(\.identifier).filter { !$0.isEmpty }
            var texts: [String] = []
            for text in labels.prefix(2) + identifiers.prefix(1) where !texts.contains(text) { texts.append(text) }
            for text in texts {
                queries.append(("\(base)[\(SwiftLiteral.string(text))]", [.descendants(type), subscriptStep(text), .pick(.unique)]))
            }
            queries.append(("\(base).element(boundBy: \(all.count))", [.descendants(type), .pick(.index(all.count))]))
            // CSS right after the type (the fast path takes its matches as the candidates) and later.
            queries.append(("\(base).matching(css: \"[data-testid]\")", [.descendants(type), .css("[data-testid]")]))
            if let text = texts.first {
                queries.append(("\(base)[\(SwiftLiteral.string(text))].matching(css: \"*\").firstMatch",
                                [.descendants(type), subscriptStep(text), .css("*"), .pick(.first)]))
            }
            if [.cell, .collectionView, .table, .navigationBar, .alert, .toolbar, .group, .other].contains(type) {
                queries.append(("\(base).staticTexts", [.descendants(type), .descendants(.staticText)]))
                queries.append(("\(base).children(matching: .any)", [.descendants(type), .children(.any)]))
                if let text = elements.first(where: { $0.elementType == .staticText && !$0.label.isEmpty })?.label {
                    let predicate = ElementPredicate.key("elementType").equals(ElementType.staticText.rawValue)
                        && ElementPredicate.key("label").equals(text)
                    queries.append(("\(base).containing(.staticText, \(SwiftLiteral.string(text)))", [.descendants(type), .containing(predicate)]))
                }
            }
        }
        var outcomes: [Outcome] = []
        // Each query on the engine's kept tree of the page (its whole path) and again on its
        // fast path where that applies (the candidates of the first type only).
        for (text, steps) in queries {
            let tree = try await Self.treeAnswer(steps, on: snapshot, driver: driver, query: text)
            for fast in [false, true] {
                let name = fast ? text + " (fast)" : text
                switch try await perform(query, { try await driver.inPageQuery(steps: steps, fast: fast) }) {
                case .fallback(let reason):
                    outcomes.append(Outcome(query: name, difference: nil, fallback: reason, path: nil))
                case .answered(let answer):
                    outcomes.append(Outcome(query: name, difference: Self.difference(inPage: answer, tree: tree), fallback: nil, path: answer.path))
                }
            }
        }
        return EngineComparison(outcomes: outcomes)
    }
}

private typealias Outcome = EngineComparison.Outcome

extension Application {
    /// `steps` evaluated on `snapshot` (the accessibility tree), as ``resolveWithSnapshot`` reports it.
    fileprivate static func treeAnswer(_ steps: [QueryStep], on snapshot: PageSnapshot, driver: PageDriver, query: String) async throws
        -> Result<(PageSnapshot, [Int]), UIAutomationError> {
        var evaluator = QueryEvaluator(snapshot: snapshot) { index in try await driver.isHittable(snapshot.elements[index]) }
        evaluator.cssMatches = cssMatches(in: snapshot, driver: driver)
        switch try await evaluator.evaluate(steps) {
        case .success(let indexes): return .success((snapshot, indexes))
        case .failure(.noMatch): return .failure(UIAutomationError(query: query, reason: .noMatch))
        case .failure(.multipleMatches(_, let matches)):
            return .failure(UIAutomationError(query: query, reason: .multipleMatches(matches.map { snapshot.elements[$0].description })))
        case .failure(.indexOutOfRange(_, let index, let count)):
            return .failure(UIAutomationError(query: query, reason: .indexOutOfRange(index: index, count: count)))
        }
    }
}
