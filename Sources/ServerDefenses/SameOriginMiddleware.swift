import HTTPTypes
public import Hummingbird

/// Which hosts a lab server answers to, and that state-changing requests come from its own
/// pages.
///
/// - **Host check** (against DNS rebinding): a request whose `Host` names no allowed host is
///   refused with 421 before any route runs, so a page on another site that rebinds its name
///   to 127.0.0.1 cannot read or change the store. Allowed: the loopback names and whatever
///   ``SameOriginPolicy/allowedHosts`` adds (the bind address, names given on the command line).
/// - **Cross-site requests** (CSRF): a POST, PUT, PATCH or DELETE that a browser marks as
///   coming from another site (`Sec-Fetch-Site: cross-site` or `same-site`), or whose `Origin`
///   is not this server's own, is refused with 403. Clients that are not browsers send neither
///   header and are not affected (the Messages app's own API client, curl, the tests).
public struct SameOriginMiddleware<Context: RequestContext>: RouterMiddleware {
    private let policy: SameOriginPolicy

    public init(policy: SameOriginPolicy) {
        self.policy = policy
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let authority = request.head.authority ?? ""
        // The first Host becomes the authority; any other is left among the fields. RFC 9112
        // §3.2: a request with more than one Host is a 400 (which one would the checks trust?).
        guard request.headers[.hostField] == nil else {
            throw HTTPError(.badRequest, message: "the request has more than one Host header")
        }
        guard policy.allows(authority: authority) else {
            throw HTTPError(.misdirectedRequest, message: "this server does not answer to the host \"\(authority)\"")
        }
        if Self.changesState(request.method) {
            if let site = request.headers[.secFetchSite], site != "same-origin", site != "none" {
                throw HTTPError(.forbidden, message: "cross-site request refused (Sec-Fetch-Site: \(site))")
            }
            if let origin = request.headers[.origin], origin != "http://\(authority)" {
                throw HTTPError(.forbidden, message: "cross-origin request refused (Origin: \(origin))")
            }
        }
        return try await next(request, context)
    }

    private static func changesState(_ method: HTTPRequest.Method) -> Bool {
        [.post, .put, .patch, .delete].contains(method)
    }
}

/// The hosts a server answers to: the loopback names always, plus ``allowedHosts``.
public struct SameOriginPolicy: Sendable, Equatable {
    /// Host names (without port) answered besides the loopback names; `*` answers any.
    public var allowedHosts: Set<String>

    /// The loopback names: `127.0.0.1`, `localhost`, `::1`.
    public static let loopbackHosts: Set<String> = ["127.0.0.1", "localhost", "::1"]

    /// A policy for a server bound to `bindHost` (a specific address is allowed as a name; the
    /// wildcards `0.0.0.0` and `::` add nothing), plus `extraHosts`.
    public init(bindHost: String = "127.0.0.1", extraHosts: [String] = []) {
        var hosts = Set(extraHosts.map { $0.lowercased() })
        if !["0.0.0.0", "::", ""].contains(bindHost) { hosts.insert(bindHost.lowercased()) }
        allowedHosts = hosts
    }

    /// Whether a request with this `Host` header value is answered.
    public func allows(authority: String) -> Bool {
        if allowedHosts.contains("*") { return true }
        let host = Self.hostName(of: authority).lowercased()
        return Self.loopbackHosts.contains(host) || allowedHosts.contains(host)
    }

    /// `example:8080` → `example`; `[::1]:8080` → `::1`.
    static func hostName(of authority: String) -> String {
        if authority.hasPrefix("["), let end = authority.firstIndex(of: "]") {
            return String(authority[authority.index(after: authority.startIndex)..<end])
        }
        return String(authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }
}

extension HTTPField.Name {
    /// `Host` as an ordinary field: where any Host beyond the first (the authority) lands.
    static let hostField = HTTPField.Name("Host")!
    static let secFetchSite = Self("Sec-Fetch-Site")!
}
