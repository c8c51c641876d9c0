import LabSupport

/// "Did you mean …": when a query that looks for a text (`app.cells["lion"]`,
/// `matching(identifier:)`, `label == "Send"`) finds nothing, the elements it nearly found.
///
/// Near means, among the elements the query had before it narrowed by that text: the same
/// text in another case or with other spacing; a label or identifier that begins with it;
/// a child carrying it as its label (a cell whose text is inside it). And anywhere on the
/// page: an element of another type with exactly that text (a link where a button was asked).
/// Computed only when a failure is reported, never while a query is polled.
struct NearMatches {
    let snapshot: PageSnapshot
    let hitTest: (Int) async throws -> Bool

    /// At most this many suggestions.
    static let limit = 5

    /// Why the query that failed at `failedStep` found nothing, as one line per near match.
    func suggestions(steps: [QueryStep], failedStep: Int) async -> [String] {
        // The text-matching step just before the failing pick, and what it wanted.
        guard failedStep > 0, failedStep <= steps.count, case .matching(let predicate) = steps[failedStep - 1] else { return [] }
        let wanted = predicate.node.wantedTexts(forKeys: ["identifier", "label", "value", "placeholderValue", "title"])
        guard !wanted.isEmpty else { return [] }
        let evaluator = QueryEvaluator(snapshot: snapshot, hitTest: hitTest)
        guard case .success(let candidates)? = try? await evaluator.evaluate(Array(steps[..<(failedStep - 1)])) else { return [] }

        var lines: [String] = []
        var seen = Set<Int>()
        func add(_ index: Int, _ why: String) {
            guard lines.count < Self.limit, seen.insert(index).inserted else { return }
            lines.append("\(snapshot.elements[index]) (\(why))")
        }
        for text in wanted {
            let folded = Self.fold(text)
            for index in candidates {
                let element = snapshot.elements[index]
                if let (name, found) = Self.texts(of: element).first(where: { Self.fold($0.1) == folded }) {
                    add(index, "its \(name) is \(SwiftLiteral.string(found)), not \(SwiftLiteral.string(text))")
                } else if let (name, found) = Self.texts(of: element).first(where: {
                    !folded.isEmpty && Self.fold($0.1).hasPrefix(folded)
                }) {
                    add(index, "its \(name) \(SwiftLiteral.string(found)) begins with \(SwiftLiteral.string(text))")
                } else if let child = snapshot.descendants(of: index).first(where: { Self.fold(snapshot.elements[$0].label) == folded }) {
                    let inner = snapshot.elements[child]
                    add(index, "its child \(inner.elementType) has the label \(SwiftLiteral.string(inner.label)); "
                        + "match it with .containing(.label == \(SwiftLiteral.string(inner.label))) or by identifier")
                }
            }
            let wantedTypes = Set(candidates.map { snapshot.elements[$0].elementType })
            for (index, element) in snapshot.elements.enumerated() where index > 0 && !candidates.contains(index) {
                guard Self.texts(of: element).contains(where: { $0.1 == text }) else { continue }
                let shortcut = ElementType.shortcutNames[element.elementType].map { "app.\($0)[\(SwiftLiteral.string(text))]" }
                    ?? "app.descendants(matching: .\(element.elementType.name))[\(SwiftLiteral.string(text))]"
                let asked = wantedTypes.count == 1 ? " where \(wantedTypes.first!) was asked for" : ""
                add(index, "a \(element.elementType)\(asked): \(shortcut)")
            }
        }
        return lines
    }

    /// The texts a key can match, named.
    private static func texts(of element: ElementSnapshot) -> [(String, String)] {
        var texts = [("label", element.label), ("identifier", element.identifier)]
        if let value = element.value { texts.append(("value", value)) }
        if let placeholder = element.placeholderValue { texts.append(("placeholder", placeholder)) }
        return texts.filter { !$0.1.isEmpty }
    }

    /// Lower case, runs of white space as one space, trimmed.
    private static func fold(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
