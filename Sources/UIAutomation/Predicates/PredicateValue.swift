/// The attribute values a predicate can read from an element snapshot, and the constants a
/// predicate compares them with.
///
/// Values of different kinds still compare the way XCUITest users expect:
/// a bool is the number 0 or 1 (`exists == 1`), and a string compared with a number or bool
/// is compared with that number's text (`value == 1` matches a switch whose value is `"1"`).
public enum PredicateValue: Sendable, Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
}

extension PredicateValue {
    /// The value as a number: numbers as they are, bools as 0/1. Strings and null have none.
    var numericValue: Double? {
        switch self {
        case .number(let number): number
        case .bool(let flag): flag ? 1 : 0
        case .string, .null: nil
        }
    }

    /// The value as text, for string operators and string-to-number equality:
    /// `9` → "9", `1.5` → "1.5", `true` → "1". Null has no text.
    var textValue: String? {
        switch self {
        case .string(let text): text
        case .number(let number): PredicateValue.text(of: number)
        case .bool(let flag): flag ? "1" : "0"
        case .null: nil
        }
    }

    /// Integral numbers print without a fraction ("1", not "1.0"), as their text on an element does.
    static func text(of number: Double) -> String {
        if number.isFinite, number == number.rounded(), abs(number) < 1e15 {
            return String(Int64(number))
        }
        return number.description
    }
}
