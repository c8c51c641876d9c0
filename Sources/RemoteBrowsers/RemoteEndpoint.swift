import DevTools
import Foundation
import UIAutomation

/// An endpoint URL as given (`http://user:password@host:port/path`), split into the URL to
/// send requests to, a Basic `Authorization` header from its user info, and a name for
/// messages without the password.
struct RemoteEndpoint: Sendable {
    let url: URL
    let headers: [String: String]
    let name: String

    init(_ text: String, schemes: Set<String>) throws(RemoteBrowserError) {
        guard var components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              schemes.contains(scheme), let host = components.host, !host.isEmpty else {
            throw .invalidSource("\(text) is not a \(schemes.sorted().joined(separator: " or ")) URL with a host")
        }
        var headers: [String: String] = [:]
        if let user = components.user {
            let credentials = user + ":" + (components.password ?? "")  // URLComponents decodes them
            headers["Authorization"] = "Basic " + Data(credentials.utf8).base64EncodedString()
        }
        components.user = nil
        components.password = nil
        guard scheme != "https" && scheme != "wss" || ClientTLS.isAvailable else {
            throw .invalidSource("\(components.string ?? scheme + "://" + host): \(ClientTLS.missingTrait)")
        }
        while components.path.hasSuffix("/") { components.path.removeLast() }
        guard let url = components.url else { throw .invalidSource("\(text) is not a URL") }
        self.url = url
        self.headers = headers
        self.name = url.absoluteString
    }

    /// `url` followed by `path` (which starts with `/`).
    func appending(_ path: String) -> URL {
        URL(string: url.absoluteString + path) ?? url
    }
}
