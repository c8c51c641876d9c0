import Foundation
public import UIAutomation
import Testing

/// Attaches a failure's screenshot (PNG bytes) and element tree (text) to the Swift Testing
/// test it happened in, with `Attachment.record`: `swift test --attachments-path DIR` keeps
/// them, and IDEs show them beside the issue. Only for unexpected failures inside a Swift
/// Testing test; XCTest on Linux has no attachments, so XCTest tests get the same files through
/// the failure artifacts folder and the report.
public struct TestAttachmentsObserver: StepObserver {
    /// The observer; it attaches only inside a Swift Testing test.
    public init() {}

    public var captures: StepCaptures { .failureScreenshot }

    public func stepDidFinish(_ event: StepEvent) -> [String] {
        guard event.outcome == .failed, event.test?.library == .swiftTesting, Test.current != nil else { return [] }
        let slug = FailureArtifactsObserver.slug(event.name)
        if let png = event.screenshot {
            Attachment.record(Array(png), named: slug + ".png")
        }
        if let tree = event.error?.tree {
            Attachment.record(tree, named: slug + "-tree.txt")
        }
        return []
    }

    public func testDidAttach(_ attachment: TextAttachment) {
        guard attachment.test?.library == .swiftTesting, Test.current != nil else { return }
        if let data = attachment.data {
            Attachment.record(Array(data), named: attachment.name)
        } else {
            Attachment.record(attachment.text, named: attachment.name)
        }
    }
}
