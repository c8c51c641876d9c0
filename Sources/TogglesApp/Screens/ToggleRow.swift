import LabKit

/// One toggle row, built like a SwiftUI `Toggle` on iOS: ONE switch element spanning the
/// whole row (`role=switch`, `aria-checked`, labelled by the row's text) that contains, at
/// its trailing edge, the inner iOS switch (51×31 track and a sliding knob), itself a
/// `role=switch`. Only the inner switch reacts to taps and keys; a tap on the row's text or
/// empty space does nothing — which is why a plain `tap()` on the toggle (its centre) does
/// nothing.
///
/// The inner switch is a submit button of a one-field form (`on=1`/`on=0`), so the row
/// works without scripts too; the screen's script flips it at once and posts with `fetch`.
struct ToggleRow {
    let setting: ToggleSetting
    let state: TogglesState
    let paths: TogglesPaths

    var node: HTMLNode {
        let isOn = state.isOn(setting)
        let checked = HTMLAttribute("aria-checked", isOn ? "true" : "false")
        let titleID = "toggles-title-" + setting.id
        let disabled = setting.isDisabled ? [HTMLAttribute("aria-disabled", "true")] : []
        var row: [HTMLAttribute] = [.class("toggles-row"), HTMLAttribute("data-toggle", setting.id)]
        if let parentID = setting.parentID { row.append(HTMLAttribute("data-parent", parentID)) }
        if !state.isShown(setting) { row.append(HTMLAttribute("hidden", nil)) }
        return .el("li", row, [
            .el("div", [
                .class("toggles-toggle"), .role("switch"), checked, HTMLAttribute("aria-labelledby", titleID),
                .testID(setting.identifier),
            ] + disabled, [
                .el("span", [.class("toggles-title"), .id(titleID)], [.text(setting.title)]),
                .el("form", [.class("toggles-form"), HTMLAttribute("method", "post"), HTMLAttribute("action", paths.toggle(setting))], [
                    .el("button", [
                        .class("toggles-switch"), HTMLAttribute("type", "submit"), HTMLAttribute("name", "on"),
                        HTMLAttribute("value", isOn ? "0" : "1"), .role("switch"), checked,
                        HTMLAttribute("aria-labelledby", titleID), .testID(setting.switchIdentifier),
                    ] + disabled + (setting.isDisabled ? [HTMLAttribute("disabled", nil)] : []), [
                        .el("span", [.class("toggles-knob"), .ariaHidden]),
                    ]),
                ]),
            ]),
        ])
    }
}
