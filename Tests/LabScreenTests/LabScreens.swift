import AnimalsApp
import LabKit
import LabTesting
import MessagesApp
import TogglesApp
import TriviaApp
import UIAutomation

/// Every screen of the lab apps, as a test reaches it: which app, and what to do after launch.
struct LabScreen: Sendable, CustomStringConvertible {
    let name: String
    let app: @Sendable () throws -> any LabApp
    let arguments: [String]
    let reach: @Sendable (Application) async throws -> Void

    var description: String { name }

    static let all: [LabScreen] = [
        LabScreen(name: "animals-gallery", app: { AnimalsApp() }, arguments: [], reach: { _ in }),
        LabScreen(name: "animals-favorites", app: { AnimalsApp() }, arguments: ["-favorites", "lion"], reach: { _ in }),
        LabScreen(name: "animals-filter", app: { AnimalsApp() }, arguments: [], reach: { app in
            try await app.buttons[AnimalsIdentifiers.filterButton].tap()
        }),
        LabScreen(name: "animals-detail", app: { AnimalsApp() }, arguments: [], reach: { app in
            try await app.cells[AnimalsIdentifiers.cell("lion")].tap()
        }),
        LabScreen(name: "trivia-question", app: { try TriviaApp() }, arguments: [], reach: { _ in }),
        LabScreen(name: "trivia-answered", app: { try TriviaApp() }, arguments: [], reach: { app in
            try await app.buttons[TriviaIdentifiers.answerA].tap()
        }),
        LabScreen(name: "toggles-root", app: { TogglesApp() }, arguments: [], reach: { _ in }),
        LabScreen(name: "toggles-switches", app: { TogglesApp() }, arguments: [], reach: { app in
            try await app.open("/toggles/switches")
        }),
        LabScreen(name: "messages-home", app: { MessagesApp() }, arguments: mock, reach: { _ in }),
        LabScreen(name: "messages-add", app: { MessagesApp() }, arguments: mock, reach: { app in
            try await app.links[MessagesIdentifiers.addMessageRow].tap()
        }),
        LabScreen(name: "messages-find", app: { MessagesApp() }, arguments: mock, reach: { app in
            try await app.links[MessagesIdentifiers.findMessagesRow].tap()
        }),
        LabScreen(name: "messages-all", app: { MessagesApp() }, arguments: mock, reach: { app in
            try await app.links[MessagesIdentifiers.allMessagesRow].tap()
        }),
    ]

    private static let mock = [MessagesComposition.mockArgument, "YES"]

    /// Launches the screen's app and reaches the screen; `body` runs on it; the app is
    /// terminated after.
    func withScreen(_ body: (Application) async throws -> Void) async throws {
        let app = Application(host: LabAppHost(app: try self.app()), configuration: .lab)
        app.launchArguments = arguments
        try await app.launch()
        do {
            try await reach(app)
            try await body(app)
        } catch {
            await app.terminate()
            throw error
        }
        await app.terminate()
    }
}
