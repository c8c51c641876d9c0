/// A failure of the storage layer. Reported to clients as 503 `storage_unavailable`.
public struct MessageStoreError: Error, Sendable, CustomStringConvertible {
    /// What failed.
    public var description: String

    /// Creates an error.
    public init(_ description: String) {
        self.description = description
    }
}
