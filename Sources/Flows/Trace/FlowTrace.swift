import LabSupport

/// The path one run of a scenario took: every step with its outcome, duration and state
/// changes, sub-scenarios nested, and how often each transition was taken.
///
/// A very long run keeps its last ``limit`` entries (``omittedEntries`` counts the others);
/// the transition counts are always complete.
public struct FlowTrace: Sendable {
    /// The scenario's description.
    public let scenario: String
    /// How many entries are kept at most.
    public let limit: Int
    /// How the scenario ended: the step it exited after and its result; `nil` if it failed.
    public internal(set) var exit: (step: String, result: FlowResult)?
    /// How many times each transition was taken.
    public internal(set) var transitionCounts: [Transition: Int] = [:]

    private var storage: [FlowTraceEntry] = []
    private var dropped = 0

    init(scenario: String, limit: Int) {
        self.scenario = scenario
        self.limit = max(1, limit)
    }

    /// The steps taken, oldest first (the last ``limit`` of them).
    public var entries: [FlowTraceEntry] { storage.count > limit ? Array(storage.suffix(limit)) : storage }

    /// How many earlier entries are no longer kept.
    public var omittedEntries: Int { dropped + max(0, storage.count - limit) }

    /// How many steps ran at this level (sub-scenarios' own steps not included).
    public var stepCount: Int { dropped + storage.count }

    mutating func append(_ entry: FlowTraceEntry) {
        if storage.count >= 2 * limit {
            storage.removeFirst(limit)
            dropped += limit
        }
        storage.append(entry)
    }

    /// Every recovered failure, sub-scenarios' included, oldest first.
    public var recoveries: [FlowTraceEntry] {
        entries.flatMap { entry -> [FlowTraceEntry] in
            var found = entry.nested?.recoveries ?? []
            if case .recovered = entry.outcome { found.append(entry) }
            return found
        }
    }

    /// The last `count` steps as lines, sub-scenarios indented under the step that ran them.
    public func pathDescription(last count: Int = 25) -> String {
        var lines: [String] = []
        appendLines(to: &lines, indent: "")
        let shown = lines.suffix(count)
        let hidden = lines.count - shown.count + omittedEntries
        return ((hidden > 0 ? ["  … \(hidden) earlier steps"] : []) + shown).joined(separator: "\n")
    }

    private func appendLines(to lines: inout [String], indent: String) {
        for entry in entries {
            lines.append(indent + "  " + entry.description)
            entry.nested?.appendLines(to: &lines, indent: indent + "    ")
        }
    }
}

/// One step of a run.
public struct FlowTraceEntry: Sendable, CustomStringConvertible {
    /// How a step ended.
    public enum Outcome: Sendable {
        /// It produced a result.
        case result(FlowResult)
        /// It failed, and its failure transition took over.
        case recovered(any Error)
        /// It failed, and so did the scenario.
        case failed(any Error)
    }

    /// The step's name.
    public let step: String
    /// How it ended.
    public let outcome: Outcome
    /// The step that ran next; `nil` when the scenario exited or failed here.
    public let next: String?
    /// When it started, from the start of its scenario's run.
    public let started: Duration
    /// How long it took.
    public let duration: Duration
    /// What it wrote to scenario state.
    public let stateChanges: [StateChange]
    /// A sub-scenario's own trace.
    public let nested: FlowTrace?

    /// The result, when the step produced one.
    public var result: FlowResult? {
        if case .result(let result) = outcome { return result }
        return nil
    }

    /// `hasMoreRows → orderedAscending → processRow (0.2 ms) [rowIndex = 1]`.
    public var description: String {
        var text = step
        switch outcome {
        case .result(let result): text += " → \(result)"
        case .recovered(let error): text += " → recovered from failure: \(Self.firstLine(error))"
        case .failed(let error): text += " → FAILED: \(Self.firstLine(error))"
        }
        text += next.map { " → \($0)" } ?? (result != nil ? " → exit" : "")
        text += " (\(duration.flowFormatted))"
        if !stateChanges.isEmpty { text += " [" + stateChanges.map(\.description).joined(separator: ", ") + "]" }
        return text
    }

    static func firstLine(_ error: any Error) -> String {
        let text = String(describing: error)
        return text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? text
    }
}

extension Duration {
    /// `1.25 s`, `12 ms`, `0.4 ms`, `850 ns`.
    var flowFormatted: String {
        let seconds = inSeconds
        switch seconds {
        case 1...: return "\((seconds * 100).rounded() / 100) s"
        case 1e-2...: return "\(Int((seconds * 1e3).rounded())) ms"
        case 1e-4...: return "\((seconds * 1e4).rounded() / 10) ms"
        default: return "\(Int((seconds * 1e6).rounded())) µs"
        }
    }
}
