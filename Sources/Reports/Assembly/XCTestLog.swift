import Foundation

/// XCTest's results read from its console output (`swift test`'s log), for runs where
/// `--xunit-output` writes no XCTest XML: without `--parallel`, SwiftPM writes only Swift
/// Testing's. Reads the lines swift-corelibs-xctest prints:
///
/// ```
/// Test Case 'Class.testName' started at 2026-11-23 11:00:00.000
/// /path/File.swift:47: error: Class.testName : XCTAssertTrue failed - message
/// Test Case 'Class.testName' failed (0.123 seconds)
/// ```
///
/// Cases are named as the log names them (`Class`, `testName`); the module is not in the log.
public enum XCTestLog {
    /// The test cases in `log`, in the order they finished.
    public static func cases(in log: String) -> [JUnitDocument.Case] {
        var cases: [JUnitDocument.Case] = []
        var messages: [String: [String]] = [:]
        var starts: [String: Date] = [:]
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        formatter.timeZone = TimeZone.current
        for rawLine in log.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = String(rawLine)
            if line.hasPrefix("Test Case '"), let end = line.range(of: "' ", range: line.index(line.startIndex, offsetBy: 11)..<line.endIndex) {
                let full = String(line[line.index(line.startIndex, offsetBy: 11)..<end.lowerBound])
                let rest = line[end.upperBound...]
                if rest.hasPrefix("started at ") {
                    starts[full] = formatter.date(from: String(rest.dropFirst("started at ".count)))
                    continue
                }
                guard let verdict = ["passed", "failed", "skipped"].first(where: { rest.hasPrefix($0 + " (") }) else { continue }
                let (suite, name) = split(full)
                var item = JUnitDocument.Case(classname: suite, name: name, time: seconds(in: rest))
                item.started = starts.removeValue(forKey: full)
                let said = messages.removeValue(forKey: full) ?? []
                switch verdict {
                case "failed": item.failures = said.isEmpty ? ["failed"] : said
                case "skipped": item.skipped = said.last ?? ""
                default: break
                }
                cases.append(item)
            } else if let marker = line.range(of: ": error: ") ?? line.range(of: ": Test skipped") {
                // `<file>:<line>: error: Class.test : message`, or a skip's reason.
                let after = line[marker.upperBound...]
                let isSkip = line[marker.lowerBound...].hasPrefix(": Test skipped")
                if isSkip {
                    let prefix = line[..<marker.lowerBound]
                    if let colon = prefix.range(of: ": ", options: .backwards) {
                        let full = prefix[colon.upperBound...].trimmingCharacters(in: .whitespaces)
                        var reason = String(after)
                        if reason.hasPrefix(" - ") { reason.removeFirst(3) }
                        messages[full, default: []].append(reason)
                    }
                } else if let separator = after.range(of: " : ") {
                    let full = String(after[..<separator.lowerBound])
                    let location = String(line[..<marker.lowerBound])
                    messages[full, default: []].append(String(after[separator.upperBound...]) + "\n at " + location)
                }
            }
        }
        return cases
    }

    private static func split(_ full: String) -> (String, String) {
        guard let dot = full.lastIndex(of: ".") else { return ("", full) }
        return (String(full[..<dot]), String(full[full.index(after: dot)...]))
    }

    /// `(0.123 seconds)` → 0.123.
    private static func seconds(in text: Substring) -> Double {
        guard let open = text.firstIndex(of: "("), let space = text[open...].firstIndex(of: " ") else { return 0 }
        return Double(text[text.index(after: open)..<space]).flatMap { RunFileRules.isValidDuration($0) ? $0 : nil } ?? 0
    }
}
