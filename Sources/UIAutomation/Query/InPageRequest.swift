import Foundation
package import LabSupport

// The in-page query engine's wire format (`elementQuery.js`, issue 42), engine-neutral: the
// request made from a query chain and the answer read back. An engine that installs the
// script (``PageScripts/elementQueryInstall``) evaluates ``PageScripts/inPageRun(_:)`` with the
// request however its protocol evaluates scripts, and reads the answer with ``InPageRequest/answer(_:)``.

/// The engine's request made from a query chain, and its answer read back.
package enum InPageRequest {
    /// A step the engine does not take, and why (for the step log).
    package struct Unsupported: Error {
        package let reason: String
    }

    /// The engine's steps for `steps`, one per step (a failure's step number is the chain's).
    package static func steps(_ steps: [QueryStep]) -> Result<[JSONValue], Unsupported> {
        var made: [JSONValue] = []
        for step in steps {
            switch step {
            case .descendants(let type): made.append(.object(["descendants": .string(type.caseName)]))
            case .children(let type): made.append(.object(["children": .string(type.caseName)]))
            case .css(let selector): made.append(.object(["css": .string(selector)]))
            case .pick(.unique): made.append(.object(["pick": .string("unique")]))
            case .pick(.first): made.append(.object(["pick": .string("first")]))
            case .pick(.index(let index)): made.append(.object(["pick": .number(Double(index))]))
            case .matching(let predicate), .containing(let predicate):
                let key: String
                if case .matching = step {
                    if let text = subscriptText(predicate.node) {
                        made.append(.object(["subscript": .string(text)]))
                        continue
                    }
                    key = "matching"
                } else {
                    key = "containing"
                }
                guard let translated = predicateJSON(predicate.node) else {
                    return .failure(Unsupported(reason: "a predicate the in-page engine does not take: \(predicate)"))
                }
                made.append(.object([key: translated]))
            }
        }
        return .success(made)
    }

    /// The subscript's five-way predicate (`ElementQuery.subscript`: identifier, label, label
    /// without glyphs, value or placeholder equal to one text): that text.
    static func subscriptText(_ node: PredicateNode) -> String? {
        guard case .or(let operands) = node, operands.count == subscriptKeys.count else { return nil }
        var text: String?
        for (operand, key) in zip(operands, subscriptKeys) {
            guard case .comparison(let comparison) = operand, comparison.op == .equal, comparison.options == [],
                  case .key(key) = comparison.lhs, case .value(.string(let value)) = comparison.rhs,
                  text == nil || text == value else { return nil }
            text = value
        }
        return text
    }

    private static let subscriptKeys = ["identifier", "label", "undecoratedLabel", "value", "placeholderValue"]

    /// Keys whose value is a string (or null) on both sides.
    private static let stringKeys: Set<String> = ["label", "undecoratedLabel", "identifier", "value", "placeholderValue", "title"]
    /// Keys whose value is a bool on both sides.
    private static let boolKeys: Set<String> = ["exists", "isEnabled", "enabled", "isSelected", "selected", "hasFocus", "hasKeyboardFocus"]

    /// The predicate as the engine's JSON, or `nil` where the engine's comparison would not be
    /// exactly `PredicateComparison`'s: only string keys against strings (==, !=, BEGINSWITH,
    /// ENDSWITH, CONTAINS, IN a list of strings), boolean keys against booleans (==, !=) and the
    /// element type against a type's number (==, !=, IN) are taken; frames, `isHittable`,
    /// ordering, MATCHES, LIKE, BETWEEN, key against key and mixed types are not (the tree
    /// answers those).
    static func predicateJSON(_ node: PredicateNode) -> JSONValue? {
        switch node {
        case .constant(let value): return .bool(value)
        case .not(let operand): return predicateJSON(operand).map { .object(["not": $0]) }
        case .and(let operands), .or(let operands):
            var parts: [JSONValue] = []
            for operand in operands {
                guard let part = predicateJSON(operand) else { return nil }
                parts.append(part)
            }
            if case .and = node { return .object(["and": .array(parts)]) }
            return .object(["or": .array(parts)])
        case .comparison(let comparison):
            return comparisonJSON(comparison)
        }
    }

    private static func comparisonJSON(_ comparison: PredicateComparison) -> JSONValue? {
        let op = comparison.op
        let key: String, rhs: PredicateOperand
        switch (comparison.lhs, comparison.rhs) {
        case (.key(let name), .value), (.key(let name), .list):
            key = name
            rhs = comparison.rhs
        case (.value, .key(let name)) where op == .equal || op == .notEqual:
            key = name
            rhs = comparison.lhs
        default:
            return nil
        }
        let options = (comparison.options.contains(.caseInsensitive) ? "c" : "") + (comparison.options.contains(.diacriticInsensitive) ? "d" : "")
        func made(_ value: JSONValue) -> JSONValue {
            .object(["key": .string(key), "op": .string(op.formatText), "value": value, "options": .string(options)])
        }
        if stringKeys.contains(key) {
            switch (op, rhs) {
            case (.equal, .value(.string(let text))), (.notEqual, .value(.string(let text))),
                 (.beginsWith, .value(.string(let text))), (.endsWith, .value(.string(let text))), (.contains, .value(.string(let text))):
                return made(.string(text))
            case (.in, .list(let items)):
                var texts: [JSONValue] = []
                for item in items {
                    guard case .string(let text) = item else { return nil }
                    texts.append(.string(text))
                }
                return made(.array(texts))
            default:
                return nil
            }
        }
        if boolKeys.contains(key), op == .equal || op == .notEqual, case .value(.bool(let flag)) = rhs {
            return made(.bool(flag))
        }
        if key == "elementType" {
            func name(_ value: PredicateValue) -> String? {
                guard case .number(let number) = value, let raw = Int(exactly: number), let type = ElementType(rawValue: raw) else { return nil }
                return type.caseName
            }
            switch (op, rhs) {
            case (.equal, .value(let value)), (.notEqual, .value(let value)):
                return name(value).map { made(.string($0)) }
            case (.in, .list(let items)):
                var names: [JSONValue] = []
                for item in items {
                    guard let typeName = name(item) else { return nil }
                    names.append(.string(typeName))
                }
                return made(.array(names))
            default:
                return nil
            }
        }
        return nil
    }

    /// `value` as compact JSON (a JavaScript expression too).
    package static func json(_ value: JSONValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    /// The engine's reply read back; `nil` when it is not one.
    package static func answer(_ reply: [String: JSONValue]) -> InPageAnswer? {
        guard let matchList = reply["matches"]?.array else { return nil }
        var matches: [ElementSnapshot] = []
        for match in matchList {
            guard let element = element(match) else { return nil }
            matches.append(element)
        }
        let path = reply["path"]?.string ?? "whole"
        guard let failure = reply["failure"], failure != .null else {
            return InPageAnswer(matches: matches, failure: nil, failureMatches: [], path: path)
        }
        guard let kind = failure.member("kind")?.string, let step = failure.member("step")?.integer else { return nil }
        switch kind {
        case "noMatch":
            return InPageAnswer(matches: [], failure: .noMatch(step: step), failureMatches: [], path: path)
        case "multipleMatches":
            let found = (failure.member("matches")?.array ?? []).compactMap(element)
            return InPageAnswer(matches: [], failure: .multipleMatches(step: step, matches: Array(found.indices)),
                                           failureMatches: found, path: path)
        case "indexOutOfRange":
            guard let index = failure.member("index")?.integer, let count = failure.member("count")?.integer else { return nil }
            return InPageAnswer(matches: [], failure: .indexOutOfRange(step: step, index: index, count: count),
                                           failureMatches: [], path: path)
        default:
            return nil
        }
    }

    /// One element of the engine's reply as a snapshot element (no parent or children: the
    /// engine answers with the matches only); `nil` when it is not one.
    package static func element(_ value: JSONValue) -> ElementSnapshot? {
        guard case .object(let fields) = value, let typeName = fields["type"]?.string,
              let type = ElementType.byCaseName[typeName] else { return nil }
        let frame = fields["frame"]?.array?.compactMap(\.number) ?? []
        return ElementSnapshot(
            elementType: type,
            identifier: fields["identifier"]?.string ?? "",
            label: fields["label"]?.string ?? "",
            value: fields["value"]?.string,
            placeholderValue: fields["placeholder"]?.string,
            isEnabled: fields["enabled"]?.bool ?? true,
            isSelected: fields["selected"]?.bool ?? false,
            hasFocus: fields["focused"]?.bool ?? false,
            frame: frame.count == 4 ? Rect(x: frame[0], y: frame[1], width: frame[2], height: frame[3]) : .zero,
            role: fields["role"]?.string ?? "",
            node: fields["ref"]?.integer.map { NodeHandle.inPage($0) },
            parent: nil, depth: 0)
    }
}

extension ElementType {
    /// Every type by its case name (`button`, `staticText`): how the in-page engine names them.
    package static let byCaseName: [String: ElementType] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.caseName, $0) })
}
