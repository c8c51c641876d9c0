/// The syntax tree of a predicate. `ElementPredicate` wraps one; equality is structural.
indirect enum PredicateNode: Sendable, Equatable {
    case constant(Bool)
    case comparison(PredicateComparison)
    case not(PredicateNode)
    case and([PredicateNode])
    case or([PredicateNode])

    func evaluate(_ subject: some PredicateEvaluable) -> Bool {
        switch self {
        case .constant(let result): result
        case .comparison(let comparison): comparison.evaluate(subject)
        case .not(let operand): !operand.evaluate(subject)
        case .and(let operands): operands.allSatisfy { $0.evaluate(subject) }
        case .or(let operands): operands.contains { $0.evaluate(subject) }
        }
    }

    func collectKeys(into keys: inout Set<String>) {
        switch self {
        case .constant: break
        case .comparison(let comparison):
            for operand in [comparison.lhs, comparison.rhs] {
                if case .key(let name) = operand { keys.insert(name) }
            }
        case .not(let operand): operand.collectKeys(into: &keys)
        case .and(let operands), .or(let operands):
            for operand in operands { operand.collectKeys(into: &keys) }
        }
    }
}

extension PredicateNode {
    /// `AND` of the nodes, nested ANDs flattened: `(a AND b) AND c` is `a AND b AND c`.
    static func conjunction(_ nodes: [PredicateNode]) -> PredicateNode {
        let flat = nodes.flatMap { node -> [PredicateNode] in
            if case .and(let operands) = node { operands } else { [node] }
        }
        switch flat.count {
        case 0: return .constant(true)
        case 1: return flat[0]
        default: return .and(flat)
        }
    }

    /// `OR` of the nodes, nested ORs flattened.
    static func disjunction(_ nodes: [PredicateNode]) -> PredicateNode {
        let flat = nodes.flatMap { node -> [PredicateNode] in
            if case .or(let operands) = node { operands } else { [node] }
        }
        switch flat.count {
        case 0: return .constant(false)
        case 1: return flat[0]
        default: return .or(flat)
        }
    }
}

extension PredicateNode {
    /// The texts the predicate asks an attribute to equal (`label == "Lion"`, either way
    /// round, anywhere under AND/OR but not under NOT), for "did you mean" suggestions.
    func wantedTexts(forKeys keys: Set<String>) -> [String] {
        switch self {
        case .constant, .not: return []
        case .comparison(let comparison):
            guard comparison.op == .equal else { return [] }
            switch (comparison.lhs, comparison.rhs) {
            case (.key(let key), .value(.string(let text))), (.value(.string(let text)), .key(let key)):
                return keys.contains(key) ? [text] : []
            default: return []
            }
        case .and(let operands), .or(let operands):
            var texts: [String] = []
            for text in operands.flatMap({ $0.wantedTexts(forKeys: keys) }) where !texts.contains(text) { texts.append(text) }
            return texts
        }
    }
}
