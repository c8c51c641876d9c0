import Foundation
import LabSupport
import StepRecords
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Appends every step, as one JSON line (Reports' `StepRecord`), to
/// `<run directory>/tests/<test>/steps.jsonl` while the tests run — what `lab report` joins to
/// the test libraries' JUnit XML to make the run file, the HTML report and the JUnit XML.
/// Installed when `LAB_RUN_DIR` is set (`scripts/test` sets it). Each line is one `write` to a
/// file opened for appending, so parallel tests (and parameterized cases of one test) never
/// corrupt a log.
///
/// With ``TraceMode`` `on` or `retain-on-failure` it asks for a screenshot and element tree
/// after every action and writes them beside the log (`step-NNN.png`, `step-NNN.txt`).
public struct StepLogObserver: StepObserver {
    private static let sequence = Atomic<Int>(0)

    /// The run directory (`LAB_RUN_DIR`).
    public let runDirectory: String
    /// Its own trace mode, or `nil` to follow ``Recording/traceMode``.
    public let traceMode: TraceMode?

    /// A log under `runDirectory/tests/`, tracing as `traceMode` says (default: as ``Recording/traceMode`` says).
    public init(runDirectory: String, traceMode: TraceMode? = nil) {
        self.runDirectory = runDirectory
        self.traceMode = traceMode
    }

    /// `LAB_RUN_DIR`, when set and not empty.
    public static var runDirectoryFromEnvironment: String? {
        guard let value = ProcessInfo.processInfo.environment["LAB_RUN_DIR"], !value.isEmpty else { return nil }
        return value.hasPrefix("/") ? value : FileManager.default.currentDirectoryPath + "/" + value
    }

    public var captures: StepCaptures { (traceMode ?? Recording.traceMode) == .off ? [] : .stepScreenshots }

    public func stepDidFinish(_ event: StepEvent) -> [String] {
        let folder = runDirectory + "/tests/" + (event.test?.folderName ?? "unattributed")
        guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil else { return [] }
        var written: [String] = []
        var screenshotPath = event.files.first { $0.hasSuffix(".png") }
        var treePath = event.files.first { $0.hasSuffix(".txt") }
        if event.outcome == .passed, event.screenshot != nil || event.tree != nil {
            let base = folder + "/" + String(format: "step-%04d", Self.sequence.wrappingAdd(1, ordering: .relaxed).newValue)
            if let png = event.screenshot, (try? png.write(to: URL(fileURLWithPath: base + ".png"))) != nil {
                screenshotPath = base + ".png"
                written.append(base + ".png")
            }
            if let tree = event.tree, (try? tree.write(toFile: base + ".txt", atomically: false, encoding: .utf8)) != nil {
                treePath = base + ".txt"
                written.append(base + ".txt")
            }
        }
        let record = StepRecord(
            test: event.test?.key,
            name: event.name, kind: event.kind.rawValue, start: event.start,
            duration: event.duration.inSeconds,
            outcome: StepOutcome(rawValue: event.outcome.rawValue) ?? .failed, failure: event.failureMessage,
            screenshot: screenshotPath, tree: treePath, resolution: event.resolution,
            pageSignals: event.pageSignals.isEmpty ? nil : event.pageSignals.map(\.description))
        guard var line = try? StepLog.encode(record) else { return written }
        line.append(UInt8(ascii: "\n"))
        Self.append(line, to: folder + "/steps.jsonl")
        return written
    }

    public func testDidAttach(_ attachment: TextAttachment) {
        let folder = runDirectory + "/tests/" + (attachment.test?.folderName ?? "unattributed")
        guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil else { return }
        let number = Self.sequence.wrappingAdd(1, ordering: .relaxed).newValue
        let safe = String(attachment.name.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" }.prefix(80))
        let path = folder + "/" + String(format: "attachment-%04d-", number) + safe
        guard (try? (attachment.data ?? Data(attachment.text.utf8)).write(to: URL(fileURLWithPath: path))) != nil else { return }
        let record = StepRecord(
            test: attachment.test?.key,
            name: attachment.name, kind: "attachment", start: Date(), duration: 0, outcome: .passed, file: path)
        guard var line = try? StepLog.encode(record) else { return }
        line.append(UInt8(ascii: "\n"))
        Self.append(line, to: folder + "/steps.jsonl")
    }

    /// One `write(2)` to the file opened with `O_APPEND`.
    private static func append(_ data: Data, to path: String) {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        data.withUnsafeBytes { buffer in _ = write(descriptor, buffer.baseAddress, buffer.count) }
    }
}
