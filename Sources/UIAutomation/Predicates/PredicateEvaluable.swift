/// Something a predicate can be evaluated on, such as an element snapshot.
public protocol PredicateEvaluable {
    /// The value for a key path such as `"label"`, `"exists"` or `"elementType"`, or nil if the
    /// key is unknown. Dotted key paths (`"frame.width"`) are passed whole.
    func predicateValue(forKey key: String) -> PredicateValue?
}

/// A plain dictionary of attribute values can be evaluated directly, e.g. in tests.
extension Dictionary: PredicateEvaluable where Key == String, Value == PredicateValue {
    public func predicateValue(forKey key: String) -> PredicateValue? { self[key] }
}
