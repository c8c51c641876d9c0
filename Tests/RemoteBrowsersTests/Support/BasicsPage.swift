import TestSupport
import UIAutomation

/// The one page the remote-browser tests open (`/basics`, a Save button), served by
/// TestSupport's fixture server: an app the remote browser can reach on loopback.
enum BasicsPage {
    private static let fixtures = SharedFixtureServer(pages: [
        "/basics": """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><title>Basics</title></head>
            <body><button data-testid="save">Save</button></body></html>
            """,
    ])

    /// A host whose launches open the page (launches take no arguments: it is a fixed URL).
    static func host() async throws -> URLHost {
        URLHost(try await fixtures.server().url("/basics"))
    }
}
