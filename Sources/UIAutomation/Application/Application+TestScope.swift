import Synchronization

extension Application {
    /// Runs `body`, then terminates every app launched inside it (in its child tasks too) that
    /// still runs, awaiting each — as XCUITest terminates the target application when a test
    /// ends. A process target's process group is ended before this returns, so the next test
    /// never finds the last one's server still running. UIAutomationTesting's `.uiAutomation`
    /// trait wraps each test in it.
    ///
    /// ```swift
    /// try await Application.terminatingLaunchedApps {
    ///     let app = Application(host: host)
    ///     try await app.launch()      // terminated when the block ends, even if it throws
    /// }
    /// ```
    public static func terminatingLaunchedApps<T>(_ body: () async throws -> T) async throws -> T {
        let launched = LaunchedApps()
        let outcome: Result<T, any Error>
        do {
            outcome = .success(try await LaunchedApps.$current.withValue(launched) { try await body() })
        } catch {
            outcome = .failure(error)
        }
        for app in launched.takeAll() where app.isRunning { await app.terminate() }
        return try outcome.get()
    }
}

/// The apps launched inside one ``Application/terminatingLaunchedApps(_:)`` scope.
final class LaunchedApps: Sendable {
    /// The innermost scope of the running task, if any.
    @TaskLocal static var current: LaunchedApps?

    private let apps = Mutex<[Application]>([])

    /// Notes `app` (once) for termination at the end of the scope.
    func add(_ app: Application) {
        apps.withLock { list in if !list.contains(where: { $0 === app }) { list.append(app) } }
    }

    /// The apps noted, last launched first; the scope holds none after.
    func takeAll() -> [Application] {
        apps.withLock { list in defer { list.removeAll() }; return list.reversed() }
    }
}
