public import Foundation

/// The step logs UIAutomation writes while tests run (`<recording>/tests/<test>/steps.jsonl`,
/// one ``StepRecord`` as JSON per line, appended as each step ends).
public enum StepLog {
    /// The encoder for a log line: dates as ISO 8601 with fractions, keys sorted.
    public static func encode(_ step: StepRecord) throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.timeIntervalSince1970)
        }
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(step)
    }

    /// Decodes one line.
    public static func decode(_ line: Data) throws -> StepRecord {
        try decoder.decode(StepRecord.self, from: line)
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            Date(timeIntervalSince1970: try decoder.singleValueContainer().decode(Double.self))
        }
        return decoder
    }

    /// The key of steps recorded outside any known test.
    public static let outsideTests = TestKey(library: "none", suite: "(no test)", name: "steps outside tests")

    /// Every step log under `directory/tests/`, by test, steps in the order they started.
    /// Lines that do not decode (a process killed mid-write) are skipped.
    public static func readAll(in directory: String) throws -> [TestKey: [StepRecord]] {
        let tests = directory + "/tests"
        guard let folders = try? FileManager.default.contentsOfDirectory(atPath: tests) else { return [:] }
        var result: [TestKey: [StepRecord]] = [:]
        for folder in folders.sorted() {
            guard let data = FileManager.default.contents(atPath: tests + "/" + folder + "/steps.jsonl") else { continue }
            for line in data.split(separator: UInt8(ascii: "\n")) {
                guard let step = try? decode(Data(line)) else { continue }
                let key = step.test ?? outsideTests
                result[key, default: []].append(step)
            }
        }
        return result.mapValues { $0.sorted { $0.start < $1.start } }
    }
}
