public import Foundation

/// One step of a test as the step log holds it (a line of `steps.jsonl`) and the run file
/// keeps it: the call as code, when it started, how long it took, how it ended, why it
/// failed, and the files recorded for it.
public struct StepRecord: Codable, Sendable, Equatable {
    /// The test the step ran in (`nil` outside a known test).
    public var test: TestKey?
    /// The call as code, e.g. `app.cells["lion"].tap()`.
    public var name: String
    /// `action`, `wait`, `expectation` or `read`.
    public var kind: String
    /// When it started.
    public var start: Date
    /// How long it took, in seconds.
    public var duration: Double
    /// How it ended.
    public var outcome: StepOutcome
    /// For a failure: the query chain and the reason (no element tree).
    public var failure: String?
    /// A screenshot: the failure's, or the one after the step (trace). A path; relative to
    /// the run folder in a run file.
    public var screenshot: String?
    /// The element tree as text: the failure's, or the one after the step (trace).
    public var tree: String?
    /// For a record of kind `attachment` (a file the test attached, such as a flow's path and
    /// diagram): the file. The run file keeps these in the report's `Attempt.files`, not as steps.
    public var file: String?
    /// Where the step's queries were resolved (in the page, or in the accessibility tree and
    /// why) and how long each took, one line per path; absent when the step resolved none.
    public var resolution: String?
    /// What the page reported during the step, one line each (`uncaughtException: Error: boom
    /// (…/app.js:3)`, `cspViolation: …`, `console.log: saved`); absent when it reported nothing.
    public var pageSignals: [String]?

    /// A step as the log records it.
    public init(test: TestKey?, name: String, kind: String, start: Date, duration: Double, outcome: StepOutcome,
                failure: String? = nil, screenshot: String? = nil, tree: String? = nil, file: String? = nil,
                resolution: String? = nil, pageSignals: [String]? = nil) {
        self.resolution = resolution
        self.pageSignals = pageSignals
        self.test = test
        self.name = name
        self.kind = kind
        self.start = start
        self.duration = duration
        self.outcome = outcome
        self.failure = failure
        self.screenshot = screenshot
        self.tree = tree
        self.file = file
    }

    /// Whether the screenshot and tree came from a trace (after a passing step), not a failure.
    public var isTrace: Bool { outcome == .passed && (screenshot != nil || tree != nil) }
}

/// How a step ended.
public enum StepOutcome: String, Codable, Sendable {
    case passed
    case failed
    /// Failed inside `withExpectedFailures`: an outcome the test handles, not a failure.
    case expectedFailure
}

/// A test's name, as the JUnit output of XCTest and Swift Testing names it.
public struct TestKey: Codable, Sendable, Hashable {
    /// `swift-testing`, `xctest` or `custom`.
    public var library: String
    /// Module and suite: JUnit's `classname`.
    public var suite: String
    /// The test function: JUnit's `name`.
    public var name: String
    /// `@Test("…")`'s display name, if any.
    public var displayName: String?

    /// A test named as its library's JUnit output names it.
    public init(library: String, suite: String, name: String, displayName: String? = nil) {
        self.library = library
        self.suite = suite
        self.name = name
        self.displayName = displayName
    }

    /// `suite/name`, unique in a run.
    public var id: String { suite + "/" + name }

    public static func == (a: TestKey, b: TestKey) -> Bool { a.id == b.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

extension TestKey {
    /// A folder name for the test's files: readable and unique (a hash of the id follows).
    public var folderName: String {
        let readable = String((suite + "." + name).map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" }.prefix(80))
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return readable + "-" + String(hash & 0xFFFF_FFFF, radix: 16)
    }
}
