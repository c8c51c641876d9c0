extension Application {
    /// Reads the page and runs `steps`; a failed pick becomes a `UIAutomationError`
    /// naming `query`, with the element tree. With `frames` false the caller reads no frame
    /// of the result, so the read may skip them (unless a step's predicate reads one).
    func resolveWithSnapshot(steps: [QueryStep], query: String, frames: Bool = true) async throws -> (PageSnapshot, [Int]) {
        let driver = try driver(for: query)
        let frames = frames || steps.contains { $0.readsFrames }
        return try await perform(query) {
            let snapshot = try await driver.snapshot(timeout: nil, frames: frames)
            var evaluator = QueryEvaluator(snapshot: snapshot) { index in
                try await driver.isHittable(snapshot.elements[index])
            }
            evaluator.cssMatches = { selector, candidates in
                var byNode: [NodeHandle: [Int]] = [:]
                for index in candidates {
                    if let node = snapshot.elements[index].node { byNode[node, default: []].append(index) }
                }
                let matching = try await driver.nodes(Array(byNode.keys), matchingCSS: selector)
                return Set(matching.flatMap { byNode[$0] ?? [] })
            }
            switch try await evaluator.evaluate(steps) {
            case .success(let indexes):
                return (snapshot, indexes)
            case .failure(let failure):
                var error = UIAutomationError(query: query, reason: reason(for: failure, in: snapshot), tree: snapshot.failureTree)
                if case .noMatch(let step) = failure { error.unmatched = .init(steps: steps, failedStep: step, snapshot: snapshot) }
                throw error
            }
        }
    }

    /// The indexes `steps` select now (frames not read unless a step's predicate needs them).
    func resolve(steps: [QueryStep], query: String) async throws -> [Int] {
        try await resolveWithSnapshot(steps: steps, query: query, frames: false).1
    }

    private func reason(for failure: QueryEvaluator.Failure, in snapshot: PageSnapshot) -> UIAutomationError.Reason {
        switch failure {
        case .noMatch: return .noMatch
        case .multipleMatches(_, let matches): return .multipleMatches(matches.map { snapshot.elements[$0].description })
        case .indexOutOfRange(_, let index, let count): return .indexOutOfRange(index: index, count: count)
        }
    }
}
