import LabSupport

/// A piece of server-rendered HTML, escaped by construction.
///
/// Tag and attribute names are `StaticString`s (compile-time constants), every attribute
/// value and every ``text(_:)`` is escaped when rendered, and the only way to emit markup
/// verbatim is ``trusted(_:)``, which also takes a `StaticString`: user data can never
/// reach the output unescaped.
public indirect enum HTMLNode: Sendable {
    /// An element with attributes and children.
    case element(StaticString, [HTMLAttribute], [HTMLNode])
    /// Text, escaped when rendered.
    case text(String)
    /// Markup written into the program itself (styles, scripts, SVG art), emitted verbatim.
    case trusted(StaticString)
    /// Several nodes in a row.
    case fragment([HTMLNode])

    /// Elements that have no end tag.
    static let voidElements: Set<String> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]

    /// An element: `.el("p", [.class("note")], [.text(note)])`.
    public static func el(_ tag: StaticString, _ attributes: [HTMLAttribute] = [], _ children: [HTMLNode] = []) -> HTMLNode {
        .element(tag, attributes, children)
    }

    /// Nothing.
    public static let empty = HTMLNode.fragment([])

    /// The node as markup.
    public var rendered: String {
        var output = ""
        render(into: &output)
        return output
    }

    /// Appends the node's markup to `output`.
    public func render(into output: inout String) {
        switch self {
        case .element(let tag, let attributes, let children):
            let name = tag.description
            output += "<" + name
            for attribute in attributes { attribute.render(into: &output) }
            // Inline code runs only with the response's nonce (ContentSecurity).
            if name == "script" || name == "style", let nonce = ContentSecurity.nonce {
                HTMLAttribute("nonce", nonce).render(into: &output)
            }
            output += ">"
            if Self.voidElements.contains(name) { return }
            for child in children { child.render(into: &output) }
            output += "</" + name + ">"
        case .text(let text):
            output += HTMLEscape.escape(text)
        case .trusted(let markup):
            output += markup.description
        case .fragment(let nodes):
            for node in nodes { node.render(into: &output) }
        }
    }
}
