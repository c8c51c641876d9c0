import Foundation

/// The JavaScript UIAutomation runs in pages, read from the target's `Scripts/*.js` resources
/// (real JavaScript files, so an editor and `scripts/check-js` parse them). Kept in one
/// folder so what runs in the app under test is easy to review.
package enum PageScripts {
    /// Installed in every new document: requests in flight, idleness, the change stamp
    /// (`instrumentation.js`).
    package static let instrumentation = load("instrumentation")
    /// The actionability check and the one hit test (`actionability.js`); see ``PageDriver/Actionability``.
    package static let actionability = load("actionability")
    /// Blurs an element or what inside it has focus (`resignFocus.js`).
    package static let resignFocus = load("resignFocus")
    /// An attribute of a node's element (`attribute.js`).
    package static let attribute = load("attribute")
    /// The CSS classes of a node's element (`classes.js`).
    package static let classes = load("classes")
    /// A node's `textContent` (`textContent.js`).
    package static let textContent = load("textContent")
    /// Whether a node's element matches a selector (`matchesSelector.js`).
    package static let matchesSelector = load("matchesSelector")
    /// Which of several nodes' elements match a selector (`nodesMatchingSelector.js`).
    package static let nodesMatchingSelector = load("nodesMatchingSelector")
    /// The document's elements matching a selector, and their texts (`documentMatchingSelector.js`).
    package static let documentMatchingSelector = load("documentMatchingSelector")
    /// The live `value` of a field (`domValue.js`).
    package static let domValue = load("domValue")
    /// Takes the hit guard an actionability check installed (`takeHitGuard.js`).
    package static let takeHitGuard = load("takeHitGuard")
    /// Selects all the text of the focused field (`selectAllInFocus.js`).
    package static let selectAllInFocus = load("selectAllInFocus")
    /// The page side of the accessibility audit: contrast, hit regions, clipped text, traits,
    /// hidden controls, duplicate referenced ids (`audit.js`); see ``AccessibilityAuditType``.
    package static let audit = load("audit")
    /// Holds the page still for a repeatable screenshot, or lets it go (`holdStill.js`).
    package static let holdStill = load("holdStill")
    /// The controllable clock installed in every new document once ``Application/clock`` is
    /// installed (`clock.js`, issue 43).
    package static let clock = load("clock")

    /// The in-page element engine (`elementQuery.js`, issue 42): types, identifiers, names,
    /// values and states computed over the DOM as Chromium's accessibility tree has them, and
    /// queries answered there with only their matches. Installed in every new document
    /// (``elementQueryInstall``) so that it sees the page's click listeners and shadow roots.
    package static let elementQuery = load("elementQuery")

    /// What every new document runs to install the engine (`window.__labInpage`).
    package static var elementQueryInstall: String { "(" + elementQuery + ")({mode: 'stamp'})" }

    /// Evaluates to the engine's answer to `request` (a JSON object), or `{missing: true}` in a
    /// document the engine was not installed in.
    package static func inPageRun(_ request: String) -> String {
        "window.__labInpage ? window.__labInpage.run(\(request)) : {missing: true}"
    }

    /// Evaluates to the DOM node of the engine's element reference `ref`, or `null`.
    package static func inPageNode(_ ref: Int) -> String {
        "window.__labInpage ? window.__labInpage.node(\(ref)) : null"
    }

    /// Starts a read (`lab.beginRead` in the instrumentation): the change stamp, whether the
    /// changes since the previous read can be read as a few subtrees, whether an element's
    /// `identifierAttribute` changed, and `afterInput`, whether input can have changed the tree
    /// without the page seeing it (`inputSafe`); `null` without the instrumentation.
    package static func beginRead(identifierAttribute: String, afterInput: Bool) -> String {
        "window.__lab ? window.__lab.beginRead(\(string(identifierAttribute)), \(afterInput)) : null"
    }

    /// `text` as a JavaScript string literal (a JSON string is one).
    package static func string(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// The `index`th root of the subtrees the last `beginRead` found changed (a DOM node).
    package static func readRoot(_ index: Int) -> String { "window.__lab.readRoots[\(index)]" }

    /// Evaluates to the page's change stamp (`lab.stamp` in the instrumentation), or `null`.
    package static let stamp = "window.__lab ? window.__lab.stamp() : null"

    /// Evaluates to `null` once idle, else (after `budget` ms) what keeps the page busy.
    package static func idle(budgetMilliseconds: Int) -> String {
        "window.__lab ? window.__lab.idle(\(budgetMilliseconds)) : (document.readyState === 'complete' ? null : 'the document is ' + document.readyState)"
    }

    /// The script `Scripts/<name>.js`. A missing or unreadable resource is a broken build, not
    /// a condition a test could handle: it stops the process with the file's name.
    private static func load(_ name: String) -> String {
        guard let url = Bundle.module.url(forResource: name, withExtension: "js", subdirectory: "Scripts")
            ?? Bundle.module.url(forResource: name, withExtension: "js"),
            let source = try? String(contentsOf: url, encoding: .utf8)
        else {
            fatalError("UIAutomation's page script \(name).js is missing from its resource bundle")
        }
        return source
    }
}
