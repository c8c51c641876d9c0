import Foundation
public import NIOCore
#if TLS
import NIOSSL
#endif

/// TLS for the connections to browsers elsewhere: `wss://` here, `https://` in
/// RemoteBrowsers. Present only when the package is built with its `TLS` trait, which compiles
/// swift-nio-ssl (BoringSSL: 406 C files, about three minutes of a fresh build on two cores);
/// without it `wss://` and `https://` fail with a typed error saying how to turn it on.
package enum ClientTLS {
    #if TLS
    /// The client context: certificates checked against the system's trust roots.
    package typealias Context = NIOSSLContext
    #else
    /// Stands in for NIOSSL's context in a build without TLS; never made.
    package struct Context: Sendable {}
    #endif

    /// Why a secure connection cannot be made, and what to do about it.
    package struct Unavailable: Error, CustomStringConvertible {
        package let description: String
    }

    /// Whether this build speaks TLS.
    package static var isAvailable: Bool {
        #if TLS
        true
        #else
        false
        #endif
    }

    /// What a build without TLS says of `wss://` and `https://`.
    package static let missingTrait = """
        this build leaves TLS out; build the package with its TLS trait (swift build --traits TLS, \
        or traits: ["TLS"] on the dependency) for https:// and wss://
        """

    /// The context every secure connection uses, made once (loading the trust roots is slow).
    package static func context() throws(Unavailable) -> Context {
        #if TLS
        switch shared {
        case .success(let context): return context
        case .failure(let error): throw Unavailable(description: "TLS cannot be set up (\(error))")
        }
        #else
        throw Unavailable(description: missingTrait)
        #endif
    }

    /// Puts the TLS handler first in `channel`'s pipeline, naming `host` to the server (SNI)
    /// unless it is an address literal. Call it on the channel's event loop.
    package static func addHandler(_ context: Context, to channel: any Channel, host: String) throws {
        #if TLS
        let serverName = isIPAddress(host) ? nil : host
        try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: context, serverHostname: serverName), position: .first)
        #else
        throw Unavailable(description: missingTrait)
        #endif
    }

    #if TLS
    private static let shared = Result { try NIOSSLContext(configuration: .makeClientConfiguration()) }

    private static func isIPAddress(_ host: String) -> Bool {
        var v4 = in_addr(), v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }
    #endif
}
