public import Foundation
public import StepRecords

/// The run file (`run.json`): one run of a test suite, recorded once, from which the HTML
/// report and the JUnit XML are rendered. Paths inside are relative to the run folder, which
/// also holds the screenshots and trees. Run files of several shards, machines or reruns merge
/// into one (``merged(_:title:)``).
public struct RunReport: Codable, Sendable, Equatable {
    /// The format's version.
    public var version: Int = 1
    /// A title for the report (default: "Test run").
    public var title: String
    /// When the run started (the earliest step or file), if known.
    public var startedAt: Date?
    /// The run's wall-clock duration in seconds (the longest pass when merged).
    public var duration: Double
    /// Where the results came from (one entry per pass, shard or machine).
    public var sources: [String]
    /// Every test, in the order the suites listed them.
    public var tests: [TestReport]
    /// For a sharded run (`scripts/test --shard i/n`): the shard it is, or — merged — every
    /// shard, with their wall times and tests. `nil` for a run that was not split.
    public var shards: [ShardRecord]?

    /// A run; its tests and sources default to none.
    public init(title: String = "Test run", startedAt: Date? = nil, duration: Double = 0, sources: [String] = [],
                tests: [TestReport] = [], shards: [ShardRecord]? = nil) {
        self.title = title
        self.startedAt = startedAt
        self.duration = duration
        self.sources = sources
        self.tests = tests
        self.shards = shards
    }

    /// How many tests ended each way.
    public var summary: Summary {
        var summary = Summary()
        for test in tests {
            switch test.status {
            case .passed: summary.passed += 1
            case .failed: summary.failed += 1
            case .skipped: summary.skipped += 1
            case .flaky: summary.flaky += 1
            }
        }
        return summary
    }

    /// Counts by status.
    public struct Summary: Codable, Sendable, Equatable {
        /// Tests that passed (not flaky).
        public var passed = 0
        /// Tests whose last attempt failed.
        public var failed = 0
        /// Tests that did not run.
        public var skipped = 0
        /// Tests that failed, then passed when run again.
        public var flaky = 0
        /// All of them.
        public var total: Int { passed + failed + skipped + flaky }
        /// No tests.
        public init() {}
    }
}

/// One test in a run: its final status and every attempt at it (more than one when it was run
/// again after failing).
public struct TestReport: Codable, Sendable, Equatable {
    /// The test's name.
    public var key: TestKey
    /// Every run of the test, in order.
    public var attempts: [Attempt]

    /// A test and its attempts, in order.
    public init(key: TestKey, attempts: [Attempt]) {
        self.key = key
        self.attempts = attempts
    }

    /// Failed, then passed when run again: `.flaky`, never plain `.passed`.
    public var status: TestStatus {
        guard let last = attempts.last else { return .skipped }
        switch last.status {
        case .passed: return attempts.contains { $0.status == .failed } ? .flaky : .passed
        case .failed: return .failed
        case .skipped: return attempts.contains { $0.status == .failed } ? .failed : .skipped
        case .flaky: return .flaky
        }
    }

    /// The last attempt's duration, in seconds.
    public var duration: Double { attempts.last?.duration ?? 0 }
}

/// How a test ended.
public enum TestStatus: String, Codable, Sendable, CaseIterable {
    case passed
    case failed
    case skipped
    /// Failed, then passed when run again in the same run.
    case flaky
}

/// One run of a test.
public struct Attempt: Codable, Sendable, Equatable {
    /// `.passed`, `.failed` or `.skipped`.
    public var status: TestStatus
    /// How long it took, in seconds.
    public var duration: Double
    /// The test library's failure messages (an `#expect`, an `XCTFail`, a thrown error).
    public var failures: [String]
    /// Why it was skipped, if it was and the library said.
    public var skipReason: String?
    /// Its steps, in order.
    public var steps: [StepRecord]
    /// Other files recorded for it (a flow's diagram, say), relative to the run folder.
    public var files: [String]
    /// Where this attempt came from (a pass, shard or machine).
    public var source: String?
    /// The shard it ran in (`2/3`), in a sharded run.
    public var shard: String?

    /// One run of a test.
    public init(status: TestStatus, duration: Double, failures: [String] = [], skipReason: String? = nil,
                steps: [StepRecord] = [], files: [String] = [], source: String? = nil, shard: String? = nil) {
        self.status = status
        self.duration = duration
        self.failures = failures
        self.skipReason = skipReason
        self.steps = steps
        self.files = files
        self.source = source
        self.shard = shard
    }

    /// The first step that failed (not an expected failure).
    public var failingStep: StepRecord? { steps.first { $0.outcome == .failed } }
}
