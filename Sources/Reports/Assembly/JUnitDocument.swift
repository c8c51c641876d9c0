public import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The test cases of a JUnit XML file: what `swift test --xunit-output` writes for XCTest and
/// for Swift Testing, and what ``JUnitRenderer`` writes. Read with Foundation's `XMLParser`.
public struct JUnitDocument: Sendable, Equatable {
    /// One `<testcase>`.
    public struct Case: Sendable, Equatable {
        /// JUnit's `classname`: module and suite.
        public var classname: String
        /// The test's name.
        public var name: String
        /// Seconds.
        public var time: Double
        /// `<failure>` and `<error>` messages (attribute, then body, joined by a newline).
        public var failures: [String] = []
        /// Whether it has `<skipped>`, and its message.
        public var skipped: String?
        /// `<flakyFailure>` messages (Surefire): failed attempts before a pass.
        public var flakyFailures: [String] = []
        /// `<rerunFailure>` messages (Surefire): failed reruns after a failure.
        public var rerunFailures: [String] = []
        /// The `<system-out>` text.
        public var systemOut: String = ""
        /// When it started, if the source says (XCTest's console log does).
        public var started: Date?

        /// A case that passed, until failures or a skip are added.
        public init(classname: String, name: String, time: Double) {
            self.classname = classname
            self.name = name
            self.time = time
        }

        /// `.failed`, `.skipped`, `.flaky` or `.passed`, read as Surefire means it.
        public var status: TestStatus {
            if !failures.isEmpty { return .failed }
            if skipped != nil { return .skipped }
            if !flakyFailures.isEmpty { return .flaky }
            return .passed
        }
    }

    /// Every test case, in document order.
    public var cases: [Case]
    /// The `<testsuites>` (or single `<testsuite>`) root's counts as written: `tests`,
    /// `failures`, `errors`, `skipped`.
    public var declaredCounts: [String: Int]

    /// Parses `data`; throws ``JUnitDocument/ParseError`` for XML that does not parse.
    public init(data: Data) throws {
        let delegate = Reader()
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        guard parser.parse() else {
            throw ParseError(description: parser.parserError.map { "\($0)" } ?? "not XML")
        }
        cases = delegate.cases
        declaredCounts = delegate.rootCounts
    }

    /// Reads and parses the file at `path`.
    public init(contentsOf path: String) throws {
        try self.init(data: try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// XML that did not parse.
    public struct ParseError: Error, CustomStringConvertible {
        public let description: String
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var cases: [Case] = []
        var rootCounts: [String: Int] = [:]
        private var sawRoot = false
        private var current: Case?
        private var text = ""
        private var element: (name: String, message: String)?

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            switch name {
            case "testsuites", "testsuite":
                guard !sawRoot else { break }
                sawRoot = true
                for key in ["tests", "failures", "errors", "skipped"] {
                    if let value = attributes[key].flatMap({ Int($0) }) { rootCounts[key] = value }
                }
            case "testcase":
                current = Case(classname: attributes["classname"] ?? "", name: attributes["name"] ?? "",
                               time: attributes["time"].flatMap(Double.init).flatMap { RunFileRules.isValidDuration($0) ? $0 : nil } ?? 0)
            case "failure", "error", "skipped", "flakyFailure", "rerunFailure", "flakyError", "rerunError", "system-out":
                if current != nil, element == nil {
                    element = (name, attributes["message"] ?? "")
                    text = ""
                }
            default:
                break
            }
            if current != nil, element == nil { text = "" }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
        func parser(_ parser: XMLParser, foundCDATA data: Data) { text += String(decoding: data, as: UTF8.self) }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "testcase", let finished = current {
                cases.append(finished)
                current = nil
                element = nil
                return
            }
            guard let open = element, open.name == name, current != nil else { return }
            let body = text.trimmingCharacters(in: .whitespacesAndNewlines)
            let message = [open.message, body].filter { !$0.isEmpty }.joined(separator: "\n")
            switch name {
            case "failure", "error": current?.failures.append(message)
            case "skipped": current?.skipped = message
            case "flakyFailure", "flakyError": current?.flakyFailures.append(message)
            case "rerunFailure", "rerunError": current?.rerunFailures.append(message)
            case "system-out": current?.systemOut = text
            default: break
            }
            element = nil
        }
    }
}
