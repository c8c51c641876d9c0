import Foundation
import Synchronization

/// Writes a failure's screenshot (PNG) and element tree (text) into the app's artifacts folder
/// (``Configuration/artifactsDirectory``), in a folder per test (``TestIdentity/folderName``;
/// `unattributed` outside a known test), so parallel tests never mix their files. Expected
/// failures (``withExpectedFailures(_:)``) write nothing.
public struct FailureArtifactsObserver: StepObserver {
    private static let sequence = Atomic<Int>(0)

    /// The writer; where it writes is each app's ``Configuration/artifactsDirectory``.
    public init() {}

    public var captures: StepCaptures { .failureScreenshot }

    public func stepDidFinish(_ event: StepEvent) -> [String] {
        guard event.outcome == .failed, let root = event.artifactsDirectory else { return [] }
        let tree = event.error?.tree
        guard event.screenshot != nil || tree != nil else { return [] }
        let directory = root + "/" + (event.test?.folderName ?? "unattributed")
        guard (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)) != nil else {
            return []
        }
        let number = Self.sequence.wrappingAdd(1, ordering: .relaxed).newValue
        let base = directory + "/" + String(format: "failure-%03d-", number) + Self.slug(event.name)
        var written: [String] = []
        if let screenshot = event.screenshot, (try? screenshot.write(to: URL(fileURLWithPath: base + ".png"))) != nil {
            written.append(base + ".png")
        }
        if let tree, (try? tree.write(toFile: base + ".txt", atomically: true, encoding: .utf8)) != nil {
            written.append(base + ".txt")
        }
        return written
    }

    /// A file-name-safe form of a step's name, at most 60 characters.
    package static func slug(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber ? $0 : "-" }.prefix(60))
    }
}
