/// A predicate format string that could not be parsed: where, what was expected, what was found.
///
/// Its description reads:
///
///     Bad predicate "label ==": expected a value after '==' at offset 8, found end of input
///     label ==
///             ^
public struct PredicateSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The format string as given.
    public let format: String
    /// The character offset of the problem in `format` (0-based; `format.count` is the end).
    public let offset: Int
    /// What the parser expected there, e.g. "a value after '=='".
    public let expected: String
    /// What it found instead, e.g. "end of input" or "'AND'".
    public let found: String

    public init(format: String, offset: Int, expected: String, found: String) {
        self.format = format
        self.offset = offset
        self.expected = expected
        self.found = found
    }

    public var description: String {
        // Tabs and line breaks become spaces so the caret stays under the right character.
        let line = String(format.map { $0.isNewline || $0 == "\t" ? " " : $0 })
        return """
            Bad predicate "\(format)": expected \(expected) at offset \(offset), found \(found)
            \(line)
            \(String(repeating: " ", count: max(0, offset)))^
            """
    }
}
