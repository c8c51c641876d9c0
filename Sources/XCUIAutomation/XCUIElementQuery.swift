public import Foundation
public import UIAutomation

/// A description of elements to find, as XCUITest's `XCUIElementQuery` is: built by chaining,
/// resolved against the live page each time it is used.
open class XCUIElementQuery: NSObject, XCUIElementTypeQueryProvider, @unchecked Sendable {
    let query: Result<ElementQuery, any Error>
    /// Where the chain was last refined, for failures of its property reads.
    let site: CallerLine
    private let fallbackText: String

    init(query: Result<ElementQuery, any Error>, site: CallerLine, fallbackText: String) {
        self.query = query
        self.site = site
        self.fallbackText = fallbackText
    }

    /// The query as code, e.g. `app.cells.matching(identifier: "lion")`.
    open override var description: String {
        if case .success(let query) = query { return query.description }
        return fallbackText
    }

    private var configuration: Configuration? {
        if case .success(let query) = query { return query.app.configuration }
        return nil
    }

    private func refined(_ site: CallerLine, _ make: (ElementQuery) -> ElementQuery) -> XCUIElementQuery {
        XCUIElementQuery(query: query.map(make), site: site, fallbackText: fallbackText)
    }

    private func element(_ site: CallerLine, _ pick: (ElementQuery) -> Element) -> XCUIElement {
        let element = query.map(pick)
        return XCUIElement(backing: element.map(XCUIElement.Backing.element), text: (try? element.get())?.description ?? fallbackText,
                           site: site)
    }

    /// Reads through the facade's one path.
    private func read<T: Sendable>(_ call: String, fallback: T, _ body: @escaping @Sendable (ElementQuery) async throws -> T) -> T {
        switch query {
        case .failure(let error):
            Facade.fail(error, at: site)
            return fallback
        case .success(let query):
            return Facade.call("\(query).\(call)", at: site, configuration: configuration, fallback: fallback) { try await body(query) }
        }
    }

    // MARK: Elements

    /// The one match; using it fails if there are none or several.
    open var element: XCUIElement { element(site) { $0.element } }

    /// The first match in document order.
    open var firstMatch: XCUIElement { element(site) { $0.firstMatch } }

    /// The match at `index`, in document order.
    open func element(boundBy index: Int, file: StaticString = #filePath, line: UInt = #line) -> XCUIElement {
        element(CallerLine(file: file, line: line)) { $0.element(boundBy: index) }
    }

    /// The one match satisfying `predicate`.
    open func element(matching predicate: Foundation.NSPredicate, file: StaticString = #filePath, line: UInt = #line) -> XCUIElement {
        matching(predicate, file: file, line: line).element
    }

    /// The one match of `elementType` with `identifier`.
    open func element(matching elementType: XCUIElement.ElementType, identifier: String?,
                      file: StaticString = #filePath, line: UInt = #line) -> XCUIElement {
        element(CallerLine(file: file, line: line)) { $0.element(matching: elementType, identifier: identifier) }
    }

    /// The one match whose identifier, label, value or placeholder is `key`.
    open subscript(key: String, file: StaticString = #filePath, line: UInt = #line) -> XCUIElement {
        element(CallerLine(file: file, line: line)) { $0[key] }
    }

    /// How many elements match now.
    open var count: Int { read("count", fallback: 0) { try await $0.count } }

    /// One element per current match, bound to its index.
    open var allElementsBoundByIndex: [XCUIElement] {
        let count = self.count
        return (0..<count).map { index in element(site) { $0.element(boundBy: index) } }
    }

    /// The same as ``allElementsBoundByIndex`` on a page (no accessibility elements apart from the tree's).
    open var allElementsBoundByAccessibilityElement: [XCUIElement] { allElementsBoundByIndex }

    // MARK: Chaining

    /// The matches satisfying `predicate` (an `NSPredicate(format:)`, or an `NSCompoundPredicate` of them).
    open func matching(_ predicate: Foundation.NSPredicate, file: StaticString = #filePath, line: UInt = #line) -> XCUIElementQuery {
        refined(predicate, "matching", CallerLine(file: file, line: line)) { $0.matching($1) }
    }

    /// The matches whose identifier is `identifier`.
    open func matching(identifier: String, file: StaticString = #filePath, line: UInt = #line) -> XCUIElementQuery {
        refined(CallerLine(file: file, line: line)) { $0.matching(identifier: identifier) }
    }

    /// The matches of `elementType` (and `identifier`, if given).
    open func matching(_ elementType: XCUIElement.ElementType, identifier: String?,
                       file: StaticString = #filePath, line: UInt = #line) -> XCUIElementQuery {
        refined(CallerLine(file: file, line: line)) { $0.matching(elementType, identifier: identifier) }
    }

    /// The matches with a descendant satisfying `predicate`.
    open func containing(_ predicate: Foundation.NSPredicate, file: StaticString = #filePath, line: UInt = #line) -> XCUIElementQuery {
        refined(predicate, "containing", CallerLine(file: file, line: line)) { $0.containing($1) }
    }

    /// The query refined by `predicate`; a predicate that cannot be used fails the query.
    private func refined(_ predicate: Foundation.NSPredicate, _ method: String, _ site: CallerLine,
                         _ make: (ElementQuery, ElementPredicate) -> ElementQuery) -> XCUIElementQuery {
        do {
            let elementPredicate = try predicate.elementPredicate()
            return refined(site) { make($0, elementPredicate) }
        } catch {
            let failure = XCUIAutomationError(call: "\(self).\(method)(\(predicate))", reason: error.reason)
            return XCUIElementQuery(query: .failure(failure), site: site, fallbackText: description)
        }
    }

    /// The matches with a descendant of `elementType` (and `identifier`, if given).
    open func containing(_ elementType: XCUIElement.ElementType, identifier: String?,
                         file: StaticString = #filePath, line: UInt = #line) -> XCUIElementQuery {
        refined(CallerLine(file: file, line: line)) { $0.containing(elementType, identifier: identifier) }
    }

    /// Descendants of the matches, of `type`.
    open func descendants(matching type: XCUIElement.ElementType) -> XCUIElementQuery {
        refined(site) { $0.descendants(matching: type) }
    }

    /// Direct children of the matches, of `type`.
    open func children(matching type: XCUIElement.ElementType) -> XCUIElementQuery {
        refined(site) { $0.children(matching: type) }
    }

    /// Every match and its subtree, one element per line.
    open override var debugDescription: String {
        read("debugDescription", fallback: description) { query in
            let matches = try await query.snapshots()
            return "\(query): \(matches.count) match\(matches.count == 1 ? "" : "es")\n" + matches.map { "  " + $0.description }.joined(separator: "\n")
        }
    }
}
