import Foundation

/// A failure of XCUIAutomation itself (as opposed to one of the app, which UIAutomation's
/// `UIAutomationError` describes): a call made where it cannot block, a call that never came
/// back, or a target application that is not configured.
public struct XCUIAutomationError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Equatable {
        /// A synchronous call inside a Swift concurrency task off the main thread (see the
        /// "Threads" section of docs/xcuitest.md).
        case blockingUnsafe(call: String)
        /// The call did not finish within its backstop limit.
        case didNotFinish(call: String, after: Duration)
        /// No target application is configured for `XCUIApplication()` or this bundle identifier.
        case noTargetApplication(String)
        /// The call has no meaning on a web page (a home button, a rotation gesture).
        case unsupported(String)
        /// The call's arguments cannot work (a predicate that does not parse, a bad position).
        case invalidArgument(String)
    }

    /// The call as code, e.g. `app.buttons["Save"].tap()`.
    public let call: String
    /// What went wrong.
    public let reason: Reason

    public init(call: String, reason: Reason) {
        self.call = call
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .blockingUnsafe(let call):
            return "\(call): XCUIAutomation's synchronous API was called inside a Swift concurrency task off the main thread, "
                + "where waiting could deadlock the concurrency pool. Call it from a synchronous test method or on the main actor "
                + "(mark the test class @MainActor), or use UIAutomation's async API here (`try await element.tap()`)."
        case .didNotFinish(let call, let after):
            return "\(call): did not finish within \(after) (the browser or the machine is stuck); the call was cancelled"
        case .noTargetApplication(let detail): return "\(call): \(detail)"
        case .unsupported(let detail): return "\(call): not supported on the web: \(detail)"
        case .invalidArgument(let detail): return "\(call): \(detail)"
        }
    }
}
