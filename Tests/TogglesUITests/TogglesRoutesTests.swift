import Foundation
import LabKit
import Testing
import TogglesApp
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The app's HTTP routes, without a browser: what the toggles screen's script and its
/// no-script form post send, and clear errors for bad requests.
@Suite("Toggles: routes")
struct TogglesRoutesTests {
    private func send(_ url: String, method: String = "GET", body: String? = nil, fetch: Bool = false) async throws -> (status: Int, text: String, url: String) {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        }
        if fetch { request.setValue("1", forHTTPHeaderField: "X-Lab-Fetch") }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as? HTTPURLResponse
        return (http?.statusCode ?? 0, String(decoding: data, as: UTF8.self), http?.url?.path ?? "")
    }

    private func withServer(_ body: (LabServer) async throws -> Void) async throws {
        let server = try await LabServer.start(apps: [TogglesApp()])
        do {
            try await body(server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test func aScriptPostGetsNoContentAndTheScreensShowTheNewState() async throws {
        try await withServer { server in
            #expect(try await send(server.url("/toggles/switches/airplaneMode"), method: "POST", body: "on=1", fetch: true).status == 204)
            let screen = try await send(server.url("/toggles/switches"))
            #expect(screen.status == 200)
            #expect(screen.text.contains(#">3 of 5 on<"#))
            #expect(try await send(server.url("/toggles")).text.contains(#">3 of 5 on<"#))
        }
    }

    @Test func aFormPostWithoutScriptsRedirectsToTheToggles() async throws {
        try await withServer { server in
            let reply = try await send(server.url("/toggles/switches/wifi"), method: "POST", body: "on=0")
            #expect(reply.status == 200)
            #expect(reply.url == "/toggles/switches")
            #expect(reply.text.contains(#">1 of 5 on<"#))
        }
    }

    @Test func badRequestsGetClearErrorsAndChangeNothing() async throws {
        try await withServer { server in
            let cases: [(path: String, body: String, status: Int)] = [
                ("/toggles/switches/noSuchToggle", "on=1", 404),
                ("/toggles/switches/wifi", "on=yes", 400),
                ("/toggles/switches/wifi", "", 400),
                ("/toggles/switches/personalHotspot", "on=1", 409),
                ("/toggles/switches/sounds", "on=1", 409),  // hidden while Notifications is off
            ]
            for item in cases {
                let reply = try await send(server.url(item.path), method: "POST", body: item.body, fetch: true)
                #expect(reply.status == item.status, "\(item.path) \(item.body): \(reply.status) \(reply.text)")
            }
            #expect(try await send(server.url("/toggles/switches")).text.contains(#">2 of 5 on<"#))
        }
    }
}
