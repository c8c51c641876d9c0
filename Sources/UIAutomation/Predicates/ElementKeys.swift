import Foundation
/// The one table of keys a predicate can read on an element — XCUITest's attribute names and
/// their aliases (`isEnabled`/`enabled`, `hasFocus`/`hasKeyboardFocus`), the `frame.…` paths —
/// and what each answers for an element that exists and for one that does not.
///
/// A predicate used on elements (a query's `matching`/`containing`, `evaluate`, waits and
/// expectations) that reads any other key fails with a ``PredicateSyntaxError`` naming it,
/// at once: a typo (`lable == "Save"`) used to read as null, which made it a timeout.
enum ElementKeys {
    /// How one key is read: from a snapshot, and for a missing element.
    private struct Key: Sendable {
        let read: @Sendable (ElementSnapshot, Bool?) -> PredicateValue
        /// What a missing element answers: `false` for the booleans (`exists` included), null
        /// for everything else (it has no label, value or frame).
        let missing: PredicateValue
    }

    private static func string(_ read: @escaping @Sendable (ElementSnapshot) -> String?) -> Key {
        Key(read: { element, _ in read(element).map(PredicateValue.string) ?? .null }, missing: .null)
    }
    private static func bool(_ read: @escaping @Sendable (ElementSnapshot) -> Bool) -> Key {
        Key(read: { element, _ in .bool(read(element)) }, missing: .bool(false))
    }
    private static func number(_ read: @escaping @Sendable (ElementSnapshot) -> Double) -> Key {
        Key(read: { element, _ in .number(read(element)) }, missing: .null)
    }

    private static let hittable = Key(read: { _, hittable in hittable.map(PredicateValue.bool) ?? .null }, missing: .bool(false))

    private static let table: [String: Key] = [
        "exists": bool { _ in true },
        "label": string { $0.label },
        "undecoratedLabel": string { undecorated($0.label) },
        "identifier": string { $0.identifier },
        "value": string { $0.value },
        "placeholderValue": string { $0.placeholderValue },
        "title": string { _ in "" },
        "elementType": number { Double($0.elementType.rawValue) },
        "isEnabled": bool { $0.isEnabled }, "enabled": bool { $0.isEnabled },
        "isSelected": bool { $0.isSelected }, "selected": bool { $0.isSelected },
        "hasFocus": bool { $0.hasFocus }, "hasKeyboardFocus": bool { $0.hasFocus },
        "isHittable": hittable, "hittable": hittable,
        "frame.origin.x": number { $0.frame.x }, "frame.minX": number { $0.frame.x }, "frame.x": number { $0.frame.x },
        "frame.origin.y": number { $0.frame.y }, "frame.minY": number { $0.frame.y }, "frame.y": number { $0.frame.y },
        "frame.size.width": number { $0.frame.width }, "frame.width": number { $0.frame.width },
        "frame.size.height": number { $0.frame.height }, "frame.height": number { $0.frame.height },
        "frame.midX": number { $0.frame.midX }, "frame.midY": number { $0.frame.midY },
        "frame.maxX": number { $0.frame.maxX }, "frame.maxY": number { $0.frame.maxY },
    ]

    /// `label` without the decorative symbols at either end that CSS `::before`/`::after` glyphs
    /// put into accessible names (`❯Mark all as complete`, `✓ Saved`): symbols (Unicode S*),
    /// dingbat brackets (❨…❵), bullets and the spaces around them. A label of nothing else
    /// stays as it is. `app.buttons["Mark all as complete"]` matches by it.
    static func undecorated(_ label: String) -> String {
        // Most labels start and end with a letter: nothing to take off (queries run this on every candidate).
        guard let head = label.unicodeScalars.first, let tail = label.unicodeScalars.last,
              isDecorative(head) || isDecorative(tail) else { return label }
        let scalars = Array(label.unicodeScalars)
        guard let first = scalars.firstIndex(where: { !isDecorative($0) }),
              let last = scalars.lastIndex(where: { !isDecorative($0) }) else { return label }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[first...last])
        return String(result)
    }

    /// Whether `scalar` is decoration in a label: a symbol (Unicode S*), a dingbat bracket
    /// (❨…❵), an angle quotation mark (‹ › « »), a bullet or whitespace. The accessibility audit reads a name made only of these
    /// as no description.
    static func isDecorative(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol: return true
        default: return (0x2768...0x2775).contains(scalar.value) || scalar == "\u{2022}" || scalar == "\u{B7}"
            || angleQuotes.contains(scalar.value) || scalar.properties.isWhitespace
        }
    }

    /// The angle quotation marks pages draw as chevrons (‹ › « »: TodoMVC's toggle-all is
    /// "›Mark all as complete"); punctuation to Unicode, decoration in a label (issue 42).
    private static let angleQuotes: Set<UInt32> = [0x2039, 0x203A, 0xAB, 0xBB]

    /// Every key, sorted (for messages and docs).
    static var all: [String] { table.keys.sorted() }

    /// Whether a predicate reads a frame (`frame.…`), which a read may otherwise skip.
    static func readsFrame(_ predicate: ElementPredicate) -> Bool {
        predicate.referencedKeys.contains { $0.hasPrefix("frame") }
    }

    /// Whether a predicate reads the hit test, which costs a call to the page per element.
    static func readsHittable(_ predicate: ElementPredicate) -> Bool {
        predicate.referencedKeys.contains("isHittable") || predicate.referencedKeys.contains("hittable")
    }

    /// `key` of `element` (`nil`: the element does not exist); `nil` for a key not in the table.
    /// `isHittable` is the hit test's answer when it was made.
    static func value(_ key: String, of element: ElementSnapshot?, isHittable: Bool? = nil) -> PredicateValue? {
        guard let entry = table[key] else { return nil }
        guard let element else { return entry.missing }
        return entry.read(element, isHittable)
    }

    /// Throws a ``PredicateSyntaxError`` naming the first key `predicate` reads that no
    /// element has.
    static func check(_ predicate: ElementPredicate) throws(PredicateSyntaxError) {
        guard let unknown = predicate.referencedKeys.filter({ table[$0] == nil }).sorted().first else { return }
        let format = predicate.description
        let offset = format.range(of: unknown).map { format.distance(from: format.startIndex, to: $0.lowerBound) } ?? 0
        throw PredicateSyntaxError(format: format, offset: offset,
                                   expected: "a key of an element (\(all.filter { !$0.hasPrefix("frame.") }.joined(separator: ", ")), frame.…)",
                                   found: "the unknown key '\(unknown)'")
    }
}

/// An element as a predicate sees it: its snapshot (`nil` when it does not exist), and
/// `isHittable` when the hit test was made.
struct EvaluatedElement: PredicateEvaluable {
    let element: ElementSnapshot?
    var isHittable: Bool? = nil

    func predicateValue(forKey key: String) -> PredicateValue? {
        ElementKeys.value(key, of: element, isHittable: isHittable)
    }
}
