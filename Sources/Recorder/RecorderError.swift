/// Why a recording could not go on.
public enum RecorderError: Error, CustomStringConvertible {
    case notRunning
    case script(String)
    case timedOut(String)

    public var description: String {
        switch self {
        case .notRunning: return "the app is not running"
        case .script(let message): return "the capture script failed: \(message)"
        case .timedOut(let what): return "timed out \(what)"
        }
    }
}
