import Foundation
import RealWorldSupport
import UIAutomation

/// `cypress/e2e/2-advanced-examples/navigation.cy.js`, case by case. Its `beforeEach` visits
/// the home page, opens the navbar's Commands menu and picks Navigation (a page load).
enum NavigationSpec {
    static let pathname = "cy.location('pathname') is read with a script on both sides (UIAutomation has no URL property; Playwright's side waits with wait_for_function)"
    static let noCacheReload = "cy.reload(true) (without the cache): neither UIAutomation's reload() nor Playwright's reload() has that option; both reload normally"
    static let visitHooks = "cy.visit's onBeforeLoad check cannot run before the page's scripts on our side; both ports check typeof window after the load"

    /// The describe block's beforeEach (after the visit of "/": the launch).
    @Sendable static func openNavigationPage(_ app: Application) async throws {
        try await tap(app.get(.button, ".navbar-nav a")["Commands"])
        try await tap(app.get(.link, ".dropdown-menu a")["Navigation"])
    }

    static let all: [BenchCase] = [
        BenchCase("Navigation › cy.go() - go back or forward in the browser's history", notes: [pathname]) { app in
            try await openNavigationPage(app)
            try await expectPath(app, includes: "navigation")
            try await step("goBack") { try await app.goBack() }
            try await expectPath(app, includes: "navigation", false)
            try await step("goForward") { try await app.goForward() }
            try await expectPath(app, includes: "navigation")
            try await step("goBack") { try await app.goBack() }  // cy.go(-1)
            try await expectPath(app, includes: "navigation", false)
            try await step("goForward") { try await app.goForward() }  // cy.go(1)
            try await expectPath(app, includes: "navigation")
        },
        BenchCase("Navigation › cy.reload() - reload the page", notes: [noCacheReload]) { app in
            try await openNavigationPage(app)
            try await step("reload") { try await app.reload() }
            try await step("reload") { try await app.reload() }
        },
        BenchCase("Navigation › cy.visit() - visit a remote url", notes: [visitHooks]) { app in
            try await openNavigationPage(app)
            try await step("open /commands/navigation") { try await app.open("/commands/navigation") }
            try await checkOnce(app, "window is an object", "typeof window === 'object'")
        },
    ]
}
