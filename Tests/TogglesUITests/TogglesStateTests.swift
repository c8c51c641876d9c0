import LabKit
import Testing
import TogglesApp

/// The app's state logic, without a browser.
@Suite("Toggles: state")
struct TogglesStateTests {
    @Test func launchOptionsPresetTheTogglesArgumentFirst() {
        #expect(TogglesState(launch: LaunchOptions()).on == Toggles.defaultOn)
        #expect(TogglesState(launch: LaunchOptions(arguments: ["-on", "wifi, sounds,nope"])).on == ["wifi", "sounds"])
        #expect(TogglesState(launch: LaunchOptions(arguments: ["-on", ""])).on == [])
        #expect(TogglesState(launch: LaunchOptions(environment: ["LAB_TOGGLES_ON": "badges"])).on == ["badges"])
        #expect(TogglesState(launch: LaunchOptions(arguments: ["-on", "wifi"], environment: ["LAB_TOGGLES_ON": "badges"])).on == ["wifi"])
    }

    @Test func dependentTogglesAreShownOnlyWhileTheirParentIsOnAndKeepTheirValue() throws {
        var state = TogglesState(on: ["sounds"])
        #expect(!state.isShown(Toggles.sounds))
        #expect(state.statusText == "0 of 5 on")
        #expect(state.statusDetail == "None")
        #expect(throws: ToggleChangeError.hidden(Toggles.badges)) { try state.set(Toggles.badges, on: true) }
        try state.set(Toggles.notifications, on: true)
        #expect(state.shown == Toggles.all)
        #expect(state.statusText == "2 of 7 on")
        #expect(state.statusDetail == "Notifications, Sounds")
    }

    @Test func theDisabledToggleCannotBeChanged() {
        var state = TogglesState()
        #expect(throws: ToggleChangeError.disabled(Toggles.personalHotspot)) { try state.set(Toggles.personalHotspot, on: true) }
        #expect(state == TogglesState())
        #expect(ToggleChangeError.disabled(Toggles.personalHotspot).description == "Personal Hotspot is disabled")
        #expect(ToggleChangeError.hidden(Toggles.sounds).description == "Sounds is hidden while Notifications is off")
    }

    @Test func identifiersAreUniqueAndDistinctFromTheInnerSwitches() {
        let identifiers = Toggles.all.flatMap { [$0.identifier, $0.switchIdentifier] }
        #expect(Set(identifiers).count == identifiers.count)
        #expect(Toggles.all.count >= 5 + 2)
        #expect(Toggles.all.filter(\.isDisabled) == [Toggles.personalHotspot])
    }
}
