import Foundation
import Synchronization
import Testing
import UIAutomation

/// Routes: the page's requests answered, changed or failed by the test, in the real browser
/// (issue 43).
@Suite("Routes")
struct RouteTests {
    @Test func routesFulfilFetchXHRImagesAndEventStreams() async throws {
        let png = FileManager.default.temporaryDirectory.appendingPathComponent("route-\(UUID().uuidString).png")
        try Self.onePixelPNG.write(to: png)
        defer { try? FileManager.default.removeItem(at: png) }
        try await withApp("/network") { (app) async throws in
            let result = app.staticTexts["result"]
            try await app.route("**/api/items*") { _ in .fulfill(json: ["items": ["a", "b"]]) }
            try await app.route("**/api/xhr") { _ in .fulfill(status: 202, body: "from a route") }
            try await app.route("**/picture.png") { _ in .fulfill(file: png.path) }
            try await app.route("**/__events") { _ in
                .fulfill(headers: ["Content-Type": "text/event-stream"], body: "data: one\n\ndata: two\n\nretry: 60000\n\n")
            }
            try await app.buttons["fetch"].tap()
            #expect(try await result.label == #"200 {"items":["a","b"]}"#)
            try await app.buttons["xhr"].tap()
            #expect(try await result.label == "xhr 202 from a route")
            try await app.buttons["image"].tap()
            // An image is no request the idle wait counts (only fetch/XHR are): wait for its outcome.
            try await result.expect(try ElementPredicate(format: "label == 'image 1x1'"))
            try await app.buttons["stream"].tap()
            #expect(try await app.staticTexts["two"].waitForExistence(timeout: 5))
            #expect(try await app.staticTexts["one"].exists)
            #expect(app.routes.map(\.handledCount) == [1, 1, 1, 1])
        }
    }

    @Test func theHandlerSeesMethodURLHeadersAndBodyAndCanChangeOrAbortTheRequest() async throws {
        try await withApp("/network") { (app) async throws in
            let result = app.staticTexts["result"]
            let seen = Mutex<RouteRequest?>(nil)
            try await app.route("**/api/items") { request in
                seen.withLock { $0 = request }
                // On to another page of the same server, as a GET.
                return .continue(url: request.url.replacingOccurrences(of: "/api/items", with: "/nav/second"), method: "GET", body: nil)
            }
            try await app.buttons["post"].tap()
            let request = try #require(seen.withLock { $0 })
            #expect(request.method == "POST")
            #expect(request.url.hasSuffix("/api/items"))
            #expect(request.header("x-lab") == "yes" && request.header("Content-Type") == "application/json")
            #expect(request.bodyText == #"{"name":"Ada"}"#)
            #expect(request.resourceType == .xhr, "the browser does not tell fetch from XHR here")
            #expect(try await result.label.hasPrefix("200 <!doctype html>"), "the changed request reached /nav/second")

            try await app.route("**/api/items*") { _ in .abort(.connectionRefused) }
            try await app.buttons["fetch"].tap()
            #expect(try await result.label == "failed TypeError")
            let found1 = app.pageSignals.contains { $0.kind == .failedRequest && $0.message.contains("ERR_CONNECTION_REFUSED") }
            #expect(found1, "\(app.pageSignals)")
        }
    }

    @Test func theNewestRouteDecidesFirstFallbackPassesOnAndUnrouteRemoves() async throws {
        try await withApp("/network") { (app) async throws in
            let result = app.staticTexts["result"]
            let first = try await app.route("**/api/items*") { _ in .fulfill(body: "first") }
            let second = try await app.route("**/api/items*") { _ in .fulfill(body: "second") }
            try await app.route(URLPattern { $0.contains("page=1") }) { _ in .fallback }
            try await app.buttons["fetch"].tap()
            // The label is written once the body is read, which the idle wait counts: read at once.
            #expect(try await result.label == "200 second")
            try await app.unroute(second)
            try await app.buttons["fetch"].tap()
            #expect(try await result.label == "200 first")
            #expect(first.handledCount == 1 && second.handledCount == 1 && app.routes.count == 2)
            try await app.unroute("**/api/items*")
            try await app.buttons["fetch"].tap()
            #expect(try await result.label == "404 not found")  // no route left: the server answers
            try await app.unrouteAll()
            #expect(app.routes.isEmpty)
        }
    }

    @Test func routesAddedBeforeLaunchAnswerItsFirstDocument() async throws {
        let app = Application(host: try await FixtureHost.page("/basics"))
        try await app.route("**/basics") { _ in
            .fulfill(status: 500, headers: ["Content-Type": "text/html"], body: "<h1 data-testid=\"down\">Server error</h1>")
        }
        try await Application.terminatingLaunchedApps {
            try await app.launch()
            #expect(try await app.staticTexts["down"].label == "Server error")
            let found2 = app.pageSignals.contains { $0.kind == .failedRequest && $0.message.contains("500") }
            #expect(found2, "\(app.pageSignals)")
            // The route belongs to the application: it stays for later launches until removed.
            try await app.unroute("**/basics")
            try await app.launch()
            #expect(try await app.staticTexts["title"].label == "Animals")
        }
    }

    @Test func aHandlerThatThrowsOrHangsFailsItsRequestAndTheStep() async throws {
        struct Broken: Error, CustomStringConvertible { var description: String { "the test's stub broke" } }
        var configuration = Configuration()
        configuration.routeTimeout = .milliseconds(500)
        try await withConfiguredApp("/network", configuration) { (app) async throws in
            let result = app.staticTexts["result"]
            try await app.route("**/api/items*") { _ in throw Broken() }
            let thrown = try #require(await #expect(throws: UIAutomationError.self) {
                try await withExpectedFailures { try await app.buttons["fetch"].tap() }
            })
            #expect(thrown.reason.kind == .pageErrors)
            #expect(thrown.reason.signals.first?.contains(#"routeFailure: route "**/api/items*" for GET "#) == true, "\(thrown)")
            #expect(thrown.reason.signals.first?.hasSuffix("its handler threw: the test's stub broke") == true, "\(thrown)")
            #expect(try await result.label == "failed TypeError")

            try await app.route("**/api/xhr") { _ in
                try? await Task.sleep(for: .seconds(3_600))   // ignores cancellation: the limit still holds
                return .continue
            }
            let started = ContinuousClock.now
            let hung = try #require(await #expect(throws: UIAutomationError.self) {
                try await withExpectedFailures { try await app.buttons["xhr"].tap() }
            })
            #expect(ContinuousClock.now - started < .seconds(5), "failed at the route limit, not at the idle timeout")
            #expect(hung.reason.signals.first?.contains("its handler did not answer within 500 ms") == true, "\(hung)")
            #expect(try await result.label == "xhr failed")
        }
    }

    @Test func routesAnswerCrossOriginRequestsAndTheirPreflightsAsPlaywrightsDo() async throws {
        try await withApp("/cors") { (app) async throws in
            let result = app.staticTexts["result"]
            let methods = Mutex<[String]>([])
            let api = try await app.route("http://api.lab.invalid/**") { request in
                methods.withLock { $0.append(request.method) }
                return .fulfill(json: ["id": 1])
            }
            // No CORS header in the route's answer: the page's origin is allowed for it.
            try await app.buttons["get"].tap()
            #expect(try await result.label == #"GET 200 {"id":1}"#)
            // The PUT's preflight is answered without asking the route; then the PUT is the route's.
            try await app.buttons["put"].tap()
            #expect(try await result.label == #"PUT 200 {"id":1}"#)
            #expect(methods.withLock { $0 } == ["GET", "PUT"], "routes never see a preflight")
            #expect(api.handledCount == 2)

            // A route that names another origin is believed: the browser refuses the response.
            try await app.route("http://api.lab.invalid/**") { _ in
                .fulfill(headers: ["access-control-allow-origin": "http://elsewhere.invalid"], body: "not for you")
            }
            try await app.buttons["get"].tap()
            #expect(try await result.label == "failed TypeError")
        }
    }

    @Test func globsMatchAsPlaywrightsDo() {
        let api: URLPattern = "**/api/*"
        #expect(api.matches("http://127.0.0.1:8080/api/items?page=2"))
        #expect(api.matches("http://127.0.0.1:8080/api/items#top"))
        #expect(!api.matches("http://127.0.0.1:8080/api/items/7"))
        #expect(!api.matches("http://127.0.0.1:8080/apix/items"))
        let host: URLPattern = "http://127.0.0.1:*/**"
        #expect(host.matches("http://127.0.0.1:9/a/b.png") && !host.matches("https://127.0.0.1:9/"))
        let images: URLPattern = "**/*.{png,jpg}"
        #expect(images.matches("http://x/a/b.png") && images.matches("http://x/c.jpg") && !images.matches("http://x/c.gif"))
        let literal: URLPattern = "**/search?q=a.b"
        #expect(literal.matches("http://x/search?q=a.b") && !literal.matches("http://x/search?q=aXb"))
        #expect(URLPattern { $0.hasSuffix("/x") }.matches("http://h/x#frag"))
        #expect(URLPattern.all.matches("about:blank"))
    }

    /// A 1×1 PNG.
    static let onePixelPNG = Data(base64Encoded:
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")!
}

/// Network conditions and network waits, in the real browser (issue 43).
@Suite("Network conditions and waits")
struct NetworkWaitTests {
    @Test func waitForResponseAndRequestReturnWhatTheActionCaused() async throws {
        try await withApp("/network") { (app) async throws in
            try await app.route("**/api/items*") { _ in .fulfill(status: 201, headers: ["X-From": "route"], body: "made") }
            let response = try await app.waitForResponse("**/api/items*") { try await app.buttons["fetch"].tap() }
            #expect(response.status == 201 && response.url.hasSuffix("/api/items?page=1") && response.method == "GET")
            #expect(response.responseHeader("x-from") == "route")
            let request = try await app.waitForRequest(URLPattern { $0.hasSuffix("/api/items") }) { try await app.buttons["post"].tap() }
            #expect(request.method == "POST" && request.requestBody == #"{"name":"Ada"}"# && request.status == nil)

            let thrown = try #require(await #expect(throws: UIAutomationError.self) {
                try await withExpectedFailures { try await app.waitForResponse("**/never", timeout: 0.3) }
            })
            #expect(thrown.reason.kind == .timedOut)
            #expect(thrown.description.contains(#"app.waitForResponse("**/never", timeout: 0.3): timed out after 300 ms waiting for a response to a URL matching "**/never""#),
                    "\(thrown)")
        }
    }

    @Test func waitsMatchAMethodAndReadTheResponsesBody() async throws {
        try await withApp("/cors") { (app) async throws in
            try await app.route("http://api.lab.invalid/**") { request in
                try await Task.sleep(for: .milliseconds(200))  // a slow answer: the body is read once it is all in
                return .fulfill(status: request.method == "PUT" ? 404 : 200, json: ["error": "no comment \(request.method)"])
            }
            let response = try await app.waitForResponse("**/comments/*", method: "PUT") { try await app.buttons["put"].tap() }
            #expect(response.status == 404 && response.method == "PUT")
            #expect(response.requestHeader("content-type") == "application/json" && response.requestBody == #"{"name":"Ada"}"#)
            #expect(try await app.responseText(of: response) == #"{"error":"no comment PUT"}"#)
            let get = try await app.waitForResponse("**/comments/*", method: "get") { try await app.buttons["get"].tap() }
            #expect(get.status == 200 && get.method == "GET")

            let thrown = try #require(await #expect(throws: UIAutomationError.self) {
                try await withExpectedFailures {
                    try await app.waitForRequest("**/comments/*", method: "DELETE", timeout: 0.3) { try await app.buttons["get"].tap() }
                }
            })
            #expect(thrown.description.contains(#"timed out after 300 ms waiting for a DELETE request to a URL matching "**/comments/*""#),
                    "\(thrown)")
        }
        // A response from the server itself (no route), read the same way.
        try await withApp("/network") { (app) async throws in
            let response = try await app.waitForResponse("**/api/items*") { try await app.buttons["fetch"].tap() }
            #expect(response.status == 404)
            #expect(try await app.responseText(of: response) == "not found")
        }
    }

    @Test func offlineFailsRequestsAndDocumentsUntilTheNetworkIsBack() async throws {
        try await withApp("/network") { (app) async throws in
            let result = app.staticTexts["result"]
            try await app.setNetworkConditions(.offline)
            try await app.buttons["fetch"].tap()
            #expect(try await result.label == "failed TypeError")
            let thrown = try #require(await #expect(throws: UIAutomationError.self) {
                try await withExpectedFailures { try await app.reload() }
            })
            #expect(thrown.reason.browserFailure?.kind == .navigationFailed, "\(thrown)")
            try await app.setNetworkConditions(.normal)
            try await app.reload()
            try await app.buttons["fetch"].tap()
            #expect(try await result.label == "404 not found")
        }
    }

    @Test func aThrottledNetworkAddsItsLatency() async throws {
        try await withApp("/network") { (app) async throws in
            let timing = "(async () => { const t = performance.now(); await (await fetch('/basics', {cache: 'no-store'})).text(); return performance.now() - t })()"
            try await app.setNetworkConditions(.throttled(latency: .milliseconds(400)))
            let slow = try await app.evaluate(timing, as: Double.self)
            #expect(slow >= 380, "a request takes at least the latency: \(slow) ms")
            try await app.setNetworkConditions(.normal)
            let fast = try await app.evaluate(timing, as: Double.self)
            #expect(fast < slow, "\(fast) ms after, \(slow) ms throttled")
        }
    }
}
