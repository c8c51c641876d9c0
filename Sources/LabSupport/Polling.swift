/// Poll delays: a schedule that starts fast and settles at its last step.
public struct Backoff: Sendable {
    private let steps: [Duration]
    private var attempt = 0

    /// A schedule of `steps`; the last one repeats.
    public init(_ steps: [Duration]) {
        precondition(!steps.isEmpty, "a back-off needs at least one step")
        self.steps = steps
    }

    /// 0, 10, 20, 50, 100, 100, 200, 200… ms: every wait of UIAutomation.
    public static var standard: Backoff {
        Backoff([.zero, .milliseconds(10), .milliseconds(20), .milliseconds(50), .milliseconds(100), .milliseconds(100), .milliseconds(200)])
    }

    /// The next pause.
    public mutating func next() -> Duration {
        defer { attempt += 1 }
        return steps[min(attempt, steps.count - 1)]
    }
}

/// The one polling loop: evaluates `condition` (always at least once), pausing by `backoff`
/// between tries, until it holds (`true`) or `deadline` has passed (`false`). A pause never
/// runs past the deadline; an error from `condition` (or cancellation) ends the wait.
public func poll(
    until deadline: ContinuousClock.Instant, backoff: Backoff = .standard, _ condition: () async throws -> Bool
) async throws -> Bool {
    var backoff = backoff
    let clock = ContinuousClock()
    while true {
        if try await condition() { return true }
        let now = clock.now
        if now >= deadline { return false }
        try await Task.sleep(for: min(backoff.next(), deadline - now))
    }
}
