import LabSupport

/// Runs `operation`, failing with a ``TimeoutError`` naming `what` if it takes longer than `limit`
/// (LabSupport's time limit, with a test's error).
public func withTimeout<T: Sendable>(_ limit: Duration, _ what: String, _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
    try await LabSupport.withTimeout(limit, timedOut: TimeoutError(description: "timed out after \(limit): \(what)"), operation)
}

/// A test's own time limit ran out.
public struct TimeoutError: Error, CustomStringConvertible {
    /// What took too long.
    public var description: String
}
