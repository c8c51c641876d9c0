/// String comparison modifiers: `[c]`, `[d]` and `[cd]` in a format string.
public struct PredicateComparisonOptions: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `[c]`: "lion" matches "Lion".
    public static let caseInsensitive = PredicateComparisonOptions(rawValue: 1 << 0)
    /// `[d]`: "cafe" matches "café".
    public static let diacriticInsensitive = PredicateComparisonOptions(rawValue: 1 << 1)

    /// The modifier as written after an operator: "", "[c]", "[d]" or "[cd]".
    var formatSuffix: String {
        switch (contains(.caseInsensitive), contains(.diacriticInsensitive)) {
        case (false, false): ""
        case (true, false): "[c]"
        case (false, true): "[d]"
        case (true, true): "[cd]"
        }
    }
}
