/// Runs a query chain against one ``PageSnapshot``.
package struct QueryEvaluator {
    let snapshot: PageSnapshot
    /// Answers `isHittable` for predicates that ask for it (a hit test per element, so it
    /// runs only for the candidates of steps whose predicate reads `isHittable`).
    let hitTest: (Int) async throws -> Bool
    /// Which of the given elements' DOM nodes match a CSS selector (their indexes).
    var cssMatches: (String, [Int]) async throws -> Set<Int> = { _, _ in [] }

    /// Why a chain matched nothing usable.
    package enum Failure: Error, Sendable {
        /// A `.pick(.unique)` found no match (or any pick found nothing).
        case noMatch(step: Int)
        /// A `.pick(.unique)` found several: their indexes.
        case multipleMatches(step: Int, matches: [Int])
        /// A `.pick(.index)` beyond the matches.
        case indexOutOfRange(step: Int, index: Int, count: Int)
    }

    /// The indexes the chain selects, in document order.
    func evaluate(_ steps: [QueryStep]) async throws -> Result<[Int], Failure> {
        var current = [0]
        var hittable: [Int: Bool] = [:]
        func precompute(_ predicate: ElementPredicate, for candidates: [Int]) async throws {
            try ElementKeys.check(predicate)
            guard ElementKeys.readsHittable(predicate) else { return }
            for index in candidates where hittable[index] == nil { hittable[index] = try await hitTest(index) }
        }
        for (position, step) in steps.enumerated() {
            switch step {
            case .descendants(let type):
                var seen = Set<Int>()
                var next: [Int] = []
                for index in current {
                    for descendant in snapshot.descendants(of: index)
                    where type.matches(snapshot.elements[descendant].elementType) && seen.insert(descendant).inserted {
                        next.append(descendant)
                    }
                }
                // Descendants of several roots can interleave; keep document order.
                current = current.count > 1 ? next.sorted() : next
            case .children(let type):
                current = current.flatMap { snapshot.elements[$0].children }
                    .filter { type.matches(snapshot.elements[$0].elementType) }
            case .matching(let predicate):
                try await precompute(predicate, for: current)
                let known = hittable
                current = current.filter { predicate.evaluate(subject($0, known)) }
            case .containing(let predicate):
                try await precompute(predicate, for: current.flatMap { snapshot.descendants(of: $0) })
                let known = hittable
                current = current.filter { index in
                    snapshot.descendants(of: index).contains { predicate.evaluate(subject($0, known)) }
                }
            case .css(let selector):
                let matches = try await cssMatches(selector, current)
                current = current.filter { matches.contains($0) }
            case .pick(let pick):
                switch pick {
                case .unique:
                    if current.isEmpty { return .failure(.noMatch(step: position)) }
                    if current.count > 1 { return .failure(.multipleMatches(step: position, matches: current)) }
                case .first:
                    guard let first = current.first else { return .failure(.noMatch(step: position)) }
                    current = [first]
                case .index(let index):
                    guard index >= 0, index < current.count else {
                        return .failure(.indexOutOfRange(step: position, index: index, count: current.count))
                    }
                    current = [current[index]]
                }
            }
        }
        return .success(current)
    }

    private func subject(_ index: Int, _ hittable: [Int: Bool]) -> EvaluatedElement {
        EvaluatedElement(element: snapshot.elements[index], isHittable: hittable[index])
    }
}
