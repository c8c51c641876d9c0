/// The kind of one top-level field of a request body, decoded without recursing into
/// nested arrays or objects (their content is never needed, only that they are not strings).
enum JSONFieldValue: Decodable {
    case string(String)
    case number
    case boolean
    case null
    case array
    case object

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
            return
        }
        do {
            self = .string(try container.decode(String.self))
            return
        } catch DecodingError.typeMismatch {
            // Not a string: classify it below. Other errors (an invalid string such as a lone
            // surrogate escape) propagate and make the body malformed.
        }
        if (try? container.decode(Bool.self)) != nil {
            self = .boolean
        } else if (try? decoder.container(keyedBy: JSONKey.self)) != nil {
            self = .object
        } else if (try? decoder.unkeyedContainer()) != nil {
            self = .array
        } else {
            // Anything else that parsed is a number (possibly one too large for Double).
            self = .number
        }
    }

    /// `"a string"`, `"a number"`, … for error messages.
    var kindDescription: String {
        switch self {
        case .string: "a string"
        case .number: "a number"
        case .boolean: "a boolean"
        case .null: "null"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A coding key for any JSON object key.
struct JSONKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// A JSON object's fields, in no particular order, each classified by ``JSONFieldValue``.
struct JSONObjectFields: Decodable {
    var fields: [String: JSONFieldValue]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        var fields: [String: JSONFieldValue] = [:]
        for key in container.allKeys {
            fields[key.stringValue] = try container.decode(JSONFieldValue.self, forKey: key)
        }
        self.fields = fields
    }
}
