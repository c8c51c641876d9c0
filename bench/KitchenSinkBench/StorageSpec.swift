import Foundation
import RealWorldSupport
import UIAutomation

/// `cypress/e2e/2-advanced-examples/storage.cy.js`, case by case. Its `beforeEach` visits
/// `/commands/storage`, whose button fills localStorage (prop1–3) and sessionStorage (prop4–6).
/// The storage is read and cleared through UIAutomation's web-only `app.localStorage` /
/// `app.sessionStorage`; Cypress's checks retry (`should(callback)`), so ours do.
enum StorageSpec {
    static let path = "/commands/storage"
    static let byScript = "Playwright has no localStorage verbs: its side clears and reads the storage with page.evaluate (getAllLocalStorage: context.storage_state())"

    static let local = ["prop1": "red", "prop2": "blue", "prop3": "magenta"]
    static let session = ["prop4": "cyan", "prop5": "yellow", "prop6": "black"]

    /// `cy.get('.ls-btn').click()`.
    static func populate(_ app: Application) async throws {
        try await tap(app.get(.button, ".ls-btn").element)
    }

    /// `should(() => { expect(localStorage.getItem(key)).to.eq(value) / .to.be.null … })`.
    static func expectItems(_ app: Application, _ area: WebStorage, _ expected: [(String, String?)]) async throws {
        let description = expected.map { "\($0.0)=\($0.1 ?? "null")" }.joined(separator: " ")
        try await expectEventually(app, description) {
            for (key, value) in expected {
                let seen = try await area.value(forKey: key)
                if seen != value { return "\(key)=\(seen ?? "null")" }
            }
            return nil
        }
    }

    /// `cy.getAllLocalStorage()` / `cy.getAllSessionStorage()` deep-equal to `{ origin: values }`.
    static func expectAll(_ app: Application, _ area: WebStorage, _ values: [String: String]) async throws {
        try await expectEventually(app, "all of the storage \(values)") {
            let origin = try await app.evaluate("location.origin", as: String.self)
            var stored: [String: String] = [:]
            for key in try await area.keys {
                stored[key] = try await area.value(forKey: key)
            }
            return mismatch([origin: stored], [origin: values])
        }
    }

    static let all: [BenchCase] = [
        BenchCase("Local Storage / Session Storage › cy.clearLocalStorage() - clear all data in localStorage for the current origin",
                  path: path, notes: [byScript]) { app in
            let full: [(String, String?)] = [("prop1", "red"), ("prop2", "blue"), ("prop3", "magenta")]
            try await populate(app)
            try await expectItems(app, app.localStorage, full)
            try await step("clear localStorage") { try await app.localStorage.removeAll() }
            try await expectItems(app, app.localStorage, [("prop1", nil), ("prop2", nil), ("prop3", nil)])
            try await populate(app)
            try await expectItems(app, app.localStorage, full)
            try await step("remove prop1") { try await app.localStorage.removeValue(forKey: "prop1") }
            try await expectItems(app, app.localStorage, [("prop1", nil), ("prop2", "blue"), ("prop3", "magenta")])
            try await populate(app)
            try await expectItems(app, app.localStorage, full)
            // clearLocalStorage(/prop1|2/)
            try await step("remove keys matching /prop1|2/") {
                for key in try await app.localStorage.keys where key.range(of: "prop1|2", options: .regularExpression) != nil {
                    try await app.localStorage.removeValue(forKey: key)
                }
            }
            try await expectItems(app, app.localStorage, [("prop1", nil), ("prop2", nil), ("prop3", "magenta")])
        },
        BenchCase("Local Storage / Session Storage › cy.getAllLocalStorage() - get all data in localStorage for all origins",
                  path: path, notes: [byScript]) { app in
            try await populate(app)
            try await expectAll(app, app.localStorage, local)
        },
        BenchCase("Local Storage / Session Storage › cy.clearAllLocalStorage() - clear all data in localStorage for all origins",
                  path: path, notes: [byScript]) { app in
            try await populate(app)
            try await step("clear localStorage") { try await app.localStorage.removeAll() }
            try await expectItems(app, app.localStorage, [("prop1", nil), ("prop2", nil), ("prop3", nil)])
        },
        BenchCase("Local Storage / Session Storage › cy.getAllSessionStorage() - get all data in sessionStorage for all origins",
                  path: path, notes: [byScript]) { app in
            try await populate(app)
            try await expectAll(app, app.sessionStorage, session)
        },
        BenchCase("Local Storage / Session Storage › cy.clearAllSessionStorage() - clear all data in sessionStorage for all origins",
                  path: path, notes: [byScript]) { app in
            try await populate(app)
            try await step("clear sessionStorage") { try await app.sessionStorage.removeAll() }
            try await expectItems(app, app.sessionStorage, [("prop4", nil), ("prop5", nil), ("prop6", nil)])
        },
    ]
}
