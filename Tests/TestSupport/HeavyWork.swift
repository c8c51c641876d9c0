import Foundation
public import Testing

/// A trait for tests that do heavy work of their own beside the browser — child processes,
/// browsers launched directly, servers with tight clocks: at most two per core of them run at
/// once. Swift Testing starts every test of the process together; UI tests are bounded by
/// UIAutomation (its `RunningApps`), but a test that starts a `lab` process or a browser of its
/// own is not, and hundreds of them at once starve the machine until their clocks fire. Waiting
/// for a turn happens before the test starts, so the test's own clocks never count it.
///
/// ```swift
/// @Suite("Child processes", .heavyWork) struct ChildProcessTests { … }
/// ```
public struct HeavyWork: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self  // each test case takes a turn; a suite or function holds none
    }

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await HeavyWorkTurns.shared.run(function)
    }
}

extension Trait where Self == HeavyWork {
    /// At most two tests per core with this trait run at once (see ``HeavyWork``).
    public static var heavyWork: Self { HeavyWork() }
}

/// The turns ``HeavyWork`` hands out, first come first served.
actor HeavyWorkTurns {
    static let shared = HeavyWorkTurns(limit: max(2, 2 * ProcessInfo.processInfo.activeProcessorCount))

    private let limit: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) { self.limit = limit }

    func run(_ body: @Sendable () async throws -> Void) async throws {
        if running < limit {
            running += 1
        } else {
            await withCheckedContinuation { waiting.append($0) }  // the finishing test hands its turn over
        }
        defer { finish() }
        try await body()
    }

    private func finish() {
        if waiting.isEmpty { running -= 1 } else { waiting.removeFirst().resume() }
    }
}
