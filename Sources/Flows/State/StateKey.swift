/// A scenario-state key that knows the type of its value, for testers who want the
/// compiler's help: `let rowIndex = StateKey<Int>("rowIndex")`, then
/// `try context.state(rowIndex)` is an `Int`. It names the same entry as the string key.
public struct StateKey<Value: Sendable>: Hashable, Sendable, CustomStringConvertible {
    /// The string key it stands for.
    public let name: String

    public init(_ name: String) { self.name = name }

    public var description: String { name }
}
