import LabSupport

/// The web-only path: what the accessibility tree does not carry, read from the element's DOM
/// node. XCUITest has no such reads; a web spec needs them for CSS classes (`completed`),
/// attributes, text exactly as written (accessible names collapse whitespace and include
/// CSS-generated content), and the live value of a field. Queries still find elements through
/// the accessibility tree; these only read the node behind one.
extension Element {
    /// The live DOM `value` of an input, text area or select — what the page's own scripts
    /// read — or `nil` for any other element. ``value`` is the accessibility value, which
    /// differs for a select (the chosen option's text, not its `value`), a password field
    /// (hidden) and a number field (as the browser formats it).
    public var domValue: String? {
        get async throws { try await readDOM("domValue", PageScripts.domValue)?.string }
    }

    /// The value of the DOM attribute `name`, or `nil` when the element does not have it.
    public func attribute(_ name: String, file: StaticString = #filePath, line: UInt = #line) async throws -> String? {
        try await called(file, line) {
            try await readDOM("attribute(\"\(name)\")", PageScripts.attribute, [.string(name)])?.string
        }
    }

    /// The element's CSS classes, in the order of its `class` attribute.
    public var classes: [String] {
        get async throws {
            guard case .array(let items)? = try await readDOM("classes", PageScripts.classes) else { return [] }
            return items.compactMap(\.string)
        }
    }

    /// Whether the element has the CSS class `name`.
    public func hasClass(_ name: String, file: StaticString = #filePath, line: UInt = #line) async throws -> Bool {
        try await called(file, line) {
            try await classes.contains(name)
        }
    }

    /// The DOM `textContent`: the text of the node and its descendants exactly as in the
    /// document — whitespace kept, hidden text included, no CSS-generated content.
    public var textContent: String {
        get async throws { try await readDOM("textContent", PageScripts.textContent)?.string ?? "" }
    }

    /// Whether the element's DOM node matches the CSS `selector`
    /// (`try await item.matches(css: ".completed")`). An invalid selector is
    /// ``UIAutomationError/Reason/invalidRequest(_:)``.
    public func matches(css selector: String, file: StaticString = #filePath, line: UInt = #line) async throws -> Bool {
        try await called(file, line) {
            let answer = try await readDOM("matches(css: \"\(selector)\")", PageScripts.matchesSelector, [.string(selector)])
            if case .object(let fields)? = answer, let problem = fields["invalidSelector"]?.string {
                throw await app.recordFailure(UIAutomationError(
                    query: "\(description).matches(css: \"\(selector)\")", reason: .invalidRequest("not a CSS selector: \(problem)")))
            }
            return answer?.bool ?? false
        }
    }

    /// Resolves the element, calls `function` on its DOM node (an element, or a text node's
    /// parent) and returns what it returned; a failure is reported as `description.call`.
    private func readDOM(_ call: String, _ function: String, _ arguments: [JSONValue] = []) async throws -> JSONValue? {
        let label = "\(description).\(call)"
        let driver = try app.driver(for: label)
        do {
            let (snapshot, indexes) = try await app.resolveWithSnapshot(steps: steps, query: label, frames: false)
            guard let node = snapshot.elements[indexes[0]].node else { return nil }
            return try await app.perform(label) { try await driver.callFunction(function, on: node, arguments: arguments) }
        } catch let error as UIAutomationError {
            throw await app.recordFailure(error)
        }
    }
}
