import AnimalsApp
import Foundation
import MessagesTestSupport
import Testing
import TogglesApp
import TestSupport

/// `lab serve`: every lab app under one origin, run as the real executable.
@Suite("lab serve", .heavyWork)
struct LabServeTests {
    @Test(arguments: [SIGTERM, SIGINT])
    func servesTheIndexTheAppsAndTheMessagesAPIThenStopsCleanly(_ signal: Int32) async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("data/messages.sqlite")  // its folder is created
        let service = try await SpawnedService(arguments: ["serve", "--port", "0", "--db", database.path])
        let client = service.client

        let index = try await client.get("/")
        #expect(index.status == 200)
        #expect(index.text.contains(#"href="/animals""#))
        #expect(index.text.contains(#"href="/proto/messages""#))
        #expect(index.text.contains(#"href="/trivia""#))
        #expect(index.text.contains(#"href="/toggles""#))

        let gallery = try await client.get("/animals")
        #expect(gallery.status == 200)
        for animal in Animals.all {
            #expect(gallery.text.contains(#"data-testid="\#(AnimalsIdentifiers.cell(animal.id))""#), "\(animal) missing")
        }

        // Toggles: every toggle is served, and a change lasts for the run.
        let wifi = TogglesIdentifiers.toggle(Toggles.wifi.id)
        let switches = try await client.get("/toggles/switches")
        #expect(switches.status == 200)
        for setting in Toggles.all where setting.parentID == nil {
            #expect(switches.text.contains(#"data-testid="\#(TogglesIdentifiers.toggle(setting.id))""#), "\(setting.id) missing")
        }
        #expect(openingTag(of: wifi, in: switches.text)?.contains(#"aria-checked="true""#) == true)
        let turnOff = try await client.post(Array("on=0".utf8), path: "/toggles/switches/\(Toggles.wifi.id)",
                                            contentType: "application/x-www-form-urlencoded")
        #expect(turnOff.status == 303)
        #expect(openingTag(of: wifi, in: try await client.get("/toggles/switches").text)?.contains(#"aria-checked="false""#) == true)

        #expect(try await client.post(messageBody(user: "eve", subject: "s", message: "m")).status == 201)
        #expect(try await client.get("/proto/messages/eve").status == 200)

        let exit = try await service.stop(signal: signal)
        #expect(exit == .exited(0), "lab serve should exit 0 on signal \(signal), got \(exit)")
        #expect(FileManager.default.fileExists(atPath: database.path))
    }

    /// The opening tag of the element whose `data-testid` is `identifier`.
    private func openingTag(of identifier: String, in html: String) -> Substring? {
        guard let attribute = html.range(of: #"data-testid="\#(identifier)""#),
              let start = html[..<attribute.lowerBound].lastIndex(of: "<"),
              let end = html[attribute.upperBound...].firstIndex(of: ">") else { return nil }
        return html[start...end]
    }
}
