public import Foundation
import Synchronization
import UIAutomation
public import XCTest

/// A file attached to a test, as XCTest's `XCTAttachment` (which swift-corelibs-xctest lacks):
/// added with `add(_:)` it is written beside the test's steps for the run report (with
/// `LAB_RUN_DIR`, as `scripts/test` sets it) and into the test's artifacts folder.
open class XCTAttachment: NSObject, @unchecked Sendable {
    /// When an attachment is kept.
    public enum Lifetime: Int, Sendable {
        /// Kept whether the test passes or fails.
        case keepAlways = 0
        /// Kept only when the test fails (XCTest's default).
        case deleteOnSuccess = 1
    }

    /// The contents.
    public let data: Data
    /// The type, e.g. `public.png`, `public.plain-text`.
    public let uniformTypeIdentifier: String
    /// A name for it; a file name is made from it.
    open var name: String?
    /// Whether it is kept when the test passes.
    open var lifetime: Lifetime = .deleteOnSuccess
    /// Extra information (kept in memory only).
    open var userInfo: [AnyHashable: Any]?

    /// Arbitrary data of type `uniformTypeIdentifier`.
    public init(data payload: Data, uniformTypeIdentifier identifier: String = "public.data") {
        data = payload
        uniformTypeIdentifier = identifier
    }

    /// `payload` of type `identifier`, named `name`.
    public convenience init(uniformTypeIdentifier identifier: String, name: String? = nil, payload: Data?,
                            userInfo: [AnyHashable: Any]? = nil) {
        self.init(data: payload ?? Data(), uniformTypeIdentifier: identifier)
        self.name = name
        self.userInfo = userInfo
    }

    /// A UTF-8 text.
    public convenience init(string: String) {
        self.init(data: Data(string.utf8), uniformTypeIdentifier: "public.plain-text")
    }

    /// A screenshot, as PNG.
    public convenience init(screenshot: XCUIScreenshot) {
        self.init(data: screenshot.pngRepresentation, uniformTypeIdentifier: "public.png")
    }

    /// The contents of the file at `url`.
    public convenience init(contentsOfFile url: URL) {
        self.init(data: (try? Data(contentsOf: url)) ?? Data(), uniformTypeIdentifier: "public.data")
        name = url.lastPathComponent
    }

    /// A file name for it: its name (or "attachment"), made safe, with the type's extension.
    var fileName: String {
        let base = (name ?? "attachment").map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "_" }
        let ext: String
        switch uniformTypeIdentifier {
        case "public.png": ext = ".png"
        case "public.plain-text", "public.utf8-plain-text": ext = ".txt"
        case "public.json": ext = ".json"
        default: ext = ""
        }
        let name = String(base.prefix(80))
        return name.hasSuffix(ext) ? name : name + ext
    }
}

/// Something attachments can be added to, as XCTest's `XCTActivity`.
public protocol XCTActivity {
    /// The activity's name.
    var name: String { get }
    /// Attaches `attachment` to the running test.
    func add(_ attachment: XCTAttachment)
}

/// Named activities that group a test's steps, as XCTest's `XCTContext`.
public enum XCTContext {
    /// Runs `block` as the activity `name`, giving it an activity to attach files to.
    @discardableResult
    public static func runActivity<Result>(named name: String, block: (any XCTActivity) throws -> Result) rethrows -> Result {
        try block(NamedActivity(name: name))
    }

    private struct NamedActivity: XCTActivity {
        let name: String
        func add(_ attachment: XCTAttachment) { Attachments.add(attachment) }
    }
}

extension XCTestCase: XCTActivity {
    /// Attaches `attachment` to this test (kept per its ``XCTAttachment/lifetime``).
    public func add(_ attachment: XCTAttachment) { Attachments.add(attachment) }
}

/// Where attachments go: the step log (for the report) and the artifacts folder.
enum Attachments {
    /// Writes `attachment` now (``XCTAttachment/Lifetime/keepAlways``), or when the running test
    /// ends if it failed (``XCTAttachment/Lifetime/deleteOnSuccess``).
    static func add(_ attachment: XCTAttachment) {
        guard attachment.lifetime == .deleteOnSuccess else { return write(attachment) }
        let test = TestIdentity.current
        TestRun.shared.atTestEnd { failed in
            if failed { TestIdentity.withCurrentSync(test) { write(attachment) } }
        }
    }

    private static func write(_ attachment: XCTAttachment) {
        let name = attachment.fileName
        if let text = String(data: attachment.data, encoding: .utf8), attachment.uniformTypeIdentifier != "public.png" {
            Recording.attach(text, named: name)
            return
        }
        Recording.attach(data: attachment.data, named: name)
    }
}

private let allowances = Mutex<[ObjectIdentifier: TimeInterval]>([:])

extension XCTestCase {
    /// How long the test may run (Apple's XCTest stops it after this when time allowances are
    /// on). swift-corelibs-xctest has no per-test limit, so the value is kept and read back but
    /// not enforced; every UI call is bounded by UIAutomation's own timeouts instead.
    public var executionTimeAllowance: TimeInterval {
        get { allowances.withLock { $0[ObjectIdentifier(self)] } ?? 600 }
        set { allowances.withLock { $0[ObjectIdentifier(self)] = newValue } }
    }
}
