public import Foundation
public import XCTest

/// A test failure with its description and where it happened, as XCTest's `XCTIssue` (which
/// swift-corelibs-xctest lacks); ``XCTest/XCTestCase/record(_:)`` records one.
public struct XCTIssue: Sendable {
    /// The kind of issue.
    public enum IssueType: Int, Sendable {
        case assertionFailure = 0, thrownError = 1, uncaughtException = 2, performanceRegression = 3, system = 4, unmatchedExpectedFailure = 5
    }

    /// The kind of issue.
    public var type: IssueType
    /// A one-line description.
    public var compactDescription: String
    /// A longer description, if any.
    public var detailedDescription: String?
    /// Where it happened.
    public var sourceCodeContext: XCTSourceCodeContext
    /// The error behind it, if any.
    public var associatedError: (any Error)?
    /// Files attached to it (added to the test when the issue is recorded).
    public var attachments: [XCTAttachment]

    public init(type: IssueType, compactDescription: String, detailedDescription: String? = nil,
                sourceCodeContext: XCTSourceCodeContext = XCTSourceCodeContext(), associatedError: (any Error)? = nil,
                attachments: [XCTAttachment] = []) {
        self.type = type
        self.compactDescription = compactDescription
        self.detailedDescription = detailedDescription
        self.sourceCodeContext = sourceCodeContext
        self.associatedError = associatedError
        self.attachments = attachments
    }
}

/// Where an issue happened, as XCTest's `XCTSourceCodeContext`.
public struct XCTSourceCodeContext: Sendable {
    /// The file and line, if known.
    public var location: XCTSourceCodeLocation?

    public init(location: XCTSourceCodeLocation? = nil) { self.location = location }
}

/// A file and line, as XCTest's `XCTSourceCodeLocation`.
public struct XCTSourceCodeLocation: Sendable {
    /// The file's URL.
    public var fileURL: URL
    /// The line (1-based).
    public var lineNumber: Int

    public init(fileURL: URL, lineNumber: Int) {
        self.fileURL = fileURL
        self.lineNumber = lineNumber
    }

    public init(filePath: String, lineNumber: Int) {
        self.init(fileURL: URL(fileURLWithPath: filePath), lineNumber: lineNumber)
    }
}

extension XCTestCase {
    /// Records `issue` as a failure of this test at its location (its attachments are added to
    /// the test). An extension method here, since corelibs XCTest has none to override.
    public func record(_ issue: XCTIssue) {
        for attachment in issue.attachments { add(attachment) }
        var description = issue.compactDescription
        if let detailed = issue.detailedDescription, !detailed.isEmpty { description += "\n" + detailed }
        if let error = issue.associatedError { description += "\n(\(error))" }
        let location = issue.sourceCodeContext.location
        recordFailure(withDescription: description, inFile: location?.fileURL.path ?? "<unknown>",
                      atLine: location?.lineNumber ?? 0, expected: issue.type == .assertionFailure)
    }
}
