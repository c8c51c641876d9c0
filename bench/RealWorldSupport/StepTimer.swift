import Foundation

/// Times the steps of a case (each action and each check) when `--steps` asks for it, to
/// show where a case's time goes; otherwise a step costs one flag read. Steps are timed end
/// to end, including the wait until the app is idle that every UIAutomation action makes.
public final class StepTimer: @unchecked Sendable {
    /// The one timer the bench uses.
    public static let shared = StepTimer()

    private let lock = NSLock()
    private var _enabled = false
    private var steps: [(name: String, ms: Double)] = []

    /// Whether steps are recorded (set before each case).
    public var enabled: Bool {
        get { lock.withLock { _enabled } }
        set { lock.withLock { _enabled = newValue; steps = [] } }
    }

    /// Runs `body`, recording its duration under `name` when enabled.
    public func step<T>(_ name: String, _ body: () async throws -> T) async rethrows -> T {
        guard enabled else { return try await body() }
        let clock = ContinuousClock()
        let start = clock.now
        defer {
            let elapsed = clock.now - start
            let ms = Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
            lock.withLock { steps.append((name, ms)) }
        }
        return try await body()
    }

    /// Writes the recorded steps of one case to stderr, one per line, then the case's total.
    public func report(_ caseName: String, total: Double) {
        let recorded = lock.withLock { steps }
        var lines = ["## \(caseName): \(String(format: "%.1f", total)) ms"]
        for (name, ms) in recorded { lines.append(String(format: "%8.1f ms  %@", ms, name)) }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }
}
