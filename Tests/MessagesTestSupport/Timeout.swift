/// Runs `operation`, failing with a ``TimeoutError`` naming `what` if it takes longer than `limit`.
public func withTimeout<T: Sendable>(_ limit: Duration, _ what: String, _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: limit)
            throw TimeoutError(description: "timed out after \(limit): \(what)")
        }
        defer { group.cancelAll() }
        return try await group.next()!
    }
}

/// A test's own time limit ran out.
public struct TimeoutError: Error, CustomStringConvertible {
    /// What took too long.
    public var description: String
}
