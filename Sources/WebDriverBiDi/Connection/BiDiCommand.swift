public import Foundation

/// A WebDriver BiDi command as a type: its parameters are the struct's properties, its
/// reply's `result` is `Result`.
///
/// ```swift
/// let tree = try await connection.send(BiDi.BrowsingContext.GetTree())
/// print(tree.contexts.map(\.url))
/// ```
public protocol BiDiCommand: Encodable, Sendable {
    /// What the browser answers; ``BiDi/Empty`` for commands whose result is `{}`.
    associatedtype Result: Decodable & Sendable = BiDi.Empty
    /// The command's name, e.g. `"browsingContext.navigate"`.
    static var method: String { get }
}

/// A WebDriver BiDi event as a type: its `params` are the struct's properties.
public protocol BiDiEvent: Decodable, Sendable {
    /// The event's name, e.g. `"browsingContext.load"`.
    static var method: String { get }
}

/// Namespace of the typed BiDi modules (`BiDi.BrowsingContext.Navigate`, `BiDi.Script.Evaluate`, …).
public enum BiDi {
    /// The result of a command that returns `{}` (and the parameters of one that takes nothing).
    public struct Empty: Codable, Sendable, Equatable {
        public init() {}
    }
}

/// One event as it arrived: its name and the whole message, decoded on demand.
public struct BiDiEventMessage: Sendable {
    /// The event's name, e.g. `"network.beforeRequestSent"`.
    public let method: String
    /// The whole message (`{"type":"event","method":…,"params":{…}}`).
    public let json: Data

    /// The event's parameters as `Event`; throws ``BiDiError/unexpectedResponse(method:reason:)``
    /// when they do not have its shape.
    public func decode<Event: BiDiEvent>(_ type: Event.Type) throws -> Event {
        do {
            return try JSONDecoder().decode(EventEnvelope<Event>.self, from: json).params
        } catch {
            throw BiDiError.unexpectedResponse(method: method, reason: String(describing: error))
        }
    }
}

// The wire format: {"id":n,"method":…,"params":{…}} out; {"type":"success","id":n,"result":{…}},
// {"type":"error","id":n|null,"error":code,"message":…,"stacktrace":…} and
// {"type":"event","method":…,"params":{…}} in.

struct CommandEnvelope<Params: Encodable>: Encodable {
    let id: Int
    let method: String
    let params: Params
}

struct MessageHeader: Decodable {
    let type: String?
    let id: Int?
    let method: String?
    let error: String?
    let message: String?
    let stacktrace: String?
}

struct ResultEnvelope<Result: Decodable>: Decodable {
    let result: Result
}

struct EventEnvelope<Params: Decodable>: Decodable {
    let params: Params
}
