import LabSupport

extension Application {
    /// Reads the page and runs `steps`; a failed pick becomes a `UIAutomationError`
    /// naming `query`, with the element tree. With `frames` false the caller reads no frame
    /// of the result, so the read may skip them (unless a step's predicate reads one).
    ///
    /// Where the query is resolved (``Configuration/elementEngine``): in the page by default
    /// (``resolveInPage(_:steps:query:)``: the snapshot then holds the application and the
    /// matches only, and a failure's tree is read from the accessibility tree when the failure is
    /// reported), in the accessibility tree when the caller needs the tree around the matches
    /// (`tree`: a subtree, a toggle's inner switch), when the engine cannot answer the query
    /// exactly, or when configured so.
    func resolveWithSnapshot(steps: [QueryStep], query: String, frames: Bool = true, tree: Bool = false) async throws -> (PageSnapshot, [Int]) {
        let driver = try driver(for: query)
        let frames = frames || steps.contains { $0.readsFrames }
        let engine = configuration.elementEngine
        return try await perform(query) {
            guard !tree, engine != .accessibilityTree else {
                return try await resolveInTree(driver, steps: steps, query: query, frames: frames)
            }
            let started = ContinuousClock.now
            // `.both` compares only answers given while the page stood still (its change stamp).
            // (An engine that cannot read the stamp never proves the page stood still.)
            let stampBefore = engine == .both ? (try? await driver.evaluate(PageScripts.stamp))?.string : nil
            switch try await driver.inPageQuery(steps: steps) {
            case .answered(let answer):
                Self.noteResolution("in page (\(answer.path))", since: started)
                if engine == .both {
                    return try await resolveInBoth(answer, driver, steps: steps, query: query, frames: frames, stampBefore: stampBefore)
                }
                return try resolveInPage(answer, steps: steps, query: query)
            case .fallback(let reason):
                Self.noteResolution("accessibility tree (\(reason))", since: started)
                return try await resolveInTree(driver, steps: steps, query: query, frames: frames)
            }
        }
    }

    /// The indexes `steps` select now (frames not read unless a step's predicate needs them).
    func resolve(steps: [QueryStep], query: String) async throws -> [Int] {
        try await resolveWithSnapshot(steps: steps, query: query, frames: false).1
    }

    /// Notes in the call's log and the step's record where a query was resolved and how long it took.
    private static func noteResolution(_ path: String, since started: ContinuousClock.Instant) {
        CallProgress.current?.noteResolution(path)
        Recording.current?.noteResolution(path, time: ContinuousClock.now - started)
    }

    /// Which of `snapshot`'s elements (by index) the page's DOM says match a CSS selector: the
    /// tree path's `.css` step.
    static func cssMatches(in snapshot: PageSnapshot, driver: any PageEngine) -> (String, [Int]) async throws -> Set<Int> {
        { selector, candidates in
            var byNode: [NodeHandle: [Int]] = [:]
            for index in candidates {
                if let node = snapshot.elements[index].node { byNode[node, default: []].append(index) }
            }
            let matching = try await driver.nodes(Array(byNode.keys), matchingCSS: selector)
            return Set(matching.flatMap { byNode[$0] ?? [] })
        }
    }

    /// `steps` resolved in the accessibility tree (read, refreshed or reused).
    private func resolveInTree(_ driver: any PageEngine, steps: [QueryStep], query: String, frames: Bool) async throws -> (PageSnapshot, [Int]) {
        let snapshot = try await driver.snapshot(timeout: nil, frames: frames)
        var evaluator = QueryEvaluator(snapshot: snapshot) { index in
            try await driver.isHittable(snapshot.elements[index])
        }
        evaluator.cssMatches = Self.cssMatches(in: snapshot, driver: driver)
        switch try await evaluator.evaluate(steps) {
        case .success(let indexes):
            return (snapshot, indexes)
        case .failure(let failure):
            var error = UIAutomationError(query: query, reason: reason(for: failure, in: snapshot), tree: snapshot.failureTree)
            if case .noMatch(let step) = failure { error.unmatched = .init(steps: steps, failedStep: step, snapshot: snapshot) }
            throw error
        }
    }

    /// The in-page engine's answer as a snapshot of the application and the matches (indexes
    /// 1…n), or its failure as the tree path reports it: the same reason and matches; the element
    /// tree and "did you mean" are read from the accessibility tree when the failure is reported
    /// (``recordFailure(_:)``), never while a query is polled.
    private func resolveInPage(_ answer: InPageAnswer, steps: [QueryStep], query: String) throws -> (PageSnapshot, [Int]) {
        if let failure = answer.failure {
            let reason: UIAutomationError.Reason
            switch failure {
            case .noMatch: reason = .noMatch
            case .multipleMatches: reason = .multipleMatches(answer.failureMatches.map(\.description))
            case .indexOutOfRange(_, let index, let count): reason = .indexOutOfRange(index: index, count: count)
            }
            var error = UIAutomationError(query: query, reason: reason)
            if case .noMatch(let step) = failure { error.unmatched = .init(steps: steps, failedStep: step, snapshot: nil) }
            throw error
        }
        return (PageSnapshot(matches: answer.matches), Array(answer.matches.indices.map { $0 + 1 }))
    }

    /// ``ElementEngine/both``: the in-page answer compared with the accessibility tree's (same
    /// failure, or the same matches in the same order with the same types, identifiers, labels,
    /// values, placeholders and states); the tree's answer is used. The two are read one after
    /// the other, so a page that changes in between (a timer, an animation) would differ without
    /// any engine being wrong: a difference fails the query only when the page's change stamp was
    /// the same before the in-page answer and after the tree's; otherwise both are asked again
    /// (up to five times, then the tree's answer stands).
    private func resolveInBoth(_ first: InPageAnswer, _ driver: any PageEngine, steps: [QueryStep], query: String,
                               frames: Bool, stampBefore: String?) async throws -> (PageSnapshot, [Int]) {
        var answer = first, before = stampBefore
        var tree: Result<(PageSnapshot, [Int]), UIAutomationError> = .failure(UIAutomationError(query: query, reason: .noMatch))
        for attempt in 0..<5 {
            if attempt > 0 {
                before = try await driver.evaluate(PageScripts.stamp).string
                guard case .answered(let again) = try await driver.inPageQuery(steps: steps) else { break }
                answer = again
            }
            do {
                tree = .success(try await resolveInTree(driver, steps: steps, query: query, frames: frames))
            } catch let error as UIAutomationError {
                tree = .failure(error)
            }
            guard let difference = Self.difference(inPage: answer, tree: tree) else { return try tree.get() }
            let after = try await driver.evaluate(PageScripts.stamp).string
            if let before, before == after {
                throw UIAutomationError(query: query, reason: .enginesDisagree(difference))
            }
        }
        return try tree.get()
    }

    /// How the in-page answer differs from the tree's, or `nil` when they agree.
    static func difference(inPage answer: InPageAnswer, tree: Result<(PageSnapshot, [Int]), UIAutomationError>) -> String? {
        switch (answer.failure, tree) {
        case (nil, .success(let (snapshot, indexes))):
            let inTree = indexes.map { snapshot.elements[$0] }
            if answer.matches.count != inTree.count {
                return "in page \(answer.matches.count) matches, in the tree \(inTree.count):\n"
                    + Self.lines("in page", answer.matches) + "\n" + Self.lines("in the tree", inTree)
            }
            for (position, (page, tree)) in zip(answer.matches, inTree).enumerated() where comparable(page) != comparable(tree) {
                return "match \(position): in page \(page.line(includingFrame: false)), in the tree \(tree.line(includingFrame: false))"
            }
            return nil
        case (let failure?, .failure(let error)):
            let kind: UIAutomationError.Reason.Kind
            switch failure {
            case .noMatch: kind = .noMatch
            case .multipleMatches: kind = .multipleMatches
            case .indexOutOfRange: kind = .indexOutOfRange
            }
            guard kind == error.reason.kind else { return "in page \(kind), in the tree \(error.reason)" }
            if case .indexOutOfRange(_, _, let count) = failure, count != error.reason.count {
                return "in page \(count) matches, in the tree \(error.reason.count ?? -1)"
            }
            if case .multipleMatches = failure, answer.failureMatches.count != error.reason.matches.count {
                return "in page \(answer.failureMatches.count) matches, in the tree \(error.reason.matches.count)"
            }
            return nil
        case (let failure?, .success(let (snapshot, indexes))):
            return "in page \(failure), in the tree \(indexes.count) match(es):\n" + Self.lines("in the tree", indexes.map { snapshot.elements[$0] })
        case (nil, .failure(let error)):
            return "in page \(answer.matches.count) match(es), in the tree \(error.reason)\n" + Self.lines("in page", answer.matches)
        }
    }

    /// What the two engines must agree on for one element: type, identifier, label, value,
    /// placeholder and state (its line without the frame).
    private static func comparable(_ element: ElementSnapshot) -> String {
        element.line(includingFrame: false)
    }

    private static func lines(_ side: String, _ elements: [ElementSnapshot]) -> String {
        elements.map { "  \(side): \($0.line(includingFrame: false))" }.joined(separator: "\n")
    }

    private func reason(for failure: QueryEvaluator.Failure, in snapshot: PageSnapshot) -> UIAutomationError.Reason {
        switch failure {
        case .noMatch: return .noMatch
        case .multipleMatches(_, let matches): return .multipleMatches(matches.map { snapshot.elements[$0].description })
        case .indexOutOfRange(_, let index, let count): return .indexOutOfRange(index: index, count: count)
        }
    }
}

extension PageSnapshot {
    /// A snapshot of the application and `matches` (indexes 1…n, children of the root): what a
    /// query resolved in the page gives. It has no tree around the matches, so it gives no
    /// failure tree: a failure reads the accessibility tree when it is reported.
    init(matches: [ElementSnapshot]) {
        let root = ElementSnapshot(
            elementType: .application, identifier: "", label: "", value: nil, placeholderValue: nil, isEnabled: true,
            isSelected: false, hasFocus: false, frame: .zero, role: "RootWebArea", node: nil, parent: nil,
            children: Array(matches.indices.map { $0 + 1 }), depth: 0)
        var elements = [root]
        for var match in matches {
            match.parent = 0
            match.depth = 1
            elements.append(match)
        }
        self.init(elements: elements, framesAreCurrent: true, matchesOnly: true)
    }
}
