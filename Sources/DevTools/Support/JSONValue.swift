/// Any JSON value, for CDP fields whose type depends on context (a `RemoteObject`'s
/// value, an accessibility property's value).
public enum JSONValue: Codable, Sendable, Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The value as text: strings as they are, numbers without a needless `.0`, `nil` for null.
    public var text: String? {
        switch self {
        case .null: return nil
        case .bool(let value): return String(value)
        case .number(let value):
            return value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .string(let value): return value
        case .array, .object: return description
        }
    }

    /// The value as a `Bool`, when it is one.
    public var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    /// The value as a `Double`, when it is a number.
    public var number: Double? { if case .number(let value) = self { value } else { nil } }
    /// The value as a `String`, when it is a string.
    public var string: String? { if case .string(let value) = self { value } else { nil } }

    public var description: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return String(value)
        case .number: return text ?? ""
        case .string(let value): return "\"\(value)\""
        case .array(let values): return "[" + values.map(\.description).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
        }
    }
}
