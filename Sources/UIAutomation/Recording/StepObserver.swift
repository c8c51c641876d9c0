public import Foundation
/// Something that wants to know about every step a test takes: the failure artifacts writer,
/// the step log the run report is made from, Swift Testing attachments — and your own.
///
/// Observers are called in the order they were added, on the task that ran the step, right
/// after it finished; keep ``stepDidFinish(_:)`` quick. An observer says which screenshots it
/// needs through ``captures``: when none asks for screenshots, none is taken, and a step costs
/// a clock read and a few task-local reads.
public protocol StepObserver: Sendable {
    /// The screenshots this observer needs taken for it.
    var captures: StepCaptures { get }
    /// Called once per finished step. Returns the files it wrote for the step (if any): later
    /// observers see them in ``StepEvent/files``, and a failure lists them in
    /// ``UIAutomationError/artifacts``.
    func stepDidFinish(_ event: StepEvent) -> [String]
    /// Called when the test attaches a text (``Recording/attach(_:named:)``): a flow's path
    /// and diagram, say. Does nothing unless the observer implements it.
    func testDidAttach(_ attachment: TextAttachment)
}

extension StepObserver {
    public func testDidAttach(_ attachment: TextAttachment) {}
}

/// A text a test attached to itself (``Recording/attach(_:named:)``).
public struct TextAttachment: Sendable {
    /// The test, or `nil` outside a known test.
    public let test: TestIdentity?
    /// A file name, e.g. `flow-PlayQuiz.mmd`.
    public let name: String
    /// The text.
    public let text: String
    /// The bytes of a binary attachment (``Recording/attach(data:named:)``; `nil` for a text).
    public var data: Data?

    public init(test: TestIdentity?, name: String, text: String, data: Data? = nil) {
        self.test = test
        self.name = name
        self.text = text
        self.data = data
    }
}

/// Which screenshots an observer needs.
public struct StepCaptures: OptionSet, Sendable {
    /// The option bits.
    public let rawValue: Int
    /// Captures from option bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A screenshot (and the element tree) when a step fails, outside ``withExpectedFailures(_:)``.
    public static let failureScreenshot = StepCaptures(rawValue: 1)
    /// A screenshot and the element tree after every action that passed (``TraceMode``).
    public static let stepScreenshots = StepCaptures(rawValue: 2)
}
