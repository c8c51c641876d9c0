import Foundation
import LabSupport
import RealWorldSupport
import UIAutomation

/// `cypress/e2e/2-advanced-examples/network_requests.cy.js`, case by case. Its `beforeEach`
/// visits `/commands/network-requests`; every request it makes goes to
/// https://jsonplaceholder.cypress.io, which this machine cannot reach, so each case first adds
/// the stand-in route (``JSONPlaceholder``) — the server's part, not the spec's; the spec's own
/// `cy.intercept`s are routes and response waits over it.
enum NetworkSpec {
    static let path = "/commands/network-requests"
    static let api = JSONPlaceholder.origin

    // Steps this port makes another way than the spec, the same way on both sides (the table's
    // last column); docs/benchmarks.md lists them with what cannot be ported.
    static let standIn = "jsonplaceholder.cypress.io is out of reach: a route added at the start of the case (after the visit) "
        + "answers it from a data set the bench generates, by the same rules on both sides"
    static let requestFromPage = "cy.request() is sent by the test runner, outside the page (no CORS, no cy.intercept); "
        + "UIAutomation has no HTTP client of its own and Playwright's (APIRequestContext) passes no route, so neither could reach "
        + "the stand-in: both ports send the request with fetch() from the page, and the route answers it"
    static let aliases = "aliases (.as('user'), this.user, .as('post')) are local variables on both sides"
    static let spyAsWait = "cy.intercept(method, url).as(alias) without a handler + cy.wait('@alias') is "
        + "waitForResponse(url, method:) around the click (Playwright: expect_response with a predicate on the method)"
    static let delayBySleep = "delayMs: 500 is a 500 ms sleep in the route's handler (Playwright: time.sleep, then route.fulfill)"

    /// The stand-in for jsonplaceholder, as a route.
    static func addStandIn(_ app: Application) async throws {
        try await step("route \(JSONPlaceholder.glob) (stand-in)") { try await JSONPlaceholder.shared.get().install(on: app) }
    }

    /// What `cy.request` yields: status, body, headers and how long it took.
    struct PageResponse {
        let status: Int
        let body: JSONValue
        let headers: [String: JSONValue]
        let duration: Double?
    }

    /// `cy.request(method, url, body)`, sent with `fetch` from the page (JSON, as cy.request
    /// sends an object body); its response read whole.
    static func request(_ app: Application, _ url: String, method: String = "GET", json body: String? = nil) async throws -> PageResponse {
        let options = body.map { "{method: \(jsString(method)), headers: {'Content-Type': 'application/json'}, body: JSON.stringify(\($0))}" }
            ?? "{method: \(jsString(method))}"
        let script = """
            (async () => { const start = performance.now(); const r = await fetch(\(jsString(url)), \(options)); \
            const text = await r.text(); return JSON.stringify({status: r.status, headers: Object.fromEntries(r.headers), \
            duration: performance.now() - start, body: text ? JSON.parse(text) : null}) })()
            """
        let text = try await step("request \(method) \(url) (fetch in the page)") { try await app.evaluate(script, as: String.self) }
        let value = try JSONValue.parse(text)
        return PageResponse(status: value["status"]?.integer ?? 0, body: value["body"] ?? .null,
                            headers: value["headers"]?.object ?? [:], duration: value["duration"]?.number)
    }

    /// `cy.intercept(method, url).as(alias)` … `cy.wait('@alias')`: the response to the first
    /// matching request `trigger` makes.
    static func waitForResponse(_ app: Application, _ glob: String, method: String,
                                _ trigger: () async throws -> Void) async throws -> NetworkExchange {
        try await step("waitForResponse \(method) \(glob)") {
            try await app.waitForResponse(URLPattern(glob), method: method, during: trigger)
        }
    }

    /// `expect(…)` once (the spec's checks in a `.then` or over a yielded response are not retried against a new request).
    static func check(_ holds: Bool, _ expectation: String) throws {
        if !holds { throw ExpectationFailure(description: "expected \(expectation)") }
    }

    static let all: [BenchCase] = [
        BenchCase("Network Requests › cy.request() - make an XHR request", path: path, notes: [standIn, requestFromPage]) { app in
            try await addStandIn(app)
            let response = try await request(app, "\(api)/comments")
            try check(response.status == 200, "status 200, got \(response.status)")
            try check([500, 501].contains(response.body.array?.count ?? -1), "body.length one of [500, 501]")
            try check(response.duration != nil, "a duration")  // headers: always there
        },
        BenchCase("Network Requests › cy.request() - verify response using BDD syntax", path: path, notes: [standIn, requestFromPage]) { app in
            try await addStandIn(app)
            let response = try await request(app, "\(api)/comments")
            try check(response.status == 200, "status 200, got \(response.status)")
            try check([500, 501].contains(response.body.array?.count ?? -1), "body.length one of [500, 501]")
            try check(response.duration != nil, "keys headers, duration")
        },
        BenchCase("Network Requests › cy.request() with query parameters", path: path, notes: [standIn, requestFromPage]) { app in
            try await addStandIn(app)
            let response = try await request(app, "\(api)/comments?postId=1&id=3")
            guard let items = response.body.array else { throw ExpectationFailure(description: "expected body to be an array") }
            try check(items.count == 1, "body has length 1, got \(items.count)")
            try check(items[0]["postId"]?.integer == 1 && items[0]["id"]?.integer == 3, "body[0] contains {postId: 1, id: 3}")
        },
        BenchCase("Network Requests › cy.request() - pass result to the second request", path: path,
                  notes: [standIn, requestFromPage]) { app in
            try await addStandIn(app)
            let users = try await request(app, "\(api)/users?_limit=1")
            guard let userId = users.body[0]?["id"]?.number else { throw ExpectationFailure(description: "expected user.id to be a number") }
            let response = try await request(app, "\(api)/posts", method: "POST", json: """
                {userId: \(Int(userId)), title: 'Cypress Test Runner', \
                body: 'Fast, easy and reliable testing for anything that runs in a browser.'}
                """)
            try check(response.status == 201, "status 201, got \(response.status)")
            try check(response.body["title"] == .string("Cypress Test Runner"), "body contains {title: 'Cypress Test Runner'}")
            try check((response.body["id"]?.number ?? 0) > 100, "body.id a number > 100")
            try check(response.body["userId"]?.number != nil, "body.userId a number")
        },
        BenchCase("Network Requests › cy.request() - save response in the shared test context", path: path,
                  notes: [standIn, requestFromPage, aliases]) { app in
            try await addStandIn(app)
            let user = try await request(app, "\(api)/users?_limit=1").body[0] ?? .null  // .as('user')
            let post = try await request(app, "\(api)/posts", method: "POST", json: """
                {userId: \(user["id"]?.text ?? "null"), title: 'Cypress Test Runner', \
                body: 'Fast, easy and reliable testing for anything that runs in a browser.'}
                """).body  // .as('post')
            try check(post["userId"] != nil && post["userId"] == user["id"], "post has the right user id")
        },
        BenchCase("Network Requests › cy.intercept() - route responses to matching requests", path: path,
                  notes: [standIn, spyAsWait, delayBySleep]) { app in
            try await addStandIn(app)
            let message = "whoa, this comment does not exist"
            let get = try await waitForResponse(app, "**/comments/*", method: "GET") {
                try await tap(app.get(.button, ".network-btn").element)
            }
            try check([200, 304].contains(get.status ?? 0), "response.statusCode one of [200, 304], got \(get.status.map(String.init) ?? "none")")

            let post = try await waitForResponse(app, "**/comments", method: "POST") {
                try await tap(app.get(.button, ".network-post").element)
            }
            let posted = try await step("responseBody of POST") { try JSONValue.parse(try await app.responseBody(of: post)) }
            try check(post.requestBody?.contains("email") == true, "request.body includes 'email'")
            try check(post.requestHeader("content-type") != nil, "request.headers has content-type")
            try check(posted["name"] == .string("Using POST in cy.intercept()"), "response.body.name 'Using POST in cy.intercept()'")

            // cy.intercept({ method: 'PUT', url: '**/comments/*' }, { statusCode: 404, body: { error: message }, … delayMs: 500 })
            try await step("route PUT **/comments/*") {
                try await app.route("**/comments/*") { request in
                    guard request.method == "PUT" else { return .fallback }
                    try await Task.sleep(for: .milliseconds(500))
                    return .fulfill(status: 404, headers: ["access-control-allow-origin": "*"], json: ["error": message])
                }
            }
            _ = try await waitForResponse(app, "**/comments/*", method: "PUT") {
                try await tap(app.get(.button, ".network-put").element)
            }
            try await expectText(app.get(.staticText, ".network-put-comment").firstMatch, message, exact: false)
        },
    ]
}
