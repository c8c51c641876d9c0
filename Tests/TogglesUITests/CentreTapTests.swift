import Testing
import TogglesApp
import UIAutomation

extension TogglesJourneys {
    /// The seed's gotcha, proven in the real app: `tap()` touches a toggle's centre — its
    /// text or empty space — and nothing happens; only the inner switch reacts.
    @Suite("Toggles: the centre tap")
    struct CentreTapTests {
        @Test func tappingTheToggleTapsItsCentreAndChangesNothing() async throws {
            try await withTogglesApp { (app) async throws in
                try await app.openToggles()
                let wifi = app.toggle(Toggles.wifi)
                let statusBefore = try await app.status.label
                #expect(try await wifi.value == "1")
                // The centre of the row is not on the switch.
                let row = try await wifi.frame, inner = try await app.innerSwitch(Toggles.wifi).frame
                #expect(!inner.contains(x: row.midX, y: row.midY), "the inner switch \(inner) covers the centre of \(row)")
                #expect(row.width > 300 && inner.width == 51 && inner.height == 31, "row \(row), switch \(inner)")

                try await wifi.tap()
                #expect(try await wifi.value == "1")
                try await wifi.coordinate(withNormalizedOffset: Vector(dx: 0.1, dy: 0.5)).tap()  // on its text
                #expect(try await wifi.value == "1")
                #expect(try await app.status.label == statusBefore)

                // The inner switch's centre is the point that works — one tap, no warm-up tap.
                try await app.innerSwitch(Toggles.wifi).tap()
                #expect(try await wifi.value == "0")
                #expect(try await app.innerSwitch(Toggles.wifi).value == "0")
                #expect(try await app.status.label != statusBefore)
            }
        }

        @Test func aCoordinateTapAtTheInnerSwitchsCentreTogglesIt() async throws {
            try await withTogglesApp { (app) async throws in
                try await app.openToggles()
                let bluetooth = app.toggle(Toggles.bluetooth)
                let centre = app.innerSwitch(Toggles.bluetooth).coordinate(withNormalizedOffset: Vector(dx: 0.5, dy: 0.5))
                try await centre.tap()
                #expect(try await bluetooth.value == "0")
                try await centre.tap()
                #expect(try await bluetooth.value == "1")
                // The same kind of tap at the toggle's own centre does nothing.
                try await bluetooth.coordinate(withNormalizedOffset: Vector(dx: 0.5, dy: 0.5)).tap()
                #expect(try await bluetooth.value == "1")
            }
        }

        @Test func bothSwitchesCarryTheRowsLabelAndState() async throws {
            try await withTogglesApp(arguments: ["-on", "airplaneMode"]) { (app) async throws in
                try await app.openToggles()
                for setting in [Toggles.airplaneMode, Toggles.wifi] {
                    let expected = setting == Toggles.airplaneMode ? "1" : "0"
                    #expect(try await app.toggle(setting).label == setting.title)
                    #expect(try await app.innerSwitch(setting).label == setting.title)
                    #expect(try await app.toggle(setting).value == expected)
                    #expect(try await app.innerSwitch(setting).value == expected)
                }
                // The label alone matches both switches of a row: query by identifier.
                #expect(try await app.switches.matching(ElementPredicate.label == Toggles.wifi.title).count == 2)
            }
        }

        @Test func theInnerSwitchAnswersSpaceAndEnterWhenFocused() async throws {
            try await withTogglesApp { (app) async throws in
                try await app.openToggles()
                let inner = app.innerSwitch(Toggles.airplaneMode)
                try await inner.typeText(" ")
                #expect(try await inner.hasFocus)
                #expect(try await app.toggle(Toggles.airplaneMode).value == "1")
                try await inner.typeText("\n")
                #expect(try await app.toggle(Toggles.airplaneMode).value == "0")
            }
        }
    }
}
