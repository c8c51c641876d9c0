import LabSupport

/// Escaping for the renderers: every string that came from a test (names, messages, trees,
/// file paths) goes through one of these before it is written into markup.
enum Escaping {
    /// Text for an HTML element or a quoted attribute: `& < > " '` escaped.
    static func html(_ text: String) -> String { HTMLEscape.escape(text) }

    /// Text for XML 1.0 content or a quoted attribute: escaped as for HTML, and characters XML
    /// 1.0 cannot carry at all (most C0 controls, lone surrogates' replacements) replaced by
    /// U+FFFD. In attributes, newlines and tabs are written as character references so parsers
    /// keep them.
    static func xml(_ text: String, attribute: Bool = false) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += attribute ? "&#10;" : "\n"
            case "\r": out += attribute ? "&#13;" : "\r"
            case "\t": out += attribute ? "&#9;" : "\t"
            default:
                let value = scalar.value
                if value < 0x20 || value == 0xFFFE || value == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}

/// Durations as people read them: `850 ms`, `2.31 s`, `1 min 4 s`.
/// Total: a value no run file may hold (``RunFileRules/isValidDuration(_:)``) reads `? s`.
func formatDuration(_ seconds: Double) -> String {
    guard RunFileRules.isValidDuration(seconds) else { return "? s" }
    if seconds < 1 { return "\(Int((seconds * 1000).rounded())) ms" }
    if seconds < 60 { return "\((seconds * 100).rounded() / 100) s" }
    let whole = Int(seconds.rounded())
    return "\(whole / 60) min \(whole % 60) s"
}
