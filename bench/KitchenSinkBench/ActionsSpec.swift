import Foundation
import RealWorldSupport
import UIAutomation

/// `cypress/e2e/2-advanced-examples/actions.cy.js` of the kitchen sink, case by case: the same
/// names (Cypress's `context` › `it`), steps and checks, in order. The spec's `beforeEach`
/// visits `/commands/actions`: each case is launched there. bench/kitchensink_playwright.py is
/// the Playwright port; the locator table is in docs/benchmarks.md.
enum ActionsSpec {
    static let path = "/commands/actions"

    // Steps this port makes another way than the spec, the same way on both sides (the
    // table's last column); numbered in the table in the order they first appear.
    static let modifiersAlone = "{alt}{option} {ctrl}{control} {meta}{command}{cmd} {shift} (a modifier pressed alone, which "
            + "types nothing) left out on both sides: UIAutomation's typeKey has no key for a modifier alone"
    static let forced = "{ force: true } on a disabled field or box, which no user can change: both ports set value / checked with a script"
    static let focusByTap = ".focus(): UIAutomation has no focus verb; our port taps the field (Playwright's calls focus())"
    static let submitByButton = ".submit() fires the form's submit event: both ports press the form's Submit button, as a user submits"
    static let rightClickByScript = ".rightclick(): UIAutomation has no secondary click; our port dispatches contextmenu with a script (Playwright's clicks with the right button)"
    static let multipleSelect = ".select([...]) on a <select multiple>: UIAutomation picks one option (adjust(toPickerWheelValue:)); "
            + "our port taps the first option and extends the selection with Shift+↓ twice (Playwright's select_option)"
    static let scrollByHover = ".scrollIntoView(): UIAutomation has no such verb (its actions scroll their element into view first); "
            + "our port hovers the button (Playwright's scroll_into_view_if_needed). Turning the wheel over the container "
            + "(scroll(byDeltaX:deltaY:)) was tried first: its horizontal part left the container where it was"
    static let scriptOnBoth = "done with a script on both sides, as the spec does it (invoke / scrollTo); the spec's easing and 2 s duration are not reproduced"

    static let all: [BenchCase] = [
        BenchCase("Actions › .type() - type into a DOM element", path: path, notes: [modifiersAlone, forced]) { app in
            let email = app.get(.textField, ".action-email").element
            try await typeText(email, "fake@email.com")
            try await expectValue(email, "fake@email.com")
            // .type('{leftarrow}{rightarrow}{uparrow}{downarrow}'), then '{del}{selectall}{backspace}'
            for key in [Key.leftArrow, .rightArrow, .upArrow, .downArrow] {
                try await press(email, key)
            }
            try await press(email, .forwardDelete)
            try await press(email, "a", .control)
            try await press(email, .backspace)
            // .type('slow.typing@email.com', { delay: 100 }): 100 ms after each key
            try await step("typeText slowly") {
                for character in "slow.typing@email.com" {
                    try await email.typeText(String(character))
                    try await Task.sleep(for: .milliseconds(100))
                }
            }
            try await expectValue(email, "slow.typing@email.com")
            try await step("set value of .action-disabled (script)") {
                try await app.run(javaScript: """
                    (() => { const e = \(jsQuery(".action-disabled")); e.value = 'disabled error checking'; \
                    e.dispatchEvent(new Event('input', { bubbles: true })) })()
                    """)
            }
            try await expectValue(app.get(.textView, ".action-disabled").element, "disabled error checking")
        },
        BenchCase("Actions › .focus() - focus on a DOM element", path: path, notes: [focusByTap]) { app in
            let field = app.get(.secureTextField, ".action-focus").element
            try await tap(field)
            try await expectClass(field, "focus")
            try await expectAttribute(app.get(.staticText, "label[for=\"password1\"]").firstMatch, "style", "color: orange;")
        },
        BenchCase("Actions › .blur() - blur off a DOM element", path: path) { app in
            let field = app.get(.textField, ".action-blur").element
            try await typeText(field, "About to blur")
            try await step("resignFocus \(field)") { try await field.resignFocus() }
            try await expectClass(field, "error")
            try await expectAttribute(app.get(.staticText, "label[for=\"fullName1\"]").firstMatch, "style", "color: red;")
        },
        BenchCase("Actions › .clear() - clears an input or textarea element", path: path) { app in
            let field = app.get(.textField, ".action-clear").element
            try await typeText(field, "Clear this text")
            try await expectValue(field, "Clear this text")
            try await step("clear \(field)") { try await field.fill("") }
            try await expectValue(field, "")
        },
        BenchCase("Actions › .submit() - submit a form", path: path, notes: [submitByButton]) { app in
            try await typeText(app.get(.textField, ".action-form [type=\"text\"]").element, "HALFOFF")
            try await tap(app.get(.button, ".action-form [type=\"submit\"]").element)
            try await expectText(app.get(.staticText, ".action-form + p").firstMatch, "Your form has been submitted!", exact: false)
        },
        BenchCase("Actions › .click() - click on a DOM element", path: path) { app in
            try await tap(app.get(.button, ".action-btn").element)
            let canvas = app.get(.any, "#action-canvas").element
            try await tap(canvas)  // the centre, the default
            // topLeft, top, topRight, left, right, bottomLeft, bottom, bottomRight of the 250 × 250
            // canvas, then the seven points the spec gives
            let points: [(Double, Double)] = [
                (0, 0), (125, 0), (249, 0), (0, 125), (249, 125), (0, 249), (125, 249), (249, 249),
                (80, 75), (170, 75), (80, 165), (100, 185), (125, 190), (150, 185), (170, 165),
            ]
            for (x, y) in points {
                try await tap(canvas, x: x, y: y)
            }
            // click({ multiple: true }): each label in turn
            for label in try await app.get(.staticText, ".action-labels > .label").allElementsBoundByIndex {
                try await tap(label)
            }
            // click({ force: true }) on a button under a cover: the point, whatever is there
            let covered = app.get(.button, ".action-opacity > .btn").element
            let frame = try await covered.frame
            try await tap(covered, x: frame.width / 2, y: frame.height / 2)
        },
        BenchCase("Actions › .dblclick() - double click on a DOM element", path: path) { app in
            try await doubleTap(app.get(.staticText, ".action-div").element)
            try await expectCount(app.get(.staticText, ".action-div"), 0)
            try await expectCount(app.get(.textField, ".action-input-hidden"), 1)
        },
        BenchCase("Actions › .rightclick() - right click on a DOM element", path: path, notes: [rightClickByScript]) { app in
            try await step("contextmenu on .rightclick-action-div (script)") {
                try await app.run(javaScript: """
                    \(jsQuery(".rightclick-action-div")).dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true, button: 2 }))
                    """)
            }
            try await expectCount(app.get(.staticText, ".rightclick-action-div"), 0)
            try await expectCount(app.get(.textField, ".rightclick-action-input-hidden"), 1)
        },
        BenchCase("Actions › .check() - check a checkbox or radio element", path: path, notes: [forced]) { app in
            let boxes = ".action-checkboxes [type=\"checkbox\"]:not([disabled])"
            for box in try await app.get(.checkBox, boxes).allElementsBoundByIndex {
                try await check(box)
            }
            try await expectSomeChecked(app, .checkBox, boxes)
            let radios = ".action-radios [type=\"radio\"]:not([disabled])"
            for radio in try await app.get(.radioButton, radios).allElementsBoundByIndex {
                try await checkRadio(radio)
            }
            try await expectSomeChecked(app, .radioButton, radios)
            try await checkRadio(app.get(.radioButton, ".action-radios [type=\"radio\"][value=\"radio1\"]").element)
            try await expectSomeChecked(app, .radioButton, ".action-radios [type=\"radio\"]")
            for value in ["checkbox1", "checkbox2"] {
                try await check(app.get(.checkBox, ".action-multiple-checkboxes [type=\"checkbox\"][value=\"\(value)\"]").element)
            }
            try await expectSomeChecked(app, .checkBox, ".action-multiple-checkboxes [type=\"checkbox\"]")
            try await forceChecked(app, ".action-checkboxes [disabled]", true)
            try await expectSomeChecked(app, .checkBox, ".action-checkboxes [disabled]")
            try await forceChecked(app, ".action-radios [type=\"radio\"][value=\"radio3\"]", true)
            try await expectSomeChecked(app, .radioButton, ".action-radios [type=\"radio\"]")
        },
        BenchCase("Actions › .uncheck() - uncheck a checkbox element", path: path, notes: [forced]) { app in
            let enabled = ".action-check [type=\"checkbox\"]:not([disabled])"
            for box in try await app.get(.checkBox, enabled).allElementsBoundByIndex {
                try await uncheck(box)
            }
            try await expectNoneChecked(app, .checkBox, enabled)
            func valued(_ value: String) -> Element {
                app.get(.checkBox, ".action-check [type=\"checkbox\"][value=\"\(value)\"]").element
            }
            try await check(valued("checkbox1"))
            try await uncheck(valued("checkbox1"))
            try await expectNoneChecked(app, .checkBox, ".action-check [type=\"checkbox\"][value=\"checkbox1\"]")
            for value in ["checkbox1", "checkbox3"] { try await check(valued(value)) }
            for value in ["checkbox1", "checkbox3"] { try await uncheck(valued(value)) }
            try await expectNoneChecked(app, .checkBox, ".action-check [type=\"checkbox\"][value=\"checkbox1\"]")
            try await expectNoneChecked(app, .checkBox, ".action-check [type=\"checkbox\"][value=\"checkbox3\"]")
            try await forceChecked(app, ".action-check [disabled]", false)
            try await expectNoneChecked(app, .checkBox, ".action-check [disabled]")
        },
        BenchCase("Actions › .select() - select an option in a <select> element", path: path, notes: [multipleSelect]) { app in
            let fruit = app.get(.picker, ".action-select").element
            try await expectValue(fruit, "--Select a fruit--")
            try await step("select apples") { try await fruit.adjust(toPickerWheelValue: "apples") }
            try await expectValue(fruit, "fr-apples")
            let fruits = app.get(.table, ".action-select-multiple").element
            let all = ["fr-apples", "fr-oranges", "fr-bananas"]
            try await selectAll(fruits)
            try await expectSelected(app, all)
            try await step("select fr-bananas") { try await fruit.adjust(toPickerWheelValue: "fr-bananas") }
            try await expectValue(fruit, "fr-bananas")
            try await selectAll(fruits)
            try await expectSelected(app, all)
            try await expectScript(app, "fr-oranges selected", "\(selectedValues).includes('fr-oranges')")
        },
        BenchCase("Actions › .scrollIntoView() - scroll an element into view", path: path, notes: [scrollByHover]) { app in
            let scrolls: [(String, Bool, Bool)] = [("#scroll-horizontal", true, false), ("#scroll-vertical", false, true), ("#scroll-both", true, true)]
            for (container, across, down) in scrolls {
                // The spec's .then: the button lies beyond the container's right and/or bottom edge.
                let edges = [across ? "b.left > c.right" : nil, down ? "b.top > c.bottom" : nil].compactMap { $0 }
                try await checkOnce(app, "\(container) button outside", buttonAndContainer(container, edges.joined(separator: " && ")))
                let button = app.get(.button, "\(container) button").element
                try await step("hover \(button)") { try await button.hover() }
                // should('be.visible'): not clipped away by the container (Cypress's visibility).
                try await expectScript(app, "\(container) button visible", buttonAndContainer(
                    container, "b.left < c.right && b.right > c.left && b.top < c.bottom && b.bottom > c.top"))
            }
        },
        BenchCase("Actions › .trigger() - trigger an event on a DOM element", path: path, notes: [scriptOnBoth]) { app in
            try await step("set value 25, trigger change (script)") {
                try await app.run(javaScript: """
                    (() => { const e = \(jsQuery(".trigger-input-range")); e.value = 25; \
                    e.dispatchEvent(new Event('change', { bubbles: true })) })()
                    """)
            }
            try await expectText(app.get(.staticText, "input[type=range] ~ p").firstMatch, "25", exact: true)
        },
        BenchCase("Actions › cy.scrollTo() - scroll the window or element to a position", path: path, notes: [scriptOnBoth]) { app in
            for (name, script) in scrollSteps {
                try await step("scrollTo \(name) (script)") { try await app.run(javaScript: script) }
            }
        },
    ]

    // MARK: Helpers

    /// The values selected in the multiple select, as a JavaScript expression.
    static let selectedValues = "Array.from(\(jsQuery(".action-select-multiple")).selectedOptions, o => o.value)"

    /// `.select(['apples', 'oranges', 'bananas'])` on the multiple select: tap the first option,
    /// then extend the selection to the next two with Shift+↓, as a user does.
    static func selectAll(_ list: Element) async throws {
        try await tap(list.cells["apples"])
        try await press(list, .downArrow, .shift)
        try await press(list, .downArrow, .shift)
    }

    /// `invoke('val').should('deep.equal', values)`.
    static func expectSelected(_ app: Application, _ values: [String]) async throws {
        try await expectEventually(app, "selected \(values)") {
            mismatch(try await app.evaluate(selectedValues, as: [String].self), values)
        }
    }

    /// A JavaScript expression over `b` (the button's box) and `c` (its container's box).
    static func buttonAndContainer(_ container: String, _ condition: String) -> String {
        """
        (() => { const button = \(jsQuery("\(container) button")); const b = button.getBoundingClientRect(); \
        const c = button.closest(\(jsString(container))).getBoundingClientRect(); return \(condition) })()
        """
    }

    /// cy.scrollTo's six calls, as scripts (Cypress's positions: 'right' is the right edge at
    /// the vertical centre; percentages are of the scrollable distance).
    static let scrollSteps: [(String, String)] = [
        ("window bottom", "window.scrollTo(window.scrollX, document.documentElement.scrollHeight - window.innerHeight)"),
        ("#scrollable-horizontal right", scrollTo("#scrollable-horizontal", "e.scrollWidth - e.clientWidth", "(e.scrollHeight - e.clientHeight) / 2")),
        ("#scrollable-vertical 250, 250", scrollTo("#scrollable-vertical", "250", "250")),
        ("#scrollable-both 75%, 25%", scrollTo("#scrollable-both", "(e.scrollWidth - e.clientWidth) * 0.75", "(e.scrollHeight - e.clientHeight) * 0.25")),
        ("#scrollable-vertical center", scrollTo("#scrollable-vertical", "(e.scrollWidth - e.clientWidth) / 2", "(e.scrollHeight - e.clientHeight) / 2")),
        ("#scrollable-both center", scrollTo("#scrollable-both", "(e.scrollWidth - e.clientWidth) / 2", "(e.scrollHeight - e.clientHeight) / 2")),
    ]

    static func scrollTo(_ selector: String, _ x: String, _ y: String) -> String {
        "(() => { const e = \(jsQuery(selector)); e.scrollTo(\(x), \(y)) })()"
    }
}
