public import Foundation

extension BiDi {
    /// The `network` module: requests and responses as events, and intercepts that stop a
    /// request so this process continues, fulfils or fails it.
    public enum Network {
        /// Bytes on the wire: text, or base64 for anything else.
        public enum BytesValue: Codable, Sendable, Equatable {
            case string(String)
            case base64(String)

            /// `data` as base64.
            public static func bytes(_ data: Data) -> BytesValue { .base64(data.base64EncodedString()) }

            /// The bytes; `nil` for base64 that does not decode.
            public var data: Data? {
                switch self {
                case .string(let text): Data(text.utf8)
                case .base64(let text): Data(base64Encoded: text)
                }
            }

            private enum CodingKeys: String, CodingKey { case type, value }
            public init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                let value = try container.decode(String.self, forKey: .value)
                self = try container.decode(String.self, forKey: .type) == "base64" ? .base64(value) : .string(value)
            }
            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                switch self {
                case .string(let value):
                    try container.encode("string", forKey: .type)
                    try container.encode(value, forKey: .value)
                case .base64(let value):
                    try container.encode("base64", forKey: .type)
                    try container.encode(value, forKey: .value)
                }
            }
        }

        /// One HTTP header.
        public struct Header: Codable, Sendable, Equatable {
            public var name: String
            public var value: BytesValue
            public init(name: String, value: BytesValue) {
                self.name = name
                self.value = value
            }
            /// A header with a text value.
            public init(_ name: String, _ value: String) { self.init(name: name, value: .string(value)) }
        }

        /// Where an intercept stops a request.
        public enum InterceptPhase: String, Encodable, Sendable { case beforeRequestSent, responseStarted, authRequired }

        /// Which URLs an intercept stops: a URL pattern string, or its parts (`nil` matches anything).
        public enum URLPattern: Encodable, Sendable {
            case string(String)
            case pattern(protocol: String? = nil, hostname: String? = nil, port: String? = nil, pathname: String? = nil, search: String? = nil)

            private enum CodingKeys: String, CodingKey { case type, pattern, `protocol`, hostname, port, pathname, search }
            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                switch self {
                case .string(let pattern):
                    try container.encode("string", forKey: .type)
                    try container.encode(pattern, forKey: .pattern)
                case .pattern(let scheme, let hostname, let port, let pathname, let search):
                    try container.encode("pattern", forKey: .type)
                    try container.encodeIfPresent(scheme, forKey: .protocol)
                    try container.encodeIfPresent(hostname, forKey: .hostname)
                    try container.encodeIfPresent(port, forKey: .port)
                    try container.encodeIfPresent(pathname, forKey: .pathname)
                    try container.encodeIfPresent(search, forKey: .search)
                }
            }
        }

        /// `network.addIntercept`: requests matching `urlPatterns` (all when `nil`) in `contexts`
        /// (all when `nil`) stop at `phases`; each arrives as an event with `isBlocked: true`
        /// and waits for `continueRequest`, `provideResponse` or `failRequest`. Subscribe to the
        /// phase's event first, or blocked requests wait unseen.
        public struct AddIntercept: BiDiCommand {
            public static let method = "network.addIntercept"
            public var phases: [InterceptPhase]
            public var contexts: [String]?
            public var urlPatterns: [URLPattern]?
            public init(phases: [InterceptPhase], contexts: [String]? = nil, urlPatterns: [URLPattern]? = nil) {
                self.phases = phases
                self.contexts = contexts
                self.urlPatterns = urlPatterns
            }
            public struct Result: Decodable, Sendable {
                public let intercept: String
            }
        }

        /// `network.removeIntercept`.
        public struct RemoveIntercept: BiDiCommand {
            public static let method = "network.removeIntercept"
            public var intercept: String
            public init(intercept: String) { self.intercept = intercept }
        }

        /// `network.continueRequest`: lets a stopped request go on, optionally changed.
        public struct ContinueRequest: BiDiCommand {
            public static let method = "network.continueRequest"
            public var request: String
            public var url: String?
            public var method: String?
            public var headers: [Header]?
            public var body: BytesValue?
            public init(request: String, url: String? = nil, method: String? = nil, headers: [Header]? = nil, body: BytesValue? = nil) {
                self.request = request
                self.url = url
                self.method = method
                self.headers = headers
                self.body = body
            }
        }

        /// `network.provideResponse`: answers a stopped request with this response (nothing
        /// reaches the network in the `beforeRequestSent` phase).
        public struct ProvideResponse: BiDiCommand {
            public static let method = "network.provideResponse"
            public var request: String
            public var statusCode: Int?
            public var reasonPhrase: String?
            public var headers: [Header]?
            public var body: BytesValue?
            public init(request: String, statusCode: Int? = nil, reasonPhrase: String? = nil, headers: [Header]? = nil, body: BytesValue? = nil) {
                self.request = request
                self.statusCode = statusCode
                self.reasonPhrase = reasonPhrase
                self.headers = headers
                self.body = body
            }
        }

        /// `network.failRequest`: fails a stopped request as a network error.
        public struct FailRequest: BiDiCommand {
            public static let method = "network.failRequest"
            public var request: String
            public init(request: String) { self.request = request }
        }

        // MARK: Events

        /// A request as the events describe it.
        public struct RequestData: Decodable, Sendable {
            /// The request's id (for `continueRequest` and friends).
            public let request: String
            public let url: String
            public let method: String
            public let headers: [Header]
            public let headersSize: Int?
            public let bodySize: Int?
            public let destination: String?
        }

        /// A response as the events describe it.
        public struct ResponseData: Decodable, Sendable {
            public let url: String
            public let status: Int
            public let statusText: String
            public let fromCache: Bool
            public let headers: [Header]
            public let mimeType: String
            public let bytesReceived: Int?
            public let protocolName: String?

            private enum CodingKeys: String, CodingKey {
                case url, status, statusText, fromCache, headers, mimeType, bytesReceived
                case protocolName = "protocol"
            }
        }

        /// `network.beforeRequestSent`: a request is about to go out (`isBlocked`: an intercept holds it).
        public struct BeforeRequestSent: BiDiEvent {
            public static let method = "network.beforeRequestSent"
            public let context: String?
            public let isBlocked: Bool
            public let navigation: String?
            public let redirectCount: Int
            public let request: RequestData
            public let timestamp: Double
            /// The intercepts that hold it, when blocked.
            public let intercepts: [String]?
        }

        /// `network.responseCompleted`: a response has arrived whole.
        public struct ResponseCompleted: BiDiEvent {
            public static let method = "network.responseCompleted"
            public let context: String?
            public let isBlocked: Bool
            public let navigation: String?
            public let redirectCount: Int
            public let request: RequestData
            public let timestamp: Double
            public let response: ResponseData
        }

        /// `network.fetchError`: a request failed (refused, aborted, failed by an intercept, …).
        public struct FetchError: BiDiEvent {
            public static let method = "network.fetchError"
            public let context: String?
            public let isBlocked: Bool
            public let navigation: String?
            public let redirectCount: Int
            public let request: RequestData
            public let timestamp: Double
            public let errorText: String
        }
    }

    /// The `log` module: console messages and uncaught errors.
    public enum Log {
        /// `log.entryAdded`: a `console` call (`type` "console", with `method` and `args`) or an
        /// uncaught exception (`type` "javascript").
        public struct EntryAdded: BiDiEvent {
            public static let method = "log.entryAdded"
            /// `"debug"`, `"info"`, `"warn"` or `"error"`.
            public let level: String
            public let source: Source
            public let text: String?
            public let timestamp: Double
            public let type: String
            /// The console method (`"log"`, `"error"`, …) of a console entry.
            public let method: String?
            public let args: [RemoteValue]?

            public struct Source: Decodable, Sendable {
                public let realm: String
                public let context: String?
            }
        }
    }
}
