import DevTools
import Foundation
import LabSupport
import Synchronization

/// Queries resolved in the page (issue 42): `elementQuery.js`, installed in every new document,
/// answers a query chain over the DOM in one `Runtime.evaluate`, with only its matches — no
/// accessibility tree read. What it answers is what a read of Chromium's tree would give (the
/// differential tests: `InPageDifferentialTests`, `bench/inpage_differential.py`); where it could
/// not answer exactly, it says so and the query is resolved in the tree instead.
extension PageDriver {
    /// The engine's answer to one query.
    struct InPageAnswer: Sendable {
        /// The matches, in document order (the whole chain's, picks applied).
        let matches: [ElementSnapshot]
        /// Why the chain matched nothing usable, when it did not.
        let failure: QueryEvaluator.Failure?
        /// For a ``QueryEvaluator/Failure/multipleMatches(step:matches:)``: the matches' elements.
        let failureMatches: [ElementSnapshot]
        /// The engine's path: `fast` (the candidates of the first type only), `whole` (the
        /// page's whole element tree, kept per change stamp), or `unchanged` (the last answer,
        /// the page unchanged since).
        let path: String
    }

    /// What the engine said to a query.
    enum InPageResolution: Sendable {
        /// It answered.
        case answered(InPageAnswer)
        /// It cannot answer this query exactly here; the reason, for the step log.
        case fallback(String)
    }

    /// The backend DOM node id of `node` (an in-page reference is resolved in the page), or `nil`
    /// when it left the document: how a match of either engine is compared with the tree's.
    func backendNodeId(of node: NodeHandle) async throws -> Int? {
        if let id = node.backendNodeId { return id }
        let limit = configuration.responseTimeout
        let group = "automationlab-describe-" + UUID().uuidString
        defer { releaseInBackground(CDP.Runtime.ReleaseObjectGroup(objectGroup: group)) }
        guard let object = try await NodeHandles.object(for: node, in: page, group: group, limit: limit) else { return nil }
        return try await page.send(CDP.DOM.DescribeNode(objectId: object), timeout: limit).node.backendNodeId
    }

    /// The last answer, and what it answered: a query asked again on an unchanged page (same
    /// change stamp, no input since, same document) sends the stamp and gets `unchanged`.
    struct InPageCache: Sendable {
        let request: String
        let stamp: String
        let inputs: Int
        let loads: Int
        let answer: InPageAnswer
    }

    /// Resolves `steps` in the page: one `Runtime.evaluate` of the engine's `run` with the
    /// request made from the steps; `.fallback` (with the reason) when a step is one the engine
    /// does not take, the page has a closed shadow root, or the script threw. A read a
    /// navigation overtakes is asked again in the new document, as ``snapshot(timeout:frames:)``
    /// does. `fast` true asks for the engine's fast path even where it keeps the page's whole
    /// tree (the differential test runs both paths).
    func inPageQuery(steps: [QueryStep], fast: Bool = false) async throws -> InPageResolution {
        let request: [JSONValue]
        switch InPageRequest.steps(steps) {
        case .success(let made): request = made
        case .failure(let unsupported): return .fallback(unsupported.reason)
        }
        var fields: [String: JSONValue] = [
            "mode": .string("query"), "identifierAttribute": .string(configuration.identifierAttribute), "steps": .array(request),
        ]
        if fast { fields["fast"] = .bool(true) }
        let body = InPageRequest.json(.object(fields))
        let limit = configuration.responseTimeout
        let deadline = ContinuousClock.now + limit
        while true {
            do {
                return try await browser.run { try await askInPage(body, fields: fields, limit: limit) }
            } catch DevToolsError.protocolError(_, _, let message, _)
                where Self.isNavigationRace(message) && ContinuousClock.now + .milliseconds(50) < deadline {
                forgetInPageAnswer()
                try await Task.sleep(for: .milliseconds(50))
            }
        }
    }

    private func askInPage(_ body: String, fields: [String: JSONValue], limit: Duration) async throws -> InPageResolution {
        let inputs = inputCount, loads = navigation.loadCount
        var fields = fields
        let cached = inPageAnswer(for: body, inputs: inputs, loads: loads)
        if let cached { fields["stamp"] = .string(cached.stamp) }
        // Input since the engine last answered: its tree kept for the stamp may be stale.
        if inputsAtLastInPageAnswer.exchange(inputs, ordering: .acquiringAndReleasing) != inputs { fields["fresh"] = .bool(true) }
        let expression = PageScripts.inPageRun(InPageRequest.json(.object(fields)))
        var reply = try await page.send(CDP.Runtime.Evaluate(expression: expression), timeout: limit)
        if reply.exceptionDetails == nil, reply.result.value?.member("missing")?.bool == true {
            // A document the engine was not installed in (opened before the attach): install it
            // now. It learns of click listeners only from now on.
            _ = try await page.send(CDP.Runtime.Evaluate(expression: PageScripts.elementQueryInstall), timeout: limit)
            reply = try await page.send(CDP.Runtime.Evaluate(expression: PageScripts.inPageRun(body)), timeout: limit)
        }
        if let exception = reply.exceptionDetails { return .fallback("the page script threw: \(exception.message)") }
        guard let value = reply.result.value, case .object(let answer) = value else {
            return .fallback("the page script gave no answer")
        }
        if let reason = answer["fallback"]?.string { return .fallback(reason) }
        if answer["unchanged"]?.bool == true, let cached { return .answered(cached.answer.unchanged) }
        guard let parsed = InPageRequest.answer(answer) else { return .fallback("the page script's answer could not be read") }
        if let stamp = answer["stamp"]?.string {
            keepInPageAnswer(InPageCache(request: body, stamp: stamp, inputs: inputs, loads: loads, answer: parsed))
        } else {
            forgetInPageAnswer()
        }
        return .answered(parsed)
    }

    /// The kept answer to `request`, when it was given in this document with no input since.
    @inline(never)
    private func inPageAnswer(for request: String, inputs: Int, loads: Int) -> InPageCache? {
        inPageCache.withLock { kept in
            guard let kept, kept.request == request, kept.inputs == inputs, kept.loads == loads else { return nil }
            return kept
        }
    }

    @inline(never)
    private func keepInPageAnswer(_ answer: InPageCache) {
        inPageCache.withLock { $0 = answer }
    }

    /// Forgets the kept answer: the next query asks the page afresh.
    @inline(never)
    func forgetInPageAnswer() {
        inPageCache.withLock { $0 = nil }
    }
}

extension PageDriver.InPageAnswer {
    /// The same answer, given again for an unchanged page.
    var unchanged: Self { Self(matches: matches, failure: failure, failureMatches: failureMatches, path: "unchanged") }
}

/// The engine's request made from a query chain, and its answer read back.
enum InPageRequest {
    /// A step the engine does not take, and why (for the step log).
    struct Unsupported: Error {
        let reason: String
    }

    /// The engine's steps for `steps`, one per step (a failure's step number is the chain's).
    static func steps(_ steps: [QueryStep]) -> Result<[JSONValue], Unsupported> {
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
    static func json(_ value: JSONValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    /// The engine's reply read back; `nil` when it is not one.
    static func answer(_ reply: [String: JSONValue]) -> PageDriver.InPageAnswer? {
        guard let matchList = reply["matches"]?.array else { return nil }
        var matches: [ElementSnapshot] = []
        for match in matchList {
            guard let element = element(match) else { return nil }
            matches.append(element)
        }
        let path = reply["path"]?.string ?? "whole"
        guard let failure = reply["failure"], failure != .null else {
            return PageDriver.InPageAnswer(matches: matches, failure: nil, failureMatches: [], path: path)
        }
        guard let kind = failure.member("kind")?.string, let step = failure.member("step")?.integer else { return nil }
        switch kind {
        case "noMatch":
            return PageDriver.InPageAnswer(matches: [], failure: .noMatch(step: step), failureMatches: [], path: path)
        case "multipleMatches":
            let found = (failure.member("matches")?.array ?? []).compactMap(element)
            return PageDriver.InPageAnswer(matches: [], failure: .multipleMatches(step: step, matches: Array(found.indices)),
                                           failureMatches: found, path: path)
        case "indexOutOfRange":
            guard let index = failure.member("index")?.integer, let count = failure.member("count")?.integer else { return nil }
            return PageDriver.InPageAnswer(matches: [], failure: .indexOutOfRange(step: step, index: index, count: count),
                                           failureMatches: [], path: path)
        default:
            return nil
        }
    }

    /// One element of the engine's reply as a snapshot element (no parent or children: the
    /// engine answers with the matches only); `nil` when it is not one.
    static func element(_ value: JSONValue) -> ElementSnapshot? {
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
    static let byCaseName: [String: ElementType] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.caseName, $0) })
}
