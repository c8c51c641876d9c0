import AnimalsApp
import LabTesting
import Testing
import UIAutomation

extension AnimalsJourneys {
    @Suite("Animals: launch state")
    struct LaunchStateTests {
        @Test func relaunchingStartsFromFreshState() async throws {
            let animal = try #require(Animals.all.first)
            let app = Application(host: LabAppHost(app: AnimalsApp()), configuration: .lab)
            try await app.launch()
            try await app.cell(animal).tap()
            try await app.favoriteButton.tap()
            try await app.backButton.tap()
            #expect(try await app.images[AnimalsIdentifiers.cellStar(animal.id)].exists)
            try await app.launch()  // like relaunching an iOS app: a new server, new state
            #expect(try await !app.images[AnimalsIdentifiers.cellStar(animal.id)].exists)
            await app.terminate()
        }

        @Test func scriptsInjectedIntoThePageDoNotRunButThePagesOwnDo() async throws {
            // The Content-Security-Policy admits inline code only with the response's nonce; the
            // violation fails the step that caused it, as the lab suites run (`Configuration.lab`).
            try await withAnimalsApp { (app) async throws in
                let blocked = try #require(await #expect(throws: UIAutomationError.self) {
                    try await withExpectedFailures {
                        try await app.run(javaScript: """
                            const injected = document.createElement('script');
                            injected.textContent = 'window.injectedRan = true';
                            document.body.append(injected);
                            """)
                    }
                })
                #expect(blocked.reason.kind == .pageErrors)
                #expect(blocked.reason.signals.first?.hasPrefix("cspViolation: ") == true, "\(blocked.reason.signals)")
                #expect(try await app.evaluate("window.injectedRan === true", as: Bool.self) == false)
                // The page's own scripts ran: the shell's script marks the document as ready.
                #expect(try await app.evaluate("document.querySelectorAll('script[nonce]').length > 0", as: Bool.self))
                try await app.favoritesToggle.tap()  // a control driven by the page's own script
            }
        }

        @Test func twoLaunchesAtOnceDoNotShareState() async throws {
            let first = try #require(Animals.all.first), last = try #require(Animals.all.last)
            try await withAnimalsApp(arguments: ["-favorites", first.id]) { (one) async throws in
                try await withAnimalsApp(environment: ["LAB_FAVORITES": last.id]) { (two) async throws in
                    try await one.favoritesToggle.tap()
                    try await two.favoritesToggle.tap()
                    #expect(try await Journey.shownAnimalIDs(one) == [first.id])
                    #expect(try await Journey.shownAnimalIDs(two) == [last.id])
                }
            }
        }
    }
}
