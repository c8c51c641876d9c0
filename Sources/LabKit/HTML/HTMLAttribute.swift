import LabSupport

/// One attribute of an ``HTMLNode`` element. The name is a compile-time constant; the value
/// is escaped when rendered.
public struct HTMLAttribute: Sendable {
    /// The attribute's name.
    public let name: StaticString
    /// The value; `nil` renders a boolean attribute (`hidden`, `disabled`).
    public let value: String?

    /// An attribute `name="value"`.
    public init(_ name: StaticString, _ value: String?) {
        self.name = name
        self.value = value
    }

    /// `class="…"`.
    public static func `class`(_ value: String) -> HTMLAttribute { HTMLAttribute("class", value) }
    /// `id="…"`.
    public static func id(_ value: String) -> HTMLAttribute { HTMLAttribute("id", value) }
    /// `data-testid="…"`: the accessibility identifier UIAutomation reads.
    public static func testID(_ value: String) -> HTMLAttribute { HTMLAttribute("data-testid", value) }
    /// `role="…"`.
    public static func role(_ value: String) -> HTMLAttribute { HTMLAttribute("role", value) }
    /// `aria-label="…"`.
    public static func ariaLabel(_ value: String) -> HTMLAttribute { HTMLAttribute("aria-label", value) }
    /// `href="…"`.
    public static func href(_ value: String) -> HTMLAttribute { HTMLAttribute("href", value) }
    /// `aria-hidden="true"`.
    public static let ariaHidden = HTMLAttribute("aria-hidden", "true")

    func render(into output: inout String) {
        output += " " + name.description
        if let value { output += "=\"" + HTMLEscape.escape(value) + "\"" }
    }
}
