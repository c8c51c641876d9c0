/// Escaping for HTML: for text content and quoted attribute values alike. The one escaper of the
/// package: LabKit's HTML builder, the report's HTML page and its XML (which adds XML's own rules
/// on top of ``entity(for:)``) all write through it.
public enum HTMLEscape {
    /// `text` with `&`, `<`, `>`, `"` and `'` escaped: safe as element content and as a
    /// quoted attribute value.
    public static func escape(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let entity = entity(for: scalar) {
                output += entity
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// The character reference that stands for `scalar` in escaped text (`&amp;`, `&lt;`,
    /// `&gt;`, `&quot;`, `&#39;`), or `nil` when the scalar is written as it is. The references
    /// are valid in XML 1.0 too.
    public static func entity(for scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "&": "&amp;"
        case "<": "&lt;"
        case ">": "&gt;"
        case "\"": "&quot;"
        case "'": "&#39;"
        default: nil
        }
    }
}
