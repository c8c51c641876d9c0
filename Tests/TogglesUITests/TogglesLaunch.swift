import LabTesting
import Testing
import TogglesApp
import UIAutomation

/// Every Toggles UI suite is nested here and runs one test at a time (each test is a whole
/// app launch; see `AnimalsJourneys` for why a 2-core machine wants them serial).
@Suite("Toggles", .serialized)
enum TogglesJourneys {}

/// Launches the Toggles app with fresh state (a new server and a new browser context), runs
/// `body`, and always terminates it. It starts on the root screen ("Settings").
///
/// Write the closure as `{ (app) async throws in … }` (Swift 6.3 infers a closure whose
/// only `try`s are inside `#expect` as non-throwing).
func withTogglesApp(
    arguments: [String] = [], environment: [String: String] = [:], configuration: Configuration = .lab,
    _ body: (Application) async throws -> Void
) async throws {
    try await withLabApp(TogglesApp(), arguments: arguments, environment: environment, configuration: configuration, body)
}

/// The screens as queries, XCUITest page-object style.
extension Application {
    /// A toggle: the outer switch spanning its row.
    func toggle(_ setting: ToggleSetting) -> Element { switches[setting.identifier] }
    /// The inner switch at the trailing edge of a toggle's row.
    func innerSwitch(_ setting: ToggleSetting) -> Element { toggle(setting).switches[setting.switchIdentifier] }
    /// The status label of the toggles screen.
    var status: Element { staticTexts[TogglesIdentifiers.status] }
    /// The "Toggles" row of the root screen.
    var togglesRow: Element { links[TogglesIdentifiers.togglesRow] }
    /// The back button of the toggles screen.
    var backButton: Element { buttons[TogglesIdentifiers.backButton] }
    var rootBar: Element { navigationBars[TogglesIdentifiers.rootNavigationBar] }
    var togglesBar: Element { navigationBars[TogglesIdentifiers.togglesNavigationBar] }

    /// From the root screen, pushes the toggles screen.
    func openToggles() async throws {
        try await togglesRow.tap()
        #expect(try await togglesBar.exists)
    }

    /// Back to the root screen.
    func goBack() async throws {
        try await backButton.tap()
        #expect(try await rootBar.exists)
    }

    /// The outer switches shown (one per shown row), in screen order.
    func shownToggles() async throws -> [ElementSnapshot] {
        try await switches.matching(
            ElementPredicate.identifier.beginsWith(TogglesIdentifiers.toggle("")) && !ElementPredicate.identifier.endsWith(".switch")
        ).snapshots()
    }

    /// The ids of the toggles shown, in screen order.
    func shownToggleIDs() async throws -> [String] {
        try await shownToggles().map { String($0.identifier.dropFirst(TogglesIdentifiers.toggle("").count)) }
    }

    /// The ids of the shown toggles that are on (value "1"), in screen order.
    func onToggleIDs() async throws -> [String] {
        try await shownToggles().filter { $0.value == "1" }.map { String($0.identifier.dropFirst(TogglesIdentifiers.toggle("").count)) }
    }
}
