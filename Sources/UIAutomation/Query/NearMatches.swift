import LabSupport

/// "Did you mean …": when a query that looks for a text (`app.cells["lion"]`,
/// `matching(identifier:)`, `label == "Send"`) finds nothing, the elements it nearly found.
///
/// Near means, among the elements the query had before it narrowed by that text: the same
/// text in another case or with other spacing; a label or identifier that begins with it;
/// a child carrying it as its label (a cell whose text is inside it). Anywhere on the page:
/// an element of another type with exactly that text, glyphs around it aside (a link where a
/// button was asked), or
/// whose only text it is (a `role="status"` paragraph, whose text is a static text inside it).
/// Last, when nothing nearer is found, a text one small typo away (one edit per six letters:
/// "Spielburg" for "Spielberg").
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
            let asked = wantedTypes.count == 1 ? " where \(wantedTypes.first!) was asked for" : ""
            for (index, element) in snapshot.elements.enumerated() where index > 0 && !candidates.contains(index) {
                // Another type carrying the text: as a key of its own (its glyphs aside: a check
                // box labelled "❯ Mark all as complete" for `app.buttons["Mark all as complete"]`,
                // which its own type's subscript matches), or as the only text of an element whose
                // own label is empty (a `role="status"` paragraph's text).
                if Self.texts(of: element).contains(where: { $0.1 == text || ElementKeys.undecorated($0.1) == text }) {
                    add(index, "a \(element.elementType)\(asked): \(Self.query(for: element.elementType, text))")
                } else if element.label.isEmpty, let inner = Self.onlyText(in: index, of: snapshot), Self.fold(inner.label) == folded {
                    add(index, "a \(element.elementType)\(asked) whose text \(SwiftLiteral.string(inner.label)) is a "
                        + "\(inner.elementType) inside it: \(Self.query(for: element.elementType, nil)).\(Self.shortcut(inner.elementType))"
                        + "[\(SwiftLiteral.string(inner.label))]")
                }
            }
            // Last, and only when nothing nearer was found, small typos: a text a letter or two
            // away from the one asked for, of the type asked for first, then of any other.
            guard lines.isEmpty else { continue }
            for index in candidates + snapshot.elements.indices.filter({ $0 > 0 && !candidates.contains($0) }) {
                let element = snapshot.elements[index]
                guard let (name, found) = Self.texts(of: element).first(where: { Self.isTypo(of: folded, Self.fold($0.1)) }) else { continue }
                let typeNote = candidates.contains(index) ? "" : " (a \(element.elementType)\(asked))"
                add(index, "its \(name) is \(SwiftLiteral.string(found)), a near spelling of \(SwiftLiteral.string(text))\(typeNote)")
            }
        }
        return lines
    }

    /// `app.buttons["text"]` for a type with a shortcut, else `app.descendants(matching: .type)["text"]`;
    /// without a text, the query of every element of the type.
    private static func query(for type: ElementType, _ text: String?) -> String {
        let subscriptText = text.map { "[\(SwiftLiteral.string($0))]" } ?? ""
        return "app.\(shortcut(type))" + subscriptText
    }

    /// `buttons`, or `descendants(matching: .type)` for a type without a shortcut.
    private static func shortcut(_ type: ElementType) -> String {
        ElementType.shortcutNames[type] ?? "descendants(matching: .\(type.name))"
    }

    /// The one labelled descendant of the element at `index`, when it has exactly one.
    private static func onlyText(in index: Int, of snapshot: PageSnapshot) -> ElementSnapshot? {
        let labelled = snapshot.descendants(of: index).filter { !snapshot.elements[$0].label.isEmpty }
        return labelled.count == 1 ? snapshot.elements[labelled[0]] : nil
    }

    /// Whether `found` is `wanted` misspelt: texts of five letters or more, at most one edit in
    /// six letters (at least one), and not the same text (folded texts that are equal are
    /// suggested above). Shorter words have too many neighbours ("Save": "Sale", "Wave").
    static func isTypo(of wanted: String, _ found: String) -> Bool {
        guard wanted.count >= 5, found.count >= 5, wanted != found else { return false }
        let allowed = max(1, min(wanted.count, found.count) / 6)
        guard abs(wanted.count - found.count) <= allowed else { return false }
        return editDistance(Array(wanted), Array(found), atMost: allowed) <= allowed
    }

    /// Levenshtein distance between `a` and `b`, stopping early once every path is over `limit`.
    static func editDistance(_ a: [Character], _ b: [Character], atMost limit: Int) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var row = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                row[j + 1] = min(previous[j + 1] + 1, row[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            if row.min()! > limit { return limit + 1 }
            previous = row
        }
        return previous[b.count]
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
