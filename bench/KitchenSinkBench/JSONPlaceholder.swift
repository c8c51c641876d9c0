import Foundation
import LabSupport
import UIAutomation

/// A stand-in for https://jsonplaceholder.cypress.io, the REST server the kitchen sink's
/// network spec talks to, which this machine cannot reach: a route answers its requests from
/// the data set kitchensink.sh generates (KITCHENSINK_API_DATA, a JSON file: `comments`,
/// `users`, `posts`). The same rules as bench/kitchensink_playwright.py's `JsonPlaceholder`,
/// json-server's as jsonplaceholder applies them:
///   - GET /<collection>            the items, filtered by each query key (`?postId=1&id=3`:
///                                  the field's value as text), at most `_limit` of them;
///   - GET /<collection>/<id>       that item, or 404 `{}`;
///   - POST /<collection>           201, the body (JSON or a form) with `id` one past the last;
///   - PUT /<collection>/<id>       200, the body with that `id`;
///   - anything else                404 `{}`;
/// every answer JSON, allowing the page's origin (`Access-Control-Allow-Origin`), as the real
/// server does. Nothing it is sent is kept (jsonplaceholder keeps nothing either).
struct JSONPlaceholder: Sendable {
    static let origin = "https://jsonplaceholder.cypress.io"
    /// The glob the route is added with.
    static let glob = origin + "/**"

    /// Collections by name.
    private let collections: [String: [JSONValue]]

    /// The data set at KITCHENSINK_API_DATA, read once.
    static let shared = Result { try load() }

    private static func load() throws -> JSONPlaceholder {
        guard let path = ProcessInfo.processInfo.environment["KITCHENSINK_API_DATA"] else {
            throw StandInError(description: "KITCHENSINK_API_DATA is not set: bench/kitchensink.sh generates the data set it names")
        }
        let data = try JSONDecoder().decode([String: [JSONValue]].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        return JSONPlaceholder(collections: data)
    }

    /// Adds the route that answers every request to the server.
    func install(on app: Application) async throws {
        try await app.route(URLPattern(Self.glob)) { request in self.answer(request) }
    }

    func answer(_ request: RouteRequest) -> RouteAction {
        guard let components = URLComponents(string: request.url) else { return reply(404, .object([:]), request) }
        let segments = components.path.split(separator: "/").map(String.init)
        guard let name = segments.first, let items = collections[name], segments.count <= 2,
              segments.count == 1 || Int(segments[1]) != nil else { return reply(404, .object([:]), request) }
        let id = segments.count == 2 ? Int(segments[1]) : nil
        switch (request.method, id) {
        case ("GET", nil):
            var found = items
            var limit: Int?
            for item in components.queryItems ?? [] {
                if item.name == "_limit" { limit = Int(item.value ?? "") } else { found = found.filter { $0[item.name]?.text == item.value } }
            }
            return reply(200, .array(Array(found.prefix(limit ?? found.count))), request)
        case ("GET", let id?):
            return items.first { $0["id"]?.integer == id }.map { reply(200, $0, request) } ?? reply(404, .object([:]), request)
        case ("POST", nil):
            return reply(201, .object(fields(of: request).merging(["id": .number(Double(items.count + 1))]) { _, new in new }), request)
        case ("PUT", let id?):
            return reply(200, .object(fields(of: request).merging(["id": .number(Double(id))]) { _, new in new }), request)
        default:
            return reply(404, .object([:]), request)
        }
    }

    /// The request's body as an object: JSON, or a form (`application/x-www-form-urlencoded`).
    private func fields(of request: RouteRequest) -> [String: JSONValue] {
        guard let body = request.body, !body.isEmpty else { return [:] }
        if request.header("Content-Type")?.contains("json") == true {
            return (try? JSONValue.parse(body))?.object ?? [:]
        }
        var form = URLComponents()
        form.percentEncodedQuery = String(decoding: body, as: UTF8.self).replacingOccurrences(of: "+", with: "%20")
        return Dictionary((form.queryItems ?? []).map { ($0.name, JSONValue.string($0.value ?? "")) }) { _, last in last }
    }

    private func reply(_ status: Int, _ value: JSONValue, _ request: RouteRequest) -> RouteAction {
        .fulfill(status: status, headers: [
            "Content-Type": "application/json; charset=utf-8",
            "Access-Control-Allow-Origin": request.header("Origin") ?? "*",
            "Access-Control-Allow-Credentials": "true",
        ], json: value)
    }
}

struct StandInError: Error, CustomStringConvertible {
    let description: String
}
