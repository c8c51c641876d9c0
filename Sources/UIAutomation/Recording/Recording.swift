public import Foundation
import Synchronization

/// The one recording mechanism: every public action, query wait and expectation of
/// UIAutomation is a step (``StepEvent``) delivered to the observers here, in order.
///
/// By default the observers are the failure artifacts writer (screenshot and tree of a failure,
/// in a folder per test under ``Configuration/artifactsDirectory``), the step log when
/// `LAB_RUN_DIR` is set (what `lab report` makes the HTML report and JUnit XML from), and
/// Swift Testing attachments of a failure's screenshot and tree.
public enum Recording {
    private static let registry = Mutex<Registry>(Registry())

    private struct Registry {
        var observers: [any StepObserver] = Recording.defaultObservers()
        var traceMode: TraceMode = .fromEnvironment
    }

    /// The observers, in the order they are called: those of the innermost
    /// ``withObservers(_:_:)`` around the current task, else the process-wide list.
    public static var observers: [any StepObserver] { scoped ?? registry.withLock { $0.observers } }

    @TaskLocal private static var scoped: [any StepObserver]?

    /// Runs `body` with `observers` in place of the process-wide list, for the steps of this
    /// task and its child tasks only: a harness that records into a place of its own, or a test
    /// of the recording that must not add to the run's report.
    public static func withObservers<T>(_ observers: [any StepObserver], _ body: () async throws -> T) async rethrows -> T {
        try await $scoped.withValue(observers) { try await body() }
    }

    /// Adds `observer` after the others.
    public static func addObserver(_ observer: any StepObserver) {
        registry.withLock { $0.observers.append(observer) }
    }

    /// Removes `observer` (an instance added with ``addObserver(_:)``).
    public static func removeObserver(_ observer: some StepObserver & AnyObject) {
        registry.withLock { $0.observers.removeAll { ($0 as AnyObject) === observer } }
    }

    /// Removes every observer of type `type`.
    public static func removeObservers<T: StepObserver>(ofType type: T.Type) {
        registry.withLock { $0.observers.removeAll { $0 is T } }
    }

    /// Whether actions are followed by a screenshot and tree for the step log; starts as
    /// `LAB_TRACE` says (default `.off`).
    public static var traceMode: TraceMode {
        get { registry.withLock { $0.traceMode } }
        set { registry.withLock { $0.traceMode = newValue } }
    }

    /// Every observer's ``StepObserver/captures``, together.
    static var captures: StepCaptures {
        // Read outside the lock: an observer's `captures` may read ``traceMode``.
        observers.reduce(into: StepCaptures()) { $0.formUnion($1.captures) }
    }

    static func defaultObservers() -> [any StepObserver] {
        var observers: [any StepObserver] = [FailureArtifactsObserver()]
        if let run = StepLogObserver.runDirectoryFromEnvironment { observers.append(StepLogObserver(runDirectory: run)) }
        observers += TestLibraryRegistry.bridge?.defaultObservers ?? []
        return observers
    }

    /// Delivers `event` to every observer in order; returns the files they wrote.
    @discardableResult
    static func deliver(_ event: StepEvent) -> [String] {
        var event = event
        for observer in observers {
            event.files += observer.stepDidFinish(event)
        }
        return event.files
    }

    /// Attaches `text` to the current test as the file `name`: written beside its steps for the
    /// report (with `LAB_RUN_DIR`), and attached to a Swift Testing test. UIFlows attaches each
    /// flow run's path and Mermaid diagram this way.
    public static func attach(_ text: String, named name: String) {
        let attachment = TextAttachment(test: TestIdentity.current, name: name, text: text)
        for observer in observers { observer.testDidAttach(attachment) }
    }

    /// Attaches the bytes `data` (a PNG, say) to the current test as the file `name`, as
    /// ``attach(_:named:)`` attaches a text.
    public static func attach(data: Data, named name: String) {
        let attachment = TextAttachment(test: TestIdentity.current, name: name, text: "", data: data)
        for observer in observers { observer.testDidAttach(attachment) }
    }

    // MARK: The step in progress

    /// What a step collects while it runs: the failure screenshot taken by ``Application/recordFailure(_:)``.
    final class StepInProgress: Sendable {
        private let captured = Mutex<Data?>(nil)
        var screenshot: Data? {
            get { captured.withLock { $0 } }
            set { captured.withLock { $0 = newValue } }
        }
        /// Whether the failure was already reported (screenshot and tree taken, or skipped as expected).
        let reported = Atomic<Bool>(false)
        /// Where the step's queries were resolved, each path once, in order (``StepEvent/resolution``).
        private let resolutions = Mutex<[(path: String, count: Int, last: Duration)]>([])

        /// Notes that a query of the step was resolved by `path` (`in page (fast)`,
        /// `accessibility tree (closed shadow root)`) in `time`; a step that polls notes each
        /// path once, with how many times and the last time.
        func noteResolution(_ path: String, time: Duration) {
            resolutions.withLock { paths in
                if let index = paths.firstIndex(where: { $0.path == path }) {
                    paths[index].count += 1
                    paths[index].last = time
                } else {
                    paths.append((path, 1, time))
                }
            }
        }

        /// Every path noted, one per line (`resolved in page (fast) in 1.2 ms`, `… 3 times, the
        /// last in 0.9 ms`); `nil` when the step resolved no query.
        var resolution: String? {
            resolutions.withLock { paths in
                paths.isEmpty ? nil : paths.map { entry in
                    "resolved \(entry.path) " + (entry.count == 1 ? "in \(entry.last.formatted)" : "\(entry.count) times, the last in \(entry.last.formatted)")
                }.joined(separator: "\n")
            }
        }
    }

    /// The step the current task is inside, if any.
    @TaskLocal static var current: StepInProgress?
}

extension Application {
    /// Runs `body` as one step named `name` (the call as code): observers get its event when it
    /// ends. Inside another step it is part of that step and records nothing of its own.
    package func step<T>(_ name: @autoclosure () -> String, _ kind: StepEvent.Kind, _ body: () async throws -> T) async throws -> T {
        if Recording.current != nil { return try await body() }
        let progress = Recording.StepInProgress()
        let test = TestIdentity.current
        let start = Date()
        let clock = ContinuousClock()
        let started = clock.now
        var stepSignals: [PageSignal]?  // taken once: the page's signals since the step before
        do {
            let value = try await Recording.$current.withValue(progress) { try await body() }
            let taken = takeStepSignals(step: name())
            stepSignals = taken.signals
            if let failure = taken.failure { throw failure }
            let duration = clock.now - started
            var screenshot: Data?
            var tree: String?
            if kind == .action, Recording.captures.contains(.stepScreenshots) {
                (screenshot, tree) = await traceCapture()
            }
            var event = StepEvent(
                test: test, name: name(), kind: kind, start: start, duration: duration, outcome: .passed, error: nil,
                otherFailure: nil, screenshot: screenshot, tree: tree, artifactsDirectory: configuration.artifactsDirectory)
            event.resolution = progress.resolution
            event.pageSignals = taken.signals
            Recording.deliver(event)
            return value
        } catch var error as UIAutomationError {
            let duration = clock.now - started
            error = await explainingPausedClock(error)
            if !progress.reported.load(ordering: .relaxed) {
                error = await Recording.$current.withValue(progress) { await recordFailure(error) }
            }
            let expected = ExpectedFailures.active
            var event = StepEvent(
                test: test, name: name(), kind: kind, start: start, duration: duration,
                outcome: expected ? .expectedFailure : .failed, error: error, otherFailure: nil,
                screenshot: progress.screenshot, tree: nil, artifactsDirectory: configuration.artifactsDirectory)
            event.resolution = progress.resolution
            event.pageSignals = stepSignals ?? takeStepSignals(step: name()).signals
            error.artifacts = Recording.deliver(event)
            throw error
        } catch {
            var event = StepEvent(
                test: test, name: name(), kind: kind, start: start, duration: clock.now - started,
                outcome: ExpectedFailures.active ? .expectedFailure : .failed, error: nil, otherFailure: "\(error)",
                screenshot: nil, tree: nil, artifactsDirectory: configuration.artifactsDirectory)
            event.pageSignals = stepSignals ?? takeStepSignals(step: name()).signals
            Recording.deliver(event)
            throw error
        }
    }

    /// A failure outside any step (a read such as `label` of a missing element): delivered at
    /// once as a failed step of kind `.read`, named by the failure's query.
    func deliverUnsteppedFailure(_ error: UIAutomationError, screenshot: Data?) -> [String] {
        Recording.deliver(StepEvent(
            test: TestIdentity.current, name: error.query, kind: .read, start: Date(), duration: .zero,
            outcome: ExpectedFailures.active ? .expectedFailure : .failed, error: error, otherFailure: nil,
            screenshot: screenshot, tree: nil, artifactsDirectory: configuration.artifactsDirectory))
    }

    /// The screen and the element tree after an action, for ``TraceMode``; nothing when the
    /// page cannot be read.
    private func traceCapture() async -> (Data?, String?) {
        guard let driver = try? driver(for: "app") else { return (nil, nil) }
        let limit = min(configuration.responseTimeout, .seconds(5))
        let screenshot = try? await driver.screenshot(timeout: limit)
        let tree = try? await driver.snapshot(timeout: limit).treeDescription()
        return (screenshot, tree)
    }
}
