import LabSupport

/// The two escapes of HTML: for text content and for quoted attribute values.
public enum HTMLEscaping {
    /// Escapes `&`, `<` and `>` (and quotes, so the result is safe anywhere).
    public static func text(_ string: String) -> String { attribute(string) }

    /// Escapes `&`, `<`, `>`, `"` and `'` (LabSupport's one HTML escaper).
    public static func attribute(_ string: String) -> String { HTMLEscape.escape(string) }
}
