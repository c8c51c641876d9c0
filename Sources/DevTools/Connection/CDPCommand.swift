public import Foundation

/// A CDP method as a type: its parameters are the struct's properties, its reply is `Response`.
///
/// ```swift
/// let version = try await connection.send(CDP.Browser.GetVersion())
/// print(version.product)
/// ```
public protocol CDPCommand: Encodable, Sendable {
    /// What the browser answers; ``CDP/Empty`` for methods with no result.
    associatedtype Response: Decodable & Sendable = CDP.Empty
    /// The CDP method name, e.g. `"Page.navigate"`.
    static var method: String { get }
    /// The result in a whole reply message (`{"id":…,"result":{…}}`). The default decodes it
    /// with `JSONDecoder`; a command whose replies are large and read often reads them by hand.
    static func result(ofReply message: Data) throws -> Response
}

extension CDPCommand {
    public static func result(ofReply message: Data) throws -> Response {
        try JSONDecoder().decode(ReplyEnvelope<Response>.self, from: message).result
    }
}

/// A CDP event as a type: its parameters are the struct's properties.
public protocol CDPEvent: Decodable, Sendable {
    /// The CDP event name, e.g. `"Page.loadEventFired"`.
    static var method: String { get }
}

/// Namespace of the typed CDP domains (`CDP.Page.Navigate`, `CDP.Runtime.Evaluate`, …).
public enum CDP {
    /// The result of a method that returns nothing (and the parameters of one that takes nothing).
    public struct Empty: Codable, Sendable, Equatable {
        public init() {}
    }
}
