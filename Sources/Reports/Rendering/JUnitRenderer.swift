import Foundation
import StepRecords

/// Renders a run as JUnit XML in the Surefire style CI systems read: a `<testsuite>` per
/// suite, a `<testcase>` per test with `<failure>` (message, then the step trail),
/// `<rerunFailure>` for reruns that failed again, `<flakyFailure>` for a flaky test's failed
/// attempts (the test counts as passed), `<skipped>`, and `<system-out>` with the steps and an
/// `[[ATTACHMENT|path]]` line per screenshot or tree (read by Jenkins and Azure DevOps).
public struct JUnitRenderer {
    /// The absolute path of the run folder, for attachment paths.
    public var runFolder: String

    /// A renderer whose attachment paths start with `runFolder` (absolute).
    public init(runFolder: String) {
        self.runFolder = runFolder
    }

    /// The XML document.
    public func render(_ run: RunReport) -> String {
        var suites: [String] = []
        var bySuite: [String: [TestReport]] = [:]
        for test in run.tests {
            if bySuite[test.key.suite] == nil { suites.append(test.key.suite) }
            bySuite[test.key.suite, default: []].append(test)
        }
        let summary = run.summary
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"\(attr(run.title))\" tests=\"\(summary.total)\" failures=\"\(summary.failed)\" errors=\"0\""
            + " skipped=\"\(summary.skipped)\" time=\"\(seconds(run.duration))\">\n"
        for suite in suites {
            let tests = bySuite[suite] ?? []
            let failed = tests.filter { $0.status == .failed }.count
            let skipped = tests.filter { $0.status == .skipped }.count
            let time = tests.reduce(0) { $0 + $1.duration }
            xml += "  <testsuite name=\"\(attr(suite))\" tests=\"\(tests.count)\" failures=\"\(failed)\" errors=\"0\""
                + " skipped=\"\(skipped)\" time=\"\(seconds(time))\">\n"
            for test in tests { xml += testcase(test) }
            xml += "  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        return xml
    }

    private func testcase(_ test: TestReport) -> String {
        let last = test.attempts.last ?? Attempt(status: .skipped, duration: 0)
        var xml = "    <testcase name=\"\(attr(test.key.name))\" classname=\"\(attr(test.key.suite))\" time=\"\(seconds(test.duration))\">\n"
        switch test.status {
        case .failed:
            let failedAttempts = test.attempts.filter { $0.status == .failed }
            if let first = failedAttempts.first {
                xml += "      <failure message=\"\(attr(headline(first)))\" type=\"failure\">\(text(details(first)))</failure>\n"
            }
            for rerun in failedAttempts.dropFirst() {
                xml += "      <rerunFailure message=\"\(attr(headline(rerun)))\" type=\"failure\">"
                    + "<stackTrace>\(text(details(rerun)))</stackTrace></rerunFailure>\n"
            }
        case .flaky:
            for failed in test.attempts where failed.status == .failed {
                xml += "      <flakyFailure message=\"\(attr(headline(failed)))\" type=\"failure\">"
                    + "<stackTrace>\(text(details(failed)))</stackTrace></flakyFailure>\n"
            }
        case .skipped:
            xml += "      <skipped" + (last.skipReason.map { " message=\"\(attr($0))\"" } ?? "") + "/>\n"
        case .passed:
            break
        }
        let out = systemOut(test)
        if !out.isEmpty { xml += "      <system-out>\(out)</system-out>\n" }
        xml += "    </testcase>\n"
        return xml
    }

    /// The first line of the attempt's first failure.
    private func headline(_ attempt: Attempt) -> String {
        let message = attempt.failures.first ?? attempt.failingStep?.failure ?? "failed"
        return String(message.split(separator: "\n", omittingEmptySubsequences: true).first ?? "failed")
    }

    /// Every failure message of the attempt, then its step trail.
    private func details(_ attempt: Attempt) -> String {
        var lines = attempt.failures
        if attempt.failures.isEmpty, let step = attempt.failingStep?.failure { lines.append(step) }
        if !attempt.steps.isEmpty {
            lines.append("Steps:")
            lines += attempt.steps.map(trailLine)
        }
        return lines.joined(separator: "\n")
    }

    private func trailLine(_ step: StepRecord) -> String {
        let mark: String
        switch step.outcome {
        case .passed: mark = "passed"
        case .failed: mark = "FAILED"
        case .expectedFailure: mark = "expected failure"
        }
        return "  \(oneLine(step.name)) — \(mark), \(formatDuration(step.duration))"
            + (step.outcome == .failed ? ": " + oneLine(step.failure ?? "") : "")
    }

    /// The steps (text from the run, escaped and defanged), then this renderer's own
    /// attachment lines, one per contained path (escaped only).
    private func systemOut(_ test: TestReport) -> String {
        var lines: [String] = []
        for (index, attempt) in test.attempts.enumerated() {
            if test.attempts.count > 1 { lines.append("Attempt \(index + 1): \(attempt.status.rawValue)") }
            lines += attempt.steps.map { text(trailLine($0)) }
            for path in attempt.steps.flatMap({ [$0.screenshot, $0.tree].compactMap { $0 } }) + attempt.files
            where RunFileRules.isContained(path) {
                lines.append(Escaping.xml(Self.attachmentMarker + "\(runFolder)/\(path)]]"))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// What starts an attachment line (Jenkins' and Azure DevOps' convention). Only
    /// ``systemOut(_:)`` writes it, for contained paths; text from the run cannot: see ``defang(_:)``.
    static let attachmentMarker = "[[ATTACHMENT|"

    /// Text from the run (a step name, a failure message) with any `[[ATTACHMENT|` broken by a
    /// zero-width space after the first `[`, so a CI server reading the XML never sees an
    /// attachment line the report did not write.
    static func defang(_ value: String) -> String {
        value.replacingOccurrences(of: "[[ATTACHMENT", with: "[\u{200B}[ATTACHMENT", options: .caseInsensitive)
    }

    /// A step's name or failure on one line of the trail: line breaks as `⏎`.
    private func oneLine(_ value: String) -> String {
        value.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: " ⏎ ")
    }

    private func attr(_ value: String) -> String { Escaping.xml(Self.defang(value), attribute: true) }
    /// Escaped text, `[[ATTACHMENT|` defanged.
    private func text(_ value: String) -> String { Escaping.xml(Self.defang(value)) }
    private func seconds(_ value: Double) -> String { String(format: "%.3f", value) }
}
