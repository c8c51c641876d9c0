/// Any JSON value, decoded exactly (a `true` is never a number, `4.5` never an integer),
/// so the questions file can be checked value by value with precise errors.
enum JSONValue: Decodable, Equatable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// What it is, for error messages: "a string", "an integer", …
    var kind: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .integer: "an integer"
        case .number(let value): "the number \(value)"
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }
}
