import Foundation
import TestSupport
import Testing
import UIAutomation

/// Recorded traffic (issue 43): a launch recorded to a HAR file, then replayed with its server
/// stopped.
@Suite("HAR record and replay")
struct HARTests {
    @Test func aLaunchRecordedToAHARIsReplayedWithItsServerStopped() async throws {
        let server = try await FixtureServer.start(pages: FixturePages.all)
        let har = FileManager.default.temporaryDirectory.appendingPathComponent("launch-\(UUID().uuidString).har").path
        defer { try? FileManager.default.removeItem(atPath: har) }

        let recording = Application(url: server.url("/network"))
        try await recording.recordHAR(to: har)  // before launch: the document is recorded too
        try await Application.terminatingLaunchedApps {
            try await recording.launch()
            try await recording.buttons["fetch"].tap()
            #expect(try await recording.staticTexts["result"].label == "404 not found")
            try await recording.buttons["xhr"].tap()
            #expect(try await recording.staticTexts["result"].label == "xhr 404 not found")
            let count = try await recording.stopRecordingHAR()
            #expect(count == 3, "the document, the fetch and the XHR")
        }
        let text = try String(contentsOfFile: har, encoding: .utf8)
        #expect(text.contains(#""version" : "1.2""#) && text.contains(server.url("/network")) && text.contains("/api/xhr"))
        await server.kill()

        let replay = Application(url: server.url("/network"))
        try await replay.routeFromHAR(har)
        try await Application.terminatingLaunchedApps {
            try await replay.launch()  // the server is gone: the document comes from the HAR
            try await replay.buttons["fetch"].tap()
            #expect(try await replay.staticTexts["result"].label == "404 not found")
            try await replay.buttons["xhr"].tap()
            #expect(try await replay.staticTexts["result"].label == "xhr 404 not found")
            try await replay.buttons["image"].tap()  // not in the HAR: failed
            // An image is no request the idle wait counts (only fetch/XHR are): wait for its outcome.
            try await replay.staticTexts["result"].expect(try ElementPredicate(format: "label == 'image failed'"))
        }
    }
}
