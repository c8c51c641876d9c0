@preconcurrency public import SnapshotTesting
import Foundation
import Synchronization
import Testing
import UIAutomation
import XCTest

/// Asserts that `value`'s snapshot matches its reference on disk, as swift-snapshot-testing's
/// `assertSnapshot(of:as:)` (same file layout — `__Snapshots__/<test file>/<test>.<name>.<ext>`
/// beside the test file — same record modes, same messages), for `async` tests: the snapshot is
/// awaited, never waited for by blocking a thread, so it is safe on Swift's concurrency pool.
///
/// ```swift
/// await assertSnapshot(of: app, as: .elementTree, named: "gallery")
/// await assertSnapshot(of: app, as: .image(perceptualPrecision: 0.98), named: "gallery")
/// ```
///
/// A mismatch is recorded as an issue of the test (Swift Testing or XCTest) at this line, and
/// the reference, the actual snapshot and the difference (`difference.patch` for text, `diff.png` for images) are
/// attached to the test (UIAutomation's `Recording.attach(data:named:)`): the HTML report shows them under
/// the test, and Swift Testing keeps them with `--attachments-path`.
public func assertSnapshot<Value, Format>(
    of value: @autoclosure () throws -> Value,
    as snapshotting: Snapshotting<Value, Format>,
    named name: String? = nil,
    record recording: SnapshotTestingConfiguration.Record? = nil,
    snapshotDirectory: String? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) async {
    let site = SnapshotIssue.Site(fileID: fileID, filePath: filePath, line: line, column: column)
    let subject: Value
    do {
        subject = try value()
    } catch {
        SnapshotIssue.record("the value to snapshot threw: \(error)", at: site)
        return
    }
    let captured = await withCheckedContinuation { (continuation: CheckedContinuation<UncheckedValue<Format>, Never>) in
        snapshotting.snapshot(subject).run { continuation.resume(returning: UncheckedValue($0)) }
    }
    // The comparison's attachments, kept as swift-snapshot-testing hands them to its diffing
    // (on Linux it attaches nothing itself).
    let attachments = Mutex<[(name: String, data: Data)]>([])
    let inner = snapshotting.diffing
    let diffing = Diffing<Format>.diff(
        toData: inner.toData, fromData: inner.fromData,
        diffV2: { reference, actual in
            guard let (message, found) = inner.diffV2(reference, actual) else { return nil }
            // Always the reference and the actual, then the diffing's own (a text diff's
            // `difference.patch`, an image's `diff.png`).
            let ext = snapshotting.pathExtension ?? "txt"
            var files: [(name: String, data: Data)] = [("reference." + ext, inner.toData(reference)), ("actual." + ext, inner.toData(actual))]
            for case .data(let data, let name) in found where !files.contains(where: { $0.name == name }) { files.append((name, data)) }
            attachments.withLock { $0 = files }
            return (message, found)
        })
    let failure = verifySnapshot(
        of: captured.value, as: SimplySnapshotting(pathExtension: snapshotting.pathExtension, diffing: diffing),
        named: name, record: recording, snapshotDirectory: snapshotDirectory, timeout: 5,
        fileID: fileID, file: filePath, testName: testName, line: line, column: column)
    guard let failure else { return }
    let prefix = "snapshot-" + (name ?? testName.filter { $0.isLetter || $0.isNumber }) + "-"
    for file in attachments.withLock({ $0 }) { Recording.attach(data: file.data, named: prefix + file.name) }
    SnapshotIssue.record(failure, at: site)
}

/// A value carried out of swift-snapshot-testing's callback (called once).
struct UncheckedValue<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Records a failed snapshot as an issue of the running test: Swift Testing's, else XCTest's.
enum SnapshotIssue {
    struct Site {
        let fileID: StaticString
        let filePath: StaticString
        let line: UInt
        let column: UInt
    }

    static func record(_ message: String, at site: Site?) {
        if Test.current != nil {
            if let site {
                Issue.record(Comment(rawValue: message), sourceLocation: SourceLocation(
                    fileID: "\(site.fileID)", filePath: "\(site.filePath)", line: Int(site.line), column: Int(site.column)))
            } else {
                Issue.record(Comment(rawValue: message))
            }
        } else if let site {
            XCTFail(message, file: site.filePath, line: site.line)
        } else {
            XCTFail(message)
        }
    }
}
