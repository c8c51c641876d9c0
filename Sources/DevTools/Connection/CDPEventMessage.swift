public import Foundation

/// One event as it arrived: its name, the session it belongs to, and its raw JSON.
/// Decode the parameters with ``decode(_:)`` when you need them.
public struct CDPEventMessage: Sendable {
    /// The event name, e.g. `"Page.loadEventFired"`.
    public let method: String
    /// The flat session it was sent on; `nil` for browser-level events.
    public let sessionId: String?
    /// The whole message as received.
    public let json: Data

    /// Decodes the parameters as the typed event `E`.
    public func decode<E: CDPEvent>(_ type: E.Type = E.self) throws -> E {
        do {
            return try JSONDecoder().decode(EventEnvelope<E>.self, from: json).params
        } catch {
            throw DevToolsError.unexpectedResponse(method: method, reason: String(describing: error))
        }
    }
}

struct EventEnvelope<Params: Decodable>: Decodable {
    let params: Params
}
