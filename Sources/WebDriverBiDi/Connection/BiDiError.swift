public import DevTools
import Foundation

/// Everything that can go wrong between this process and a WebDriver BiDi browser, as one typed error.
///
/// Each case's `description` says what happened and, where it helps, what to do next.
public enum BiDiError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No Firefox binary was found. `searched` lists the places that were tried.
    case browserNotFound(searched: [String])
    /// The binary could not be started (`errno` of `execve`, `fork` or `pipe`).
    case launchFailed(path: String, errno: Int32)
    /// The browser started but did not announce its WebDriver BiDi endpoint (or did not open a
    /// session) within `after`. `output` is the end of what it printed.
    case launchTimedOut(path: String, after: Duration, output: String)
    /// The browser answered a command with an error (the spec's error code, its message and,
    /// when it sent one, its stack trace).
    case commandFailed(method: String, error: BiDiErrorCode, message: String, stacktrace: String?)
    /// No reply to `method` arrived within `after`.
    case timeout(method: String, after: Duration)
    /// The browser process exited; every pending and later command fails with this.
    case browserExited(status: ExitStatus, output: String)
    /// The connection was closed (by `close()`, or the WebSocket peer went away).
    case connectionClosed(reason: String)
    /// The WebSocket endpoint could not be reached or refused the upgrade.
    case webSocketFailed(url: String, reason: String)
    /// The peer sent something that is not a BiDi message.
    case malformedMessage(reason: String)
    /// A reply arrived but did not have the shape the command's result type expects (or the
    /// command's parameters could not be encoded).
    case unexpectedResponse(method: String, reason: String)
    /// Script run by `script.evaluate` or `script.callFunction` threw; `text` is the browser's
    /// description of the exception.
    case javaScriptException(text: String, line: Int?, column: Int?)

    public var description: String {
        switch self {
        case .browserNotFound(let searched):
            return """
                No Firefox found (looked in: \(searched.joined(separator: ", "))). \
                Install one with `apt-get install firefox-esr`, or set LAB_FIREFOX to a Firefox binary.
                """
        case .launchFailed(let path, let errno):
            return "Could not start \(path): \(String(cString: strerror(errno))) (errno \(errno))"
        case .launchTimedOut(let path, let after, let output):
            return "\(path) did not open a WebDriver BiDi session within \(after)." + Self.outputSuffix(output)
        case .commandFailed(let method, let error, let message, _):
            return "\(method) failed: \(error.rawValue)" + (message.isEmpty ? "" : " — \(message)")
        case .timeout(let method, let after):
            return "\(method) got no reply within \(after)"
        case .browserExited(let status, let output):
            return "The browser exited (\(status))." + Self.outputSuffix(output)
        case .connectionClosed(let reason):
            return "The WebDriver BiDi connection is closed: \(reason)"
        case .webSocketFailed(let url, let reason):
            return "WebSocket connection to \(url) failed: \(reason)"
        case .malformedMessage(let reason):
            return "Malformed message from the browser: \(reason)"
        case .unexpectedResponse(let method, let reason):
            return "Unexpected reply to \(method): \(reason)"
        case .javaScriptException(let text, let line, let column):
            return "JavaScript threw: \(text)" + (line.map { " (line \($0)" + (column.map { ", column \($0))" } ?? ")") } ?? "")
        }
    }

    /// The spec's error code, when the browser answered with an error.
    public var code: BiDiErrorCode? {
        if case .commandFailed(_, let error, _, _) = self { return error }
        return nil
    }

    private static func outputSuffix(_ output: String) -> String {
        output.isEmpty ? "" : " Last browser output:\n\(output)"
    }

    /// The transport's errors (DevTools' WebSocket) in this module's terms.
    static func from(transport error: any Error) -> BiDiError {
        switch error {
        case let error as BiDiError: return error
        case DevToolsError.webSocketFailed(let url, let reason): return .webSocketFailed(url: url, reason: reason)
        case DevToolsError.connectionClosed(let reason): return .connectionClosed(reason: reason)
        default: return .connectionClosed(reason: String(describing: error))
        }
    }
}

/// An error code of the WebDriver BiDi specification ("Errors"), as the browser sends it.
/// Codes the spec adds later keep their text (`rawValue`); the known ones have names.
public struct BiDiErrorCode: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    public static let invalidArgument = Self(rawValue: "invalid argument")
    public static let invalidSelector = Self(rawValue: "invalid selector")
    public static let invalidSessionID = Self(rawValue: "invalid session id")
    public static let invalidWebExtension = Self(rawValue: "invalid web extension")
    public static let moveTargetOutOfBounds = Self(rawValue: "move target out of bounds")
    public static let noSuchAlert = Self(rawValue: "no such alert")
    public static let noSuchElement = Self(rawValue: "no such element")
    public static let noSuchFrame = Self(rawValue: "no such frame")
    public static let noSuchHandle = Self(rawValue: "no such handle")
    public static let noSuchHistoryEntry = Self(rawValue: "no such history entry")
    public static let noSuchIntercept = Self(rawValue: "no such intercept")
    public static let noSuchNetworkCollector = Self(rawValue: "no such network collector")
    public static let noSuchNetworkData = Self(rawValue: "no such network data")
    public static let noSuchNode = Self(rawValue: "no such node")
    public static let noSuchRequest = Self(rawValue: "no such request")
    public static let noSuchScript = Self(rawValue: "no such script")
    public static let noSuchStoragePartition = Self(rawValue: "no such storage partition")
    public static let noSuchUserContext = Self(rawValue: "no such user context")
    public static let noSuchWebExtension = Self(rawValue: "no such web extension")
    public static let sessionNotCreated = Self(rawValue: "session not created")
    public static let unableToCaptureScreen = Self(rawValue: "unable to capture screen")
    public static let unableToCloseBrowser = Self(rawValue: "unable to close browser")
    public static let unableToSetCookie = Self(rawValue: "unable to set cookie")
    public static let unableToSetFileInput = Self(rawValue: "unable to set file input")
    public static let unavailableNetworkData = Self(rawValue: "unavailable network data")
    public static let underspecifiedStoragePartition = Self(rawValue: "underspecified storage partition")
    public static let unknownCommand = Self(rawValue: "unknown command")
    public static let unknownError = Self(rawValue: "unknown error")
    public static let unsupportedOperation = Self(rawValue: "unsupported operation")
}
