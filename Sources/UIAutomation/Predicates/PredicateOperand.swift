/// One side of a comparison: a key read from the subject, a constant, or a constant list.
enum PredicateOperand: Sendable, Equatable {
    case key(String)
    case value(PredicateValue)
    case list([PredicateValue])

    /// What the operand stands for once the subject's value for a key has been read.
    enum Resolved {
        case value(PredicateValue)
        case list([PredicateValue])
    }

    func resolve(in subject: some PredicateEvaluable) -> Resolved {
        switch self {
        case .key(let name): .value(subject.predicateValue(forKey: name) ?? .null)
        case .value(let value): .value(value)
        case .list(let values): .list(values)
        }
    }

    init(_ argument: PredicateArgumentValue) {
        switch argument {
        case .value(let value): self = .value(value)
        case .list(let values): self = .list(values)
        case .key(let name): self = .key(name)
        }
    }
}
