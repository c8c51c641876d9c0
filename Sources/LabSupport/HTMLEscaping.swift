/// Escaping for HTML: for text content and quoted attribute values alike.
public enum HTMLEscape {
    /// `text` with `&`, `<`, `>`, `"` and `'` escaped: safe as element content and as a
    /// quoted attribute value.
    public static func escape(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
