import DevTools
import Foundation
import LabSupport

/// Turns the page's console calls, uncaught exceptions and the browser's log entries about it
/// (`Runtime.consoleAPICalled`, `Runtime.exceptionThrown`, `Log.entryAdded`) into
/// ``PageSignal``s in a ``PageSignalLog``. It observes on the connection's thread, so once any
/// reply from the page is in, every signal the page sent before it is in the log: a step's
/// signals are complete when its last call to the page has returned.
///
/// CSP violations come from the browser's log (`source: security`), not from the
/// `securitypolicyviolation` DOM event: the log entry is there for every kind of violation
/// (inline style attributes, blocked scripts, blocked connections), needs no script in the
/// page, and arrives before the page could even see the event.
final class PageSignalCollector: Sendable {
    private let observation: EventObservation

    /// The events it turns into signals.
    static let methods: Set<String> = [
        CDP.Runtime.ConsoleAPICalled.method, CDP.Runtime.ExceptionThrown.method, CDP.Log.EntryAdded.method,
    ]

    /// The commands a page must have had for the events to come (sent when it is prepared).
    static var enableCommands: [any CDPCommand] { [CDP.Runtime.Enable(), CDP.Log.Enable()] }

    init(page: PageSession, log: PageSignalLog) {
        observation = page.session.observeEvents(methods: Self.methods) { event in
            if let signal = Self.signal(from: event) { log.append(signal) }
        }
    }

    func stop() { observation.cancel() }

    /// The signal an event makes, if any.
    static func signal(from event: CDPEventMessage) -> PageSignal? {
        switch event.method {
        case CDP.Runtime.ConsoleAPICalled.method:
            guard let call = try? event.decode(CDP.Runtime.ConsoleAPICalled.self) else { return nil }
            let isError = call.type == "error" || call.type == "assert"
            let frame = call.stackTrace?.callFrames.first
            return PageSignal(
                kind: isError ? .consoleError : .console, level: call.type == "warning" ? "warn" : call.type,
                message: call.args.map(text(of:)).joined(separator: " "),
                url: frame.map(\.url).flatMap { $0.isEmpty ? nil : $0 }, line: frame.map { $0.lineNumber + 1 })
        case CDP.Runtime.ExceptionThrown.method:
            guard let thrown = try? event.decode(CDP.Runtime.ExceptionThrown.self) else { return nil }
            let details = thrown.exceptionDetails
            // The description's first line (`Error: boom`); the stack lines after it name our
            // evaluation wrappers as often as the page's code.
            let message = details.exception?.description.map { String($0.split(separator: "\n", omittingEmptySubsequences: false).first ?? "") }
                ?? details.exception?.value.flatMap(\.text) ?? details.text
            return PageSignal(kind: .uncaughtException, level: "error", message: message,
                              url: details.url, line: details.lineNumber + 1)
        case CDP.Log.EntryAdded.method:
            guard let entry = try? event.decode(CDP.Log.EntryAdded.self).entry else { return nil }
            switch entry.source {
            case "security" where entry.text.contains("Content Security Policy"):
                return PageSignal(kind: .cspViolation, level: entry.level, message: entry.text, url: entry.url,
                                  line: entry.lineNumber.map { $0 + 1 })
            case "network" where entry.level == "error":
                return PageSignal(kind: .failedRequest, level: entry.level, message: entry.text, url: entry.url, line: nil)
            default:
                guard entry.level == "error" || entry.level == "warning" else { return nil }
                return PageSignal(kind: .console, level: entry.level == "warning" ? "warn" : entry.level,
                                  message: "[\(entry.source)] " + entry.text, url: entry.url, line: entry.lineNumber.map { $0 + 1 })
            }
        default:
            return nil
        }
    }

    /// A console argument as the console would print it.
    private static func text(of object: CDP.Runtime.RemoteObject) -> String {
        if let value = object.value {
            if case .string(let string) = value { return string }
            return value.text ?? "null"
        }
        return object.unserializableValue ?? object.description ?? object.type
    }
}
