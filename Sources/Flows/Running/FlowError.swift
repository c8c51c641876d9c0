/// Why a run failed, where (the scenario path and the step), and the path that led there.
/// When a step's own error caused it, ``underlying`` is that error — for a UI step,
/// UIAutomation's failure with its query, reason, element tree and screenshot.
public struct FlowError: Error, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable {
        /// A step threw and has no failure transition (or the error cannot be routed: a
        /// scenario-state mistake).
        case stepFailed(any Error)
        /// The run took more steps than its budget allows.
        case stepBudgetExceeded(limit: Int)
        /// The run took longer than its budget allows.
        case timeBudgetExceeded(limit: Duration)
        /// The scenario declared its exits, and exited elsewhere.
        case unexpectedExit(step: String, result: FlowResult)
        /// A scenario declares an input that its initial state does not hold.
        case missingInput(key: String)
        /// A scenario exited without storing a declared output.
        case missingOutput(key: String)
    }

    public let reason: Reason
    /// The scenario it happened in, outermost first.
    public let scenarioPath: [String]
    /// The step it happened at, if any.
    public let step: String?
    /// The outermost scenario's trace, up to the failure (sub-scenarios nested).
    public internal(set) var trace: FlowTrace

    /// The step's own error, when a step failed.
    public var underlying: (any Error)? {
        if case .stepFailed(let error) = reason { return error }
        return nil
    }

    public var description: String {
        var text = "scenario " + scenarioPath.map { "\"\($0)\"" }.joined(separator: " › ") + " failed"
        if let step { text += " at step \"\(step)\"" }
        text += ": " + reasonText
        text += "\nPath taken (\(trace.scenario)):\n" + trace.pathDescription()
        if let underlying { text += "\n\nThe step's failure:\n\(underlying)" }
        return text
    }

    private var reasonText: String {
        switch reason {
        case .stepFailed(let error): return FlowTraceEntry.firstLine(error)
        case .stepBudgetExceeded(let limit): return "took more than its budget of \(limit) steps"
        case .timeBudgetExceeded(let limit): return "took longer than its budget of \(limit.flowFormatted)"
        case .unexpectedExit(let step, let result):
            return "exited after \"\(step)\" on \(result.descriptionWithType), which is not a declared exit (no transition matches that result)"
        case .missingInput(let key): return "needs the input \"\(key)\", which the initial state does not hold"
        case .missingOutput(let key): return "exited without storing its output \"\(key)\""
        }
    }

    /// Whether a failure transition may route it: a step's own failure, an unexpected exit
    /// or a missing output of a sub-scenario; never a budget or a state mistake.
    var isRoutable: Bool {
        switch reason {
        case .stepFailed(let error): return !(error is ScenarioStateError)
        case .unexpectedExit, .missingOutput: return true
        case .stepBudgetExceeded, .timeBudgetExceeded, .missingInput: return false
        }
    }
}
