import Foundation

/// Any JSON value: CDP fields whose type depends on context (a `RemoteObject`'s value, an
/// accessibility property's value), values passed to and from page scripts, and files checked
/// value by value (the trivia questions). Numbers are `Double`s, as JSON's are; ``integer``
/// says whether one is a whole number.
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

    /// Parses JSON text (UTF-8).
    public static func parse(_ bytes: some Sequence<UInt8>) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    }

    /// Parses JSON text.
    public static func parse(_ text: String) throws -> JSONValue {
        try parse(Array(text.utf8))
    }

    /// An object's member, when it is an object that has it.
    public subscript(key: String) -> JSONValue? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }

    /// An array's element, when it is an array that long.
    public subscript(index: Int) -> JSONValue? {
        if case .array(let items) = self, items.indices.contains(index) { return items[index] }
        return nil
    }

    /// The elements, when it is an array.
    public var array: [JSONValue]? { if case .array(let items) = self { items } else { nil } }
    /// The members, when it is an object.
    public var object: [String: JSONValue]? { if case .object(let fields) = self { fields } else { nil } }
    /// The value as a `Bool`, when it is one.
    public var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    /// The value as a `Double`, when it is a number.
    public var number: Double? { if case .number(let value) = self { value } else { nil } }
    /// The value as an `Int`, when it is a number with no fractional part (`2`, `2.0`).
    public var integer: Int? {
        guard case .number(let value) = self, value.rounded() == value, abs(value) < 1e15 else { return nil }
        return Int(value)
    }
    /// The value as a `String`, when it is a string.
    public var string: String? { if case .string(let value) = self { value } else { nil } }
    /// The member `key` of an object; `nil` for a missing key or a value that is not an object.
    public func member(_ key: String) -> JSONValue? { if case .object(let members) = self { members[key] } else { nil } }

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

    /// What it is, for error messages: "a string", "an integer", "the number 4.5", "true", …
    public var kind: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .number(let value): integer != nil ? "an integer" : "the number \(value)"
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }
}
