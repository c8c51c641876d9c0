/// Runs `body` with its failures expected: a query or action that fails inside still throws
/// its ``UIAutomationError`` (query and reason), but saves no screenshot or element tree,
/// because the caller handles the failure — a flow step whose failure has a recovery path, or
/// a probe such as "does Next appear within 2 s?". Failures outside `body` are unaffected.
public func withExpectedFailures<T>(_ body: () async throws -> T) async rethrows -> T {
    try await ExpectedFailures.$active.withValue(true) { try await body() }
}

enum ExpectedFailures {
    /// Whether the running task is inside ``withExpectedFailures(_:)``.
    @TaskLocal static var active = false
}
