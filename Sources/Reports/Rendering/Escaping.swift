import LabSupport

/// Escaping for the renderers: every string that came from a test (names, messages, trees,
/// file paths) goes through LabSupport's `HTMLEscape` before it is written into markup, and
/// through this for XML.
enum Escaping {
    /// Text for XML 1.0 content or a quoted attribute: escaped as for HTML (`HTMLEscape`), and
    /// characters XML 1.0 cannot carry at all (most C0 controls, lone surrogates' replacements)
    /// replaced by U+FFFD. In attributes, newlines and tabs are written as character references
    /// so parsers keep them.
    static func xml(_ text: String, attribute: Bool = false) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let entity = HTMLEscape.entity(for: scalar) {
                out += entity
                continue
            }
            switch scalar {
            case "\n", "\r", "\t": out += attribute ? "&#\(scalar.value);" : String(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
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
