import Testing
import UIAutomation

/// `%@ %K %d %i %ld %f` substitution, like `NSPredicate(format:_:)`.
@Suite("Predicate arguments")
struct PredicateArgumentTests {
    @Test func substitutesInOrder() throws {
        let lion = TestElement.lion
        #expect(try parse("label == %@", "Lion").evaluate(lion))
        #expect(try parse("%K == %@", "label", "Lion").evaluate(lion))
        #expect(try parse("%K BEGINSWITH[c] %@ AND %K == %d", "label", "li", "elementType", 9).evaluate(lion))
        #expect(try parse("elementType == %i", 9).evaluate(lion))
        #expect(try parse("elementType == %ld", Int64(9)).evaluate(lion))
        #expect(try parse("elementType == %lld", UInt8(9)).evaluate(lion))
        #expect(try parse("elementType == %u", UInt(9)).evaluate(lion))
        #expect(try parse("ratio == %f", 0.5).evaluate(lion))
        #expect(try parse("ratio == %lf", Float(0.5)).evaluate(lion))
        #expect(try parse("ratio < %f", 1).evaluate(lion))
        #expect(try parse("exists == %@", true).evaluate(lion))
        #expect(try parse("exists == %d", true).evaluate(lion))
        #expect(try parse("value == %@", 1).evaluate(lion))
        #expect(try parse("label == %@", "Lion"[...]).evaluate(lion))
        #expect(try parse("label IN %@", ["Tiger", "Lion"]).evaluate(lion))
        #expect(try parse("elementType IN %@", [8, 9]).evaluate(lion))
        #expect(try parse("elementType BETWEEN %@", [1, 10]).evaluate(lion))
        #expect(try parse("label IN {%@, %@}", "Tiger", "Lion").evaluate(lion))
        #expect(try parse("missing == %@", String?.none).evaluate(lion))
        #expect(try parse("label == %@", PredicateValue.string("Lion")).evaluate(lion))
        #expect(try parse("label == %@", PredicateValue.null).evaluate(lion) == false)
    }

    @Test func keysAsArguments() throws {
        let subject = TestElement(["label": .string("Lion"), "title": .string("Lion"), "value": .string("x")])
        #expect(try parse("label == %@", ElementPredicate.key("title")).evaluate(subject))
        #expect(try !parse("label == %@", ElementPredicate.key("value")).evaluate(subject))
        #expect(try parse("%K == %@", PredicateKeyExpression.label, "Lion").evaluate(subject))
        #expect(try parse("%K == %@", "label", ElementPredicate.key("title")) == parse("label == title"))
    }

    @Test func argumentsNeedNoEscaping() throws {
        let awkward = "it's \"quoted\" \\ and %@"
        let predicate = try parse("label == %@", awkward)
        #expect(predicate.evaluate(TestElement(["label": .string(awkward)])))
        #expect(try parse(predicate.description) == predicate)
    }

    @Test func argumentArrayMatchesVariadic() throws {
        let arguments: [any PredicateArgument] = ["label", "Lion", 9]
        let fromArray = try ElementPredicate(format: "%K == %@ AND elementType == %d", argumentArray: arguments)
        let variadic = try ElementPredicate(format: "%K == %@ AND elementType == %d", "label", "Lion", 9)
        #expect(fromArray == variadic)
        #expect(fromArray.description == "label == \"Lion\" AND elementType == 9")
    }

    @Test func substitutedPatternsAreValidated() throws {
        #expect(try parse("label MATCHES %@", "L.*").evaluate(TestElement.lion))
        let error = #expect(throws: PredicateSyntaxError.self) { try parse("label MATCHES %@", "([") }
        #expect(error?.offset == 14)
        #expect(error?.expected == "a valid regular expression after 'MATCHES'")
    }

    /// (format, arguments, offset, expected, found)
    static let badArguments: [(String, [any PredicateArgument], Int, String, String)] = [
        ("label == %@", [], 9, "an argument for %@ (placeholder 1)", "no arguments"),
        ("label == %@ AND value == %@", ["x"], 25, "an argument for %@ (placeholder 2)", "only 1 argument"),
        ("%K == 1", [], 0, "an argument for %K (placeholder 1)", "no arguments"),
        ("label == %@", ["a", "b"], 11, "1 argument (one per placeholder)", "2 arguments"),
        ("label == 'x'", [1], 12, "0 arguments (one per placeholder)", "1 argument"),
        ("%K == 1", [5], 0, "a key name (String) for %K", "argument 1: 5"),
        ("%K == 1", ["not a key"], 0, "a key path such as label or frame.width for %K", "argument 1: \"not a key\""),
        ("%K == 1", ["frame."], 0, "a key path such as label or frame.width for %K", "argument 1: \"frame.\""),
        ("n == %d", ["x"], 5, "an integer argument for %d", "argument 1: \"x\""),
        ("n == %d", [1.5], 5, "an integer argument for %d", "argument 1: 1.5"),
        ("n == %ld", [[1, 2]], 5, "an integer argument for %ld", "argument 1: {1, 2}"),
        ("n == %f", ["x"], 5, "a number argument for %f", "argument 1: \"x\""),
        ("n == %d", [ElementPredicate.key("label")], 5, "an integer argument for %d", "argument 1: key label"),
        ("n IN {%@}", [["a", "b"]], 6, "a single value for %@ inside a list", "'%@'"),
        ("n IN %@", [3], 5, "a list { … }, a string or a key path after 'IN'", "'%@'"),
        ("n BETWEEN %@", [[1, 2, 3]], 10, "a list of two values {lower, upper} after 'BETWEEN'", "a list of 3 values"),
        ("n == %z", [1], 5, "a format specifier (%@, %K, %d, %i, %ld, %f)", "'%z'"),
        ("n == %", [1], 5, "a format specifier (%@, %K, %d, %i, %ld, %f)", "end of input"),
    ]

    @Test(arguments: badArguments)
    func badArgument(format: String, arguments: [any PredicateArgument], offset: Int, expected: String, found: String) {
        let error = #expect(throws: PredicateSyntaxError.self) {
            try ElementPredicate(format: format, argumentArray: arguments)
        }
        #expect(error?.format == format)
        #expect(error?.offset == offset)
        #expect(error?.expected == expected)
        #expect(error?.found == found)
    }
}
