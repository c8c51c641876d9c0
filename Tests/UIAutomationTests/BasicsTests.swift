import Testing
import UIAutomation

@Suite("Queries and elements")
struct QueryTests {
    @Test func smoke() async throws {
        try await withApp("/basics") { app in
            print(try await app.treeDescription())
            #expect(try await app.buttons["save"].exists)
            #expect(try await app.cells.count == 3)
        }
    }
}
