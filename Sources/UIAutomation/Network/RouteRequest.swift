public import Foundation

/// A request the page made that a route is asked to handle: method, URL, headers, body, and
/// what kind of resource it is for.
public struct RouteRequest: Sendable, CustomStringConvertible {
    /// `GET`, `POST`, ….
    public let method: String
    /// The whole URL (with its fragment, if the page's URL had one).
    public let url: String
    /// The request headers, as the browser is about to send them.
    public let headers: [String: String]
    /// The body, if it has one.
    public let body: Data?
    /// What the request is for.
    public let resourceType: ResourceType

    /// A request as the engine reports it.
    package init(method: String, url: String, headers: [String: String], body: Data?, resourceType: ResourceType) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.resourceType = resourceType
    }

    /// The body as UTF-8 text, if it has one.
    public var bodyText: String? { body.map { String(decoding: $0, as: UTF8.self) } }

    /// The header `name`, whatever its case.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// `GET http://…`.
    public var description: String { "\(method) \(url)" }

    /// Whether this is the browser's CORS preflight (an `OPTIONS` asking whether a cross-origin
    /// request may be sent), which routes are not asked about.
    var isCORSPreflight: Bool {
        method == "OPTIONS" && header("Access-Control-Request-Method") != nil
    }

    /// The page's origin when this request goes to another origin (`Origin` names one that is
    /// not the URL's); `nil` for a same-origin request or one without `Origin`.
    var crossOrigin: String? {
        guard let origin = header("Origin")?.trimmingCharacters(in: .whitespaces), origin != "null",
              let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
              scheme.hasPrefix("http"), let host = components.host?.lowercased() else { return nil }
        let own = "\(scheme)://\(host)" + (components.port.map { ":\($0)" } ?? "")
        return origin.lowercased() == own ? nil : origin
    }

    /// What a request is for. A struct of constants, so new types break no `switch`.
    public struct ResourceType: Hashable, Sendable, CustomStringConvertible {
        /// The name the browser uses (`Document`, `Fetch`, …).
        public let description: String
        /// A struct for the browser's name of a type.
        package init(_ name: String) { description = name }

        /// A page (a navigation, or a frame's).
        public static let document = ResourceType("Document")
        /// `fetch()`, where the engine tells it apart (Chromium's `Fetch` domain reports
        /// `fetch()` as ``xhr``).
        public static let fetch = ResourceType("Fetch")
        /// `XMLHttpRequest`, and with the DevTools engine `fetch()` too.
        public static let xhr = ResourceType("XHR")
        /// `EventSource` (server-sent events; told by its `Accept: text/event-stream`).
        public static let eventSource = ResourceType("EventSource")
        /// A script.
        public static let script = ResourceType("Script")
        /// A style sheet.
        public static let stylesheet = ResourceType("Stylesheet")
        /// An image.
        public static let image = ResourceType("Image")
        /// A font.
        public static let font = ResourceType("Font")
        /// A WebSocket's opening request.
        public static let webSocket = ResourceType("WebSocket")
        /// A CORS preflight (`OPTIONS`); routes are not asked about these (see ``Application/route(_:file:line:handler:)``).
        public static let preflight = ResourceType("Preflight")
        /// Anything else.
        public static let other = ResourceType("Other")
    }
}
