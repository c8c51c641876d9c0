public import Foundation
import Synchronization
public import UIAutomation

/// The kinds of accessibility problem an audit looks for, as XCUITest's option set (`.all`,
/// `.contrast`, `.elementDetection`, `.hitRegion`, `.sufficientElementDescription`,
/// `.dynamicType`, `.textClipped`, `.trait`; `.duplicateIdentifier` is web only). UIAutomation's
/// `AccessibilityAuditType`; docs/accessibility-audit.md says what each checks on the web.
public typealias XCUIAccessibilityAuditType = AccessibilityAuditType

/// One problem an accessibility audit found, as XCUITest's `XCUIAccessibilityAuditIssue`.
open class XCUIAccessibilityAuditIssue: NSObject, @unchecked Sendable {
    /// The element it concerns (`nil` for the screen itself).
    public let element: XCUIElement?
    /// Which audit found it.
    public let auditType: XCUIAccessibilityAuditType
    /// A short title (`"Contrast failed"`).
    public let compactDescription: String
    /// What was found, with its measurement and the element it was found on.
    public let detailedDescription: String
    /// UIAutomation's issue behind it.
    public let issue: AccessibilityAuditIssue

    init(_ issue: AccessibilityAuditIssue, site: CallerLine) {
        self.issue = issue
        element = issue.element.map { XCUIElement(backing: .success(.element($0)), text: $0.description, site: site) }
        auditType = issue.auditType
        compactDescription = issue.compactDescription
        detailedDescription = issue.detailedDescription
    }

    open override var description: String { issue.description }
}

extension XCUIApplication {
    /// Audits the screen for accessibility problems of `auditTypes`, as XCUITest's: each issue
    /// goes to `issueHandler` (on the test's thread; it may use the app), which returns `true` to
    /// ignore it; the issues not ignored fail the test at this line, listed one a line with the
    /// screenshot and element tree. An error the handler throws ends the audit (the issues after
    /// it are not reported) and is rethrown.
    public func performAccessibilityAudit(for auditTypes: XCUIAccessibilityAuditType = .all,
                                          _ issueHandler: ((XCUIAccessibilityAuditIssue) throws -> Bool)? = nil,
                                          file: StaticString = #filePath, line: UInt = #line) throws {
        let site = CallerLine(file: file, line: line)
        let handler = issueHandler.map(OnCallerThread.init)
        let handlerError = Mutex<(any Error)?>(nil)
        perform("performAccessibilityAudit(for: \(auditTypes))", site, fallback: ()) { backing in
            guard case .application(let app) = backing else { return }
            try await app.performAccessibilityAudit(for: auditTypes) { issue in
                guard let handler, handlerError.withLock({ $0 == nil }) else { return handlerError.withLock { $0 != nil } }
                let outcome = await Blocking.onCaller { Result { try handler.body(XCUIAccessibilityAuditIssue(issue, site: site)) } }
                switch outcome {
                case .success(let ignore)?: return ignore
                case .failure(let error)?:
                    handlerError.withLock { $0 = error }
                    return true
                case nil: return false
                }
            }
        }
        if let error = handlerError.withLock({ $0 }) { throw error }
    }
}

/// A test's synchronous closure, carried to the blocked test thread that runs it
/// (``Blocking/onCaller(_:)``) and never run anywhere else.
struct OnCallerThread<Argument, Value>: @unchecked Sendable {
    let body: (Argument) throws -> Value
    init(_ body: @escaping (Argument) throws -> Value) { self.body = body }
}
