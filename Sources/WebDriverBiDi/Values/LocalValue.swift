public import LabSupport

/// A value sent to the page (the spec's `script.LocalValue`): the arguments and `this` of
/// `script.callFunction`. A node found earlier is passed by its `sharedId`.
public indirect enum LocalValue: Sendable, Equatable, Encodable {
    case undefined
    case null
    case string(String)
    /// A number; `NaN`, `-0` and the infinities are sent by name, as the spec asks.
    case number(Double)
    case boolean(Bool)
    /// A BigInt, in decimal.
    case bigint(String)
    case array([LocalValue])
    /// A plain object, its properties in this order.
    case object([(key: String, value: LocalValue)])
    /// A `Date`, from its ISO 8601 text.
    case date(String)
    case regExp(pattern: String, flags: String?)
    /// A node (or any value) the page serialised with a `sharedId`.
    case sharedReference(sharedId: String)
    /// A value kept alive in the page by its handle.
    case remoteReference(handle: String)

    /// JSON as the matching page value (objects, arrays, strings, numbers, booleans, null).
    public init(_ json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let value): self = .boolean(value)
        case .number(let value): self = .number(value)
        case .string(let value): self = .string(value)
        case .array(let items): self = .array(items.map(LocalValue.init))
        case .object(let members): self = .object(members.sorted { $0.key < $1.key }.map { ($0.key, LocalValue($0.value)) })
        }
    }

    /// The node a ``RemoteValue`` is, by reference; `nil` when it has no `sharedId`.
    public init?(node: RemoteValue) {
        guard let sharedId = node.sharedId else { return nil }
        self = .sharedReference(sharedId: sharedId)
    }

    public static func == (lhs: LocalValue, rhs: LocalValue) -> Bool {
        switch (lhs, rhs) {
        case (.undefined, .undefined), (.null, .null): true
        case (.string(let a), .string(let b)), (.bigint(let a), .bigint(let b)), (.date(let a), .date(let b)): a == b
        case (.number(let a), .number(let b)): a == b || (a.isNaN && b.isNaN)
        case (.boolean(let a), .boolean(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.regExp(let p1, let f1), .regExp(let p2, let f2)): p1 == p2 && f1 == f2
        case (.sharedReference(let a), .sharedReference(let b)): a == b
        case (.remoteReference(let a), .remoteReference(let b)): a == b
        default: false
        }
    }

    private enum CodingKeys: String, CodingKey { case type, value, sharedId, handle }
    private struct RegExpValue: Encodable {
        let pattern: String
        let flags: String?
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .undefined: try container.encode("undefined", forKey: .type)
        case .null: try container.encode("null", forKey: .type)
        case .string(let value):
            try container.encode("string", forKey: .type)
            try container.encode(value, forKey: .value)
        case .number(let value):
            try container.encode("number", forKey: .type)
            if value.isNaN { try container.encode("NaN", forKey: .value) }
            else if value == .infinity { try container.encode("Infinity", forKey: .value) }
            else if value == -.infinity { try container.encode("-Infinity", forKey: .value) }
            else if value == 0 && value.sign == .minus { try container.encode("-0", forKey: .value) }
            else { try container.encode(value, forKey: .value) }
        case .boolean(let value):
            try container.encode("boolean", forKey: .type)
            try container.encode(value, forKey: .value)
        case .bigint(let value):
            try container.encode("bigint", forKey: .type)
            try container.encode(value, forKey: .value)
        case .array(let items):
            try container.encode("array", forKey: .type)
            try container.encode(items, forKey: .value)
        case .object(let members):
            try container.encode("object", forKey: .type)
            var pairs = container.nestedUnkeyedContainer(forKey: .value)
            for member in members {
                var pair = pairs.nestedUnkeyedContainer()
                try pair.encode(member.key)
                try pair.encode(member.value)
            }
        case .date(let value):
            try container.encode("date", forKey: .type)
            try container.encode(value, forKey: .value)
        case .regExp(let pattern, let flags):
            try container.encode("regexp", forKey: .type)
            try container.encode(RegExpValue(pattern: pattern, flags: flags), forKey: .value)
        case .sharedReference(let sharedId):
            try container.encode(sharedId, forKey: .sharedId)
        case .remoteReference(let handle):
            try container.encode(handle, forKey: .handle)
        }
    }
}
