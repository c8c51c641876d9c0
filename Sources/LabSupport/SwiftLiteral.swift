/// Text written as Swift source, for names that read as code: step names
/// (`app.typeText("a\nb")`), flow traces, predicate descriptions.
public enum SwiftLiteral {
    /// A Swift string literal that evaluates to `text`: `"`, `\`, newline, carriage return,
    /// tab and NUL as their escapes, any other control character (C0, DEL, C1) and the
    /// line and paragraph separators as `\u{…}`; everything else as it is.
    public static func string(_ text: String) -> String {
        var result = "\""
        // Scalars, not Characters: "\r\n" is one Character but two escapes.
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A `TimeInterval`-style number as Swift writes it: `5.0`, `0.25`.
    public static func seconds(_ value: Double) -> String { "\(value)" }
}
