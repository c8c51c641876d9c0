import Foundation
import LabSupport
import Yams

/// `Sources/MessagesService/openapi.yaml`, loaded with Yams, and a validator for the subset of
/// JSON Schema it uses ($ref, type, enum, required, properties, additionalProperties, items,
/// minLength, maxLength, pattern). Every response a test receives is checked with it.
final class OpenAPIDocument: @unchecked Sendable {
    /// The parsed document (immutable after loading).
    let root: [String: Any]

    static let path: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/MessagesService/openapi.yaml")

    static let shared: OpenAPIDocument = {
        do {
            return try OpenAPIDocument(yaml: String(contentsOf: path, encoding: .utf8))
        } catch {
            fatalError("cannot load \(path.path): \(error)")
        }
    }()

    init(yaml: String) throws {
        guard let root = try Yams.load(yaml: yaml) as? [String: Any] else {
            throw HTTPClientError(description: "openapi.yaml is not a mapping")
        }
        self.root = root
    }

    var paths: [String: Any] { root["paths"] as? [String: Any] ?? [:] }

    static let methods = ["get", "head", "post", "put", "patch", "delete", "options", "trace"]

    /// Every documented (path, METHOD, status).
    var documentedResponses: [DocumentedResponse] {
        var result: [DocumentedResponse] = []
        for (path, item) in paths {
            guard let item = item as? [String: Any] else { continue }
            for method in Self.methods {
                guard let operation = item[method] as? [String: Any], let responses = operation["responses"] as? [String: Any] else { continue }
                for status in responses.keys {
                    result.append(DocumentedResponse(path: path, method: method.uppercased(), status: Int(status) ?? -1))
                }
            }
        }
        return result.sorted { ($0.path, $0.method, $0.status) < ($1.path, $1.method, $1.status) }
    }

    /// The schema at `#/components/schemas/<name>`.
    func schema(named name: String) -> [String: Any]? {
        ((root["components"] as? [String: Any])?["schemas"] as? [String: Any])?[name] as? [String: Any]
    }

    /// Problems with `response` as an answer to `method pathTemplate`; empty if it conforms.
    func problems(with response: HTTPResult, method: String, pathTemplate: String) -> [String] {
        guard let item = paths[pathTemplate] as? [String: Any] else { return ["path \(pathTemplate) is not documented"] }
        guard let operation = item[method.lowercased()] as? [String: Any] else { return ["\(method) \(pathTemplate) is not documented"] }
        guard var documented = (operation["responses"] as? [String: Any])?[String(response.status)] as? [String: Any] else {
            return ["\(method) \(pathTemplate) does not document status \(response.status) (\(response))"]
        }
        documented = resolve(documented)
        var problems: [String] = []
        for (name, header) in documented["headers"] as? [String: Any] ?? [:] {
            let header = resolve(header as? [String: Any] ?? [:])
            guard let value = response.header(name) else {
                if header["required"] as? Bool == true { problems.append("missing header \(name)") }
                continue
            }
            if let schema = header["schema"] as? [String: Any] {
                problems += validate(.string(value), against: schema, at: "header \(name)")
            }
        }
        if let content = documented["content"] as? [String: Any] {
            guard let media = content["application/json"] as? [String: Any], let schema = media["schema"] as? [String: Any] else {
                return problems + ["only application/json content is validated"]
            }
            guard let type = response.header("content-type"), type.lowercased().hasPrefix("application/json") else {
                return problems + ["content-type is \(response.header("content-type") ?? "missing"), not application/json"]
            }
            do {
                let json = try response.json()
                problems += validate(json, against: schema, at: "body")
            } catch {
                problems.append("body is not JSON: \(error)")
            }
        } else if !response.body.isEmpty {
            problems.append("documented without content, but the body has \(response.body.count) bytes")
        }
        return problems
    }

    private func resolve(_ object: [String: Any]) -> [String: Any] {
        guard let ref = object["$ref"] as? String, ref.hasPrefix("#/") else { return object }
        var node: Any = root
        for part in ref.dropFirst(2).split(separator: "/") {
            guard let next = (node as? [String: Any])?[String(part)] else { return [:] }
            node = next
        }
        return resolve(node as? [String: Any] ?? [:])
    }

    /// Validates `value` against a schema; returns the problems found, each with its location.
    func validate(_ value: JSONValue, against schema: [String: Any], at location: String) -> [String] {
        let schema = resolve(schema)
        var problems: [String] = []
        if let type = schema["type"] as? String, !Self.value(value, hasType: type) {
            return ["\(location): expected \(type), got \(value.description.prefix(80))"]
        }
        if let options = schema["enum"] as? [Any], !options.contains(where: { Self.value(value, equals: $0) }) {
            problems.append("\(location): \(value.description.prefix(80)) is not one of \(options)")
        }
        if case .string(let text) = value {
            let length = text.unicodeScalars.count
            if let min = schema["minLength"] as? Int, length < min { problems.append("\(location): shorter than \(min)") }
            if let max = schema["maxLength"] as? Int, length > max { problems.append("\(location): longer than \(max)") }
            if var pattern = schema["pattern"] as? String {
                // ECMA-262 `$` (JSON Schema) matches only at the very end; ICU's also matches
                // before a final line terminator (e.g. U+0085), so use ICU's `\z` instead.
                if pattern.hasSuffix("$") && !pattern.hasSuffix("\\$") {
                    pattern = String(pattern.dropLast()) + "\\z"
                }
                do {
                    let regex = try NSRegularExpression(pattern: pattern)
                    let range = NSRange(text.startIndex..., in: text)
                    if regex.firstMatch(in: text, range: range) == nil {
                        problems.append("\(location): \(text.debugDescription.prefix(80)) does not match \(pattern)")
                    }
                } catch {
                    problems.append("\(location): bad pattern \(pattern): \(error)")
                }
            }
        }
        if case .object(let fields) = value {
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for name in schema["required"] as? [String] ?? [] where fields[name] == nil {
                problems.append("\(location): missing required property \(name)")
            }
            for (name, fieldValue) in fields {
                if let propertySchema = properties[name] as? [String: Any] {
                    problems += validate(fieldValue, against: propertySchema, at: "\(location).\(name)")
                } else if let additional = schema["additionalProperties"] as? [String: Any] {
                    problems += validate(fieldValue, against: additional, at: "\(location).\(name)")
                } else if schema["additionalProperties"] as? Bool == false {
                    problems.append("\(location): unexpected property \(name)")
                }
            }
        }
        if case .array(let items) = value, let itemSchema = schema["items"] as? [String: Any] {
            for (index, item) in items.enumerated() {
                problems += validate(item, against: itemSchema, at: "\(location)[\(index)]")
            }
        }
        return problems
    }

    private static func value(_ value: JSONValue, hasType type: String) -> Bool {
        switch (type, value) {
        case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("number", .number):
            return true
        case ("integer", .number(let number)):
            return number == number.rounded()
        default:
            return false
        }
    }

    private static func value(_ value: JSONValue, equals option: Any) -> Bool {
        switch value {
        case .string(let text): return (option as? String) == text
        case .number(let number): return (option as? Int).map(Double.init) == number || (option as? Double) == number
        case .bool(let flag): return (option as? Bool) == flag
        default: return false
        }
    }
}

/// One documented response of one operation.
struct DocumentedResponse: Hashable, Sendable, CustomStringConvertible {
    var path: String
    var method: String
    var status: Int
    var description: String { "\(method) \(path) → \(status)" }
}
