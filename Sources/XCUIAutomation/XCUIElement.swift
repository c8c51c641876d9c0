public import Foundation
public import UIAutomation

/// A UI element of the app under test, as XCUITest's `XCUIElement` is: a query plus how to
/// pick one match, resolved against the live page on every use. Calls block until done and
/// record an XCTest failure at the caller's line when they fail (see docs/xcuitest.md).
open class XCUIElement: NSObject, XCUIElementAttributes, XCUIElementTypeQueryProvider, @unchecked Sendable {
    /// The kind of an element, with XCUITest's names and raw values.
    public typealias ElementType = UIAutomation.ElementType

    /// What the element is: one element of the page, or the application itself.
    enum Backing: Sendable {
        case element(Element)
        case application(Application)
    }

    let backing: Result<Backing, any Error>
    /// Where the element's query was last refined: failures of property reads are reported there.
    let site: CallerLine
    /// The element as code, for messages before anything is resolved.
    let text: String

    init(backing: Result<Backing, any Error>, text: String, site: CallerLine) {
        self.backing = backing
        self.text = text
        self.site = site
    }

    var configuration: Configuration? {
        switch backing {
        case .success(.element(let element)): return element.app.configuration
        case .success(.application(let app)): return app.configuration
        case .failure: return nil
        }
    }

    /// Runs `body` on the UIAutomation element (or the app) through the facade's one path.
    func perform<T: Sendable>(_ call: String, _ site: CallerLine, fallback: T,
                              _ body: @escaping @Sendable (Backing) async throws -> T) -> T {
        let name = "\(text).\(call)"
        switch backing {
        case .failure(let error):
            Facade.fail(error, at: site)
            return fallback
        case .success(let backing):
            return Facade.call(name, at: site, configuration: configuration, fallback: fallback) { try await body(backing) }
        }
    }

    /// The element's snapshot now (the application's root, with the screen as its frame), for
    /// reading the property `call` (only `frame` needs the page's boxes read).
    func readSnapshot(_ call: String) -> ElementSnapshot? {
        perform(call, site, fallback: nil) { backing in try await Self.snapshot(of: backing, frames: call == "frame") }
    }

    static func snapshot(of backing: Backing, frames: Bool = true) async throws -> ElementSnapshot {
        switch backing {
        case .element(let element): return try await element.snapshot(frames: frames)
        case .application(let app): return try await app.snapshot().root
        }
    }

    // MARK: Existence and state

    /// Whether the element exists now (several matches count as existing).
    open var exists: Bool {
        let answer = perform("exists", site, fallback: nil as Bool?) { backing -> Bool? in
            switch backing {
            case .element(let element): return try await element.exists
            case .application(let app): return app.isRunning
            }
        }
        if answer == false { noteMissing("exists", site, waited: nil) }
        return answer ?? false
    }

    /// Notes that `call` answered that the element is missing, so an assertion failing on the
    /// answer is explained (see `TestRun.noteMissing`).
    func noteMissing(_ call: String, _ site: CallerLine, waited: Duration?) {
        guard case .success(.element(let element)) = backing else { return }
        TestRun.shared.noteMissing(.init(element: element, call: "\(text).\(call)", site: site, waited: waited))
    }

    /// Whether a tap at its centre would reach it.
    open var isHittable: Bool {
        perform("isHittable", site, fallback: false) { backing in
            switch backing {
            case .element(let element): return try await element.isHittable
            case .application(let app): return app.isRunning
            }
        }
    }

    /// Waits up to `timeout` seconds for the element to exist; whether it does.
    open func waitForExistence(timeout: TimeInterval, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let site = CallerLine(file: file, line: line)
        let call = "waitForExistence(timeout: \(timeout))"
        let found = waiting(call, timeout, site, app: { $0.isRunning }, element: { try await $0.waitForExistence(timeout: timeout) })
        if !found && !TestRun.shared.isHalted { noteMissing(call, site, waited: .seconds(max(0, min(timeout, 86_400)))) }
        return found
    }

    /// Waits up to `timeout` seconds for the element to be gone; whether it is.
    open func waitForNonExistence(timeout: TimeInterval, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        waiting("waitForNonExistence(timeout: \(timeout))", timeout, CallerLine(file: file, line: line), app: { !$0.isRunning },
                element: { try await $0.waitForNonExistence(timeout: timeout) })
    }

    /// Waits up to `timeout` seconds until the element's attribute at `keyPath` equals
    /// `expectedValue`; whether it does. The key path is one of the element's attributes
    /// (`\.exists`, `\.label`, `\.value`, `\.isEnabled`, `\.isSelected`, `\.hasFocus`,
    /// `\.isHittable`, `\.identifier`, `\.placeholderValue`, `\.title`).
    open func wait<V: Equatable>(for keyPath: KeyPath<XCUIElement, V>, toEqual expectedValue: V, timeout: TimeInterval,
                                 file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let site = CallerLine(file: file, line: line)
        guard let predicate = Self.predicate(keyPath, equals: expectedValue) else {
            Facade.fail(XCUIAutomationError(call: "\(text).wait(for:toEqual:timeout:)", reason: .invalidArgument(
                "wait(for:toEqual:) reads the key paths \\.exists, \\.label, \\.value, \\.identifier, \\.title, \\.placeholderValue, "
                    + "\\.isEnabled, \\.isSelected, \\.hasFocus and \\.isHittable, with a String or Bool value")), at: site)
            return false
        }
        return waiting("wait(for: \(predicate), timeout: \(timeout))", timeout, site,
                       app: { predicate.evaluate(Self.subject(of: $0)) }, element: { try await $0.wait(for: predicate, timeout: timeout) })
    }

    /// Waits through the facade's one path: on an element, with UIAutomation's wait `body`; on
    /// the application, until `app` holds for it.
    func waiting(_ call: String, _ timeout: TimeInterval, _ site: CallerLine, app holds: @escaping @Sendable (Application) -> Bool,
                 element body: @escaping @Sendable (Element) async throws -> Bool) -> Bool {
        switch backing {
        case .failure(let error):
            Facade.fail(error, at: site)
            return false
        case .success(.application(let app)):
            return Facade.call("app.\(call)", at: site, configuration: configuration, waiting: timeout, fallback: false) {
                try await app.wait(timeout: timeout) { holds(app) }
            }
        case .success(.element(let element)):
            return Facade.call("\(text).\(call)", at: site, configuration: configuration, waiting: timeout, fallback: false) {
                try await body(element)
            }
        }
    }

    nonisolated(unsafe) private static let keyPathNames: [PartialKeyPath<XCUIElement>: String] = [
        \XCUIElement.exists: "exists", \XCUIElement.label: "label", \XCUIElement.identifier: "identifier",
        \XCUIElement.title: "title", \XCUIElement.isEnabled: "isEnabled", \XCUIElement.isSelected: "isSelected",
        \XCUIElement.hasFocus: "hasFocus", \XCUIElement.isHittable: "isHittable",
        \XCUIElement.placeholderValue: "placeholderValue",
    ]

    static func predicate<V>(_ keyPath: KeyPath<XCUIElement, V>, equals value: V) -> ElementPredicate? {
        guard let name = keyPathNames[keyPath] else { return nil }
        let key = ElementPredicate.key(name)
        switch value {
        case let string as String: return key.equals(string)
        case let bool as Bool: return key.equals(bool)
        case let optional as String?: return optional.map { key.equals($0) } ?? key.equals(PredicateValue.null)
        default: return nil
        }
    }

    // MARK: XCUIElementAttributes

    /// The accessibility identifier (`data-testid`).
    open var identifier: String { readSnapshot("identifier")?.identifier ?? "" }
    /// Its box on screen, in points.
    open var frame: CGRect {
        guard let frame = readSnapshot("frame")?.frame else { return .zero }
        return CGRect(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
    }
    /// The accessible value: a field's text, "1"/"0" for a switch, a slider's number.
    open var value: Any? { readSnapshot("value")?.value }
    /// The title (the web has none apart from the label: always empty).
    open var title: String { readSnapshot("title").map { _ in "" } ?? "" }
    /// The accessible name.
    open var label: String { readSnapshot("label")?.label ?? "" }
    /// Its type, from its accessibility role.
    open var elementType: ElementType { readSnapshot("elementType")?.elementType ?? .any }
    /// Whether it is enabled.
    open var isEnabled: Bool { readSnapshot("isEnabled")?.isEnabled ?? false }
    /// A text field's placeholder.
    open var placeholderValue: String? { readSnapshot("placeholderValue")?.placeholderValue }
    /// Whether it is selected.
    open var isSelected: Bool { readSnapshot("isSelected")?.isSelected ?? false }
    /// Whether it has keyboard focus.
    open var hasFocus: Bool { readSnapshot("hasFocus")?.hasFocus ?? false }
    /// An attribute by its key, as Key-Value Coding reads one on Apple's `NSObject`: the keys of
    /// `XCUIElementAttributes` (`identifier`, `label`, `value`, `title`, `placeholderValue`,
    /// `elementType`, `frame`, `isEnabled`/`enabled`, `isSelected`/`selected`, `hasFocus`) and
    /// `exists`, `isHittable`/`hittable`. Any other key records a failure at the caller's line
    /// and answers `nil` (Apple's raises `NSUnknownKeyException`).
    open func value(forKey key: String, file: StaticString = #filePath, line: UInt = #line) -> Any? {
        switch key {
        case "exists": return exists
        case "isHittable", "hittable": return isHittable
        case "identifier", "label", "value", "title", "placeholderValue", "elementType", "frame", "isEnabled", "enabled",
             "isSelected", "selected", "hasFocus":
            guard let element = readSnapshot(key == "frame" ? "frame" : "value(forKey: \"\(key)\")") else { return nil }
            switch key {
            case "identifier": return element.identifier
            case "label": return element.label
            case "value": return element.value
            case "title": return ""
            case "placeholderValue": return element.placeholderValue
            case "elementType": return element.elementType.rawValue
            case "frame": return CGRect(x: element.frame.x, y: element.frame.y, width: element.frame.width, height: element.frame.height)
            case "isEnabled", "enabled": return element.isEnabled
            case "isSelected", "selected": return element.isSelected
            default: return element.hasFocus
            }
        default:
            Facade.fail(XCUIAutomationError(call: "\(text).value(forKey: \"\(key)\")", reason: .invalidArgument(
                "\"\(key)\" is not an attribute key of an element; the keys are identifier, label, value, title, placeholderValue, "
                    + "elementType, frame, isEnabled, isSelected, hasFocus, exists and isHittable")), at: CallerLine(file: file, line: line))
            return nil
        }
    }

    /// The horizontal size class of the screen (compact below 600 points, as on an iPhone).
    open var horizontalSizeClass: SizeClass { sizeClass(width: true) }
    /// The vertical size class of the screen.
    open var verticalSizeClass: SizeClass { sizeClass(width: false) }

    private func sizeClass(width: Bool) -> SizeClass {
        let screen: Device
        switch backing {
        case .success(.element(let element)): screen = element.app.screen
        case .success(.application(let app)): screen = app.screen
        case .failure: return .unspecified
        }
        return (width ? screen.width : screen.height) < 600 ? .compact : .regular
    }

    /// A size class, as UIKit's `UIUserInterfaceSizeClass`.
    public enum SizeClass: Int, Sendable {
        case unspecified = 0, compact, regular
    }

    // MARK: Snapshots and descriptions

    /// The element and its descendants as they are now; throws when it does not resolve.
    open func snapshot() throws -> any XCUIElementSnapshot {
        let backing = try self.backing.get()
        return try Blocking.run("\(text).snapshot()", limit: Facade.backstop(configuration)) { () async throws -> ElementSnapshotTree in
            switch backing {
            case .element(let element):
                let (page, index) = try await element.resolvedInPage()
                return ElementSnapshotTree(page: page, index: index)
            case .application(let app):
                return ElementSnapshotTree(page: try await app.snapshot(), index: 0)
            }
        }
    }

    /// The element's query as code, e.g. `app.buttons["Lion"]`.
    open override var description: String { text }

    /// The element and its subtree, one element per line (type, frame, identifier, label, value).
    open override var debugDescription: String {
        perform("debugDescription", site, fallback: text) { backing in
            switch backing {
            case .element(let element): return try await element.treeDescription()
            case .application(let app): return try await app.treeDescription()
            }
        }
    }

    // MARK: Queries

    /// The first match of the element's query, where the element itself needs exactly one.
    open var firstMatch: XCUIElement {
        switch backing {
        case .success(.element(let element)):
            let first = element.firstMatch
            return XCUIElement(backing: .success(.element(first)), text: first.description, site: site)
        default: return self
        }
    }

    /// Descendants of `type` (`.any` for all).
    open func descendants(matching type: ElementType) -> XCUIElementQuery {
        query { $0.descendants(matching: type) }
    }

    /// Direct children of `type`.
    open func children(matching type: ElementType) -> XCUIElementQuery {
        query { $0.children(matching: type) }
    }

    func query(_ make: (any ElementQueryProviding) -> ElementQuery) -> XCUIElementQuery {
        switch backing {
        case .success(.element(let element)): return XCUIElementQuery(query: .success(make(element)), site: site, fallbackText: text)
        case .success(.application(let app)): return XCUIElementQuery(query: .success(make(app)), site: site, fallbackText: text)
        case .failure(let error): return XCUIElementQuery(query: .failure(error), site: site, fallbackText: text)
        }
    }

    // MARK: Screenshots

    /// A screenshot of the element's box.
    open func screenshot(file: StaticString = #filePath, line: UInt = #line) -> XCUIScreenshot {
        let data = perform("screenshot()", CallerLine(file: file, line: line), fallback: Data()) { backing in
            switch backing {
            case .element(let element): return try await element.screenshot().pngData
            case .application(let app): return try await app.screenshot().pngData
            }
        }
        return XCUIScreenshot(pngRepresentation: data)
    }

    // MARK: Coordinates

    /// A point relative to the element: (0, 0) its top-left, (1, 1) its bottom-right.
    open func coordinate(withNormalizedOffset normalizedOffset: CGVector) -> XCUICoordinate {
        let offset = Vector(dx: Double(normalizedOffset.dx), dy: Double(normalizedOffset.dy))
        switch backing {
        case .success(.element(let element)):
            return XCUICoordinate(coordinate: .success(element.coordinate(withNormalizedOffset: offset)), element: self)
        case .success(.application(let app)):
            return XCUICoordinate(coordinate: .success(app.coordinate(withNormalizedOffset: offset)), element: self)
        case .failure(let error):
            return XCUICoordinate(coordinate: .failure(error), element: self)
        }
    }
}
