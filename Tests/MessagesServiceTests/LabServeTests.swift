import AnimalsApp
import Foundation
import Testing

/// `lab serve`: every lab app under one origin, run as the real executable.
@Suite("lab serve")
struct LabServeTests {
    @Test(arguments: [SIGTERM, SIGINT])
    func servesTheIndexTheAnimalsAndTheMessagesAPIThenStopsCleanly(_ signal: Int32) async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("data/messages.sqlite")  // its folder is created
        let service = try await SpawnedService(arguments: ["serve", "--port", "0", "--db", database.path])
        let client = service.client

        let index = try await client.get("/")
        #expect(index.status == 200)
        #expect(index.text.contains(#"href="/animals""#))
        #expect(index.text.contains(#"href="/proto/messages""#))

        let gallery = try await client.get("/animals")
        #expect(gallery.status == 200)
        for animal in Animals.all {
            #expect(gallery.text.contains(#"data-testid="\#(AnimalsIdentifiers.cell(animal.id))""#), "\(animal) missing")
        }

        #expect(try await client.post(messageBody(user: "eve", subject: "s", message: "m")).status == 201)
        #expect(try await client.get("/proto/messages/eve").status == 200)

        let exit = try await service.stop(signal: signal)
        #expect(exit.reason == .exit && exit.status == 0, "lab serve should exit 0 on signal \(signal), got \(exit)")
        #expect(FileManager.default.fileExists(atPath: database.path))
    }
}
