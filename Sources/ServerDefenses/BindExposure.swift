/// What binding an address beyond loopback exposes, said out loud, and URLs that are right for
/// every address family. `lab serve` and `lab messages-api` print ``warning(host:port:exposed:)``
/// on standard error before they bind, and every URL they print comes from ``url(host:port:)``.
public enum BindExposure {
    /// Whether `host` is a loopback address or name (`127.0.0.0/8`, `::1`, `localhost`):
    /// only processes of this machine can connect.
    public static func isLoopback(_ host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name == "localhost" || name == "::1" || name == "0:0:0:0:0:0:0:1" { return true }
        let octets = name.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    /// `http://host:port`, with an IPv6 address in brackets (RFC 3986 §3.2.2): `http://[::1]:8080`.
    public static func url(host: String, port: Int) -> String {
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "http://\(bracketed):\(port)"
    }

    /// The warning for a bind beyond loopback (`nil` for loopback): what is exposed, to whom,
    /// that the Host check is no access control, and how to restrict it.
    ///
    /// - Parameter exposed: what the server serves, e.g. `the Messages API (read and write)`.
    public static func warning(host: String, port: Int, exposed: String) -> String? {
        guard !isLoopback(host) else { return nil }
        let scope = ["0.0.0.0", "::", "[::]", ""].contains(host) ? "every network interface of this machine" : "the address \(host)"
        return """
            warning: binding \(scope) (--host \(host)) exposes \(exposed) on port \(port) to every machine \
            that can reach it, with no authentication: anyone there can read everything and post.
              The Host check is not access control: it refuses other host names (421) against DNS \
            rebinding, but a peer that sends `Host: 127.0.0.1` passes it.
              To restrict it: bind 127.0.0.1 (the default) and reach it through an SSH tunnel \
            (ssh -L \(port):127.0.0.1:\(port) this-host), or bind one private address and let a \
            firewall admit only the machines that need it.

            """
    }
}
