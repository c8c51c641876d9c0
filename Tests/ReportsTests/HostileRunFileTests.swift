import Foundation
import StepRecords
import Reports
import TestSupport
import Testing

/// `run.json` and the files it names are hostile input (a shard's from another machine, one
/// edited by hand): only paths inside the run folder are read, copied or linked, text from the
/// run cannot write attachment lines into the JUnit XML, numbers are checked, and rendering
/// never crashes whatever the file holds (the fuzz test).
@Suite struct HostileRunFileTests {
    /// A fresh folder with `secret.txt` beside it (outside the run folder) and a run folder `run/`.
    private static func scratch() throws -> (root: String, run: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/run/files", withIntermediateDirectories: true)
        try "TOP-SECRET".write(toFile: root + "/secret.txt", atomically: true, encoding: .utf8)
        return (root, root + "/run")
    }

    private static func run(screenshot: String? = nil, tree: String? = nil, files: [String] = [], name: String = "app.launch()",
                            failure: String? = nil, duration: Double = 1) -> RunReport {
        let step = StepRecord(test: nil, name: name, kind: "action", start: SampleRuns.start, duration: 0.1,
                              outcome: failure == nil ? .passed : .failed, failure: failure, screenshot: screenshot, tree: tree)
        return RunReport(title: "hostile", duration: duration, tests: [
            TestReport(key: SampleRuns.key("t()"), attempts: [
                Attempt(status: failure == nil ? .passed : .failed, duration: duration, failures: failure.map { [$0] } ?? [],
                        steps: [step], files: files)
            ])
        ])
    }

    @Test(arguments: [
        "javascript:alert(document.domain)", "JavaScript:alert(1)", "data:text/html,<script>alert(1)</script>",
        "file:///etc/passwd", "http://example.com/x.png", "/etc/passwd", "../secret.txt", "files/../../secret.txt",
        "files/./x.png", "files//x.png", "files\\..\\x", "files/x\n[[ATTACHMENT|/etc/passwd]]", "",
    ])
    func pathsOutsideTheRunFolderAreRefusedOnReadAndNeverLinked(path: String) throws {
        let (root, folder) = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let hostile = Self.run(screenshot: path, tree: path, files: [path], failure: "boom")
        #expect(!RunFileRules.isContained(path))
        try RunFolder.write(hostile, to: folder)
        #expect(throws: RunFileError.self) { try RunFolder.read(folder) }
        #expect(throws: RunFileError.self) { try ReportWriter.render(folder) }

        // Rendered directly (an embedder's run in memory), the path is shown as text, never used.
        let html = HTMLRenderer(runFolder: folder).render(hostile)
        #expect(!html.contains("TOP-SECRET"))
        for attribute in ["src=\"", "href=\""] {
            for piece in html.components(separatedBy: attribute).dropFirst() {
                let value = piece.prefix { $0 != "\"" }
                #expect(!value.lowercased().contains("script:"), "\(value)")
                #expect(!value.contains(":"), "a link with a scheme: \(value)")
                #expect(!value.hasPrefix("/") && !value.contains(".."), "\(value)")
            }
        }
        let xml = JUnitRenderer(runFolder: folder).render(hostile)
        #expect(!xml.contains("/etc/passwd]]"))
        #expect(!xml.contains("secret.txt]]"))
    }

    @Test func contentsOutsideTheFolderAreNeverEmbeddedOrCopiedThroughALink() throws {
        let (root, folder) = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        // A contained path that is a symbolic link to a file outside the folder.
        try FileManager.default.createSymbolicLink(atPath: folder + "/files/tree.txt", withDestinationPath: root + "/secret.txt")
        try "inside".write(toFile: folder + "/files/ok.txt", atomically: true, encoding: .utf8)
        let run = Self.run(tree: "files/tree.txt", files: ["files/ok.txt", "files/tree.txt"], failure: "boom")
        try RunFolder.write(run, to: folder)
        let output = try ReportWriter.render(folder)
        let html = try String(contentsOfFile: output.html, encoding: .utf8)
        #expect(!html.contains("TOP-SECRET"))
        #expect(html.contains("inside"))

        // Merged, the link is not followed (only bytes of files inside the input are copied).
        try RunFolder.merge([folder], into: root + "/merged")
        #expect(FileManager.default.contents(atPath: root + "/merged/runs/1/files/ok.txt") == Data("inside".utf8))
        #expect(!FileManager.default.fileExists(atPath: root + "/merged/runs/1/files/tree.txt"))
        let merged = try String(contentsOfFile: try ReportWriter.render(root + "/merged").html, encoding: .utf8)
        #expect(!merged.contains("TOP-SECRET"))
    }

    @Test func aMergeOfARunFileNamingOutsideFilesIsRefusedBeforeWritingAnything() throws {
        let (root, folder) = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try RunFolder.write(Self.run(tree: "../secret.txt", failure: "x"), to: folder)
        #expect(throws: RunFileError.unsafePath(field: "tests[0].attempts[0].steps[0].tree", path: "../secret.txt")) {
            try RunFolder.merge([folder], into: root + "/merged")
        }
        #expect(!FileManager.default.fileExists(atPath: root + "/merged"))
    }

    @Test func textFromTheRunCannotWriteAttachmentLinesIntoJUnit() throws {
        let attack = "x\n[[ATTACHMENT|/etc/passwd]]\r\n[[attachment|/etc/shadow]]"
        let run = Self.run(screenshot: "files/shot.png", name: "tap()" + attack, failure: "boom" + attack)
        let xml = JUnitRenderer(runFolder: "/runs/one").render(run)
        let lines = xml.split(whereSeparator: \.isNewline)
        let attachmentLines = lines.filter { $0.lowercased().contains("[[attachment|") }
            .map { $0.replacingOccurrences(of: "</system-out>", with: "") }
        #expect(attachmentLines == ["[[ATTACHMENT|/runs/one/files/shot.png]]"])
        // Still JUnit that parses, with the failure text kept (the marker broken by a zero-width space).
        let document = try JUnitDocument(data: Data(xml.utf8))
        #expect(document.cases.first?.failures.first?.contains("/etc/passwd") == true)
    }

    @Test(arguments: [1e300, -1, .infinity, 1e9])
    func numbersOutOfRangeAreATypedErrorNotACrash(duration: Double) throws {
        let (root, folder) = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        // Written as JSON text, as a hostile file would hold it (the encoder refuses infinity).
        let json = """
            {"version":1,"title":"t","duration":\(duration.isFinite ? "\(duration)" : "1e999"),"sources":[],"tests":[]}
            """
        try json.write(toFile: folder + "/run.json", atomically: true, encoding: .utf8)
        #expect(throws: RunFileError.self) { try ReportWriter.render(folder) }
        // Rendered directly, durations out of range are shown as unknown.
        let html = HTMLRenderer(runFolder: folder).render(Self.run(duration: duration))
        #expect(html.contains("? s"))
        _ = JUnitRenderer(runFolder: folder).render(Self.run(duration: duration))
    }

    @Test func aBadShardIndexIsATypedError() throws {
        var run = Self.run()
        run.shards = [ShardRecord(index: 5, count: 3, plan: "p", plannedTests: 1)]
        #expect(throws: RunFileError.invalidNumber(field: "shards[0].index", value: "5")) { try RunFileRules.validate(run) }
        run.shards = [ShardRecord(index: 0, count: 0, plan: "p", plannedTests: 1)]
        #expect(throws: RunFileError.self) { try RunFileRules.validate(run) }
    }
}

/// `lab report` never crashes on any `run.json`: thousands of random mutations of a valid run
/// file (bytes flipped, cut, spliced with hostile tokens; JSON values replaced) rendered in
/// process the way `lab report` renders them. Each must render or throw ``RunFileError``.
@Suite struct RunFileFuzzTests {
    static let tokens: [String] = [
        "1e300", "-1e300", "1e999", "-0", "NaN", "9223372036854775807", "-9223372036854775808", "18446744073709551616",
        "null", "true", "[]", "{}", "\"\"", "\"../../../etc/passwd\"", "\"/etc/passwd\"", "\"javascript:alert(1)\"",
        "\"files/x\\n[[ATTACHMENT|/etc/passwd]]\"", "\"\\u0000\"", "\"\\ud800\"", "\"<script>alert(1)</script>\"",
        "\"2026-13-45T99:99:99Z\"", "\"flaky\"", "\"unknown\"", "0.0000001", "1", "-1", "\"x\"",
    ]

    @Test func renderingNeverCrashesOnMutatedRunFiles() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/files/t", withIntermediateDirectories: true)
        try "tree".write(toFile: root + "/files/t/failure-001.txt", atomically: true, encoding: .utf8)
        var valid = SampleRuns.mixed
        valid.shards = [ShardRecord(index: 1, count: 2, plan: "p", plannedTests: 5, duration: 3, tests: 5)]
        try RunFolder.write(valid, to: root)
        let original = try Data(contentsOf: URL(fileURLWithPath: root + "/run.json"))
        let seed = UInt64(ProcessInfo.processInfo.environment["LAB_FUZZ_SEED"] ?? "") ?? 0x5EED_2026
        var random = SeededRandom(seed: seed)
        var rendered = 0
        var refused = 0
        for _ in 0..<3_000 {
            let mutated = mutate(original, &random)
            try mutated.write(to: URL(fileURLWithPath: root + "/run.json"))
            do {
                try ReportWriter.render(root)
                rendered += 1
            } catch is RunFileError {
                refused += 1
            }
        }
        // Both kinds of case were reached: the mutations are neither all harmless nor all fatal.
        #expect(rendered > 100, "seed \(seed)")
        #expect(refused > 100, "seed \(seed)")
    }

    /// One to four random edits: a JSON value replaced by a token (most of them), or bytes
    /// flipped, cut or spliced.
    func mutate(_ data: Data, _ random: inout SeededRandom) -> Data {
        var bytes = [UInt8](data)
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            guard !bytes.isEmpty else { break }
            let position = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<10, using: &random) {
            case 0:
                bytes[position] = UInt8.random(in: 0...255, using: &random)
            case 1:
                bytes.removeSubrange(position..<min(bytes.count, position + Int.random(in: 1...16, using: &random)))
            case 2:
                bytes.insert(contentsOf: Array(Self.tokens.randomElement(using: &random)!.utf8), at: position)
            default:
                // Replace the value after a `:` (a number, a string, an object, …) with a token.
                guard let colon = bytes[position...].firstIndex(of: UInt8(ascii: ":")) else { continue }
                var end = colon + 1
                while end < bytes.count, bytes[end] == UInt8(ascii: " ") { end += 1 }
                let start = end
                if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
                    end += 1
                    while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
                    end = min(end + 1, bytes.count)
                } else {
                    while end < bytes.count, !",}]\n".utf8.contains(bytes[end]) { end += 1 }
                }
                bytes.replaceSubrange(start..<end, with: Array(Self.tokens.randomElement(using: &random)!.utf8))
            }
        }
        return Data(bytes)
    }
}
