/// The two escapes of HTML: for text content and for quoted attribute values.
public enum HTMLEscaping {
    /// Escapes `&`, `<` and `>` (and quotes, so the result is safe anywhere).
    public static func text(_ string: String) -> String { attribute(string) }

    /// Escapes `&`, `<`, `>`, `"` and `'`.
    public static func attribute(_ string: String) -> String {
        var output = ""
        output.reserveCapacity(string.utf8.count)
        for character in string.unicodeScalars {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.unicodeScalars.append(character)
            }
        }
        return output
    }
}
