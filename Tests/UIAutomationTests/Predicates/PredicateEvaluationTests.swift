import Testing
import UIAutomation

/// Every operator, modifier and coercion, evaluated against `TestElement.lion`.
@Suite("Predicate evaluation")
struct PredicateEvaluationTests {
    static let comparisons: [(String, Bool)] = [
        ("label == \"Lion\"", true),
        ("label = \"Lion\"", true),
        ("label == 'Lion'", true),
        ("label == \"lion\"", false),
        ("label != \"Tiger\"", true),
        ("label != \"Lion\"", false),
        ("label <> \"Lion\"", false),
        ("label <> \"Tiger\"", true),
        ("label < \"Tiger\"", true),
        ("label > \"Tiger\"", false),
        ("label >= \"Lion\"", true),
        ("label <= \"Lion\"", true),
        ("label < \"Lion\"", false),
        ("elementType == 9", true),
        ("elementType == 9.0", true),
        ("elementType != 9", false),
        ("elementType < 10", true),
        ("elementType < 9", false),
        ("elementType <= 9", true),
        ("elementType =< 9", true),
        ("elementType > 8", true),
        ("elementType > 9", false),
        ("elementType >= 10", false),
        ("elementType >= 9", true),
        ("elementType => 9", true),
        ("ratio == 0.5", true),
        ("ratio == .5", true),
        ("ratio > -1", true),
        ("temperature == -4.5", true),
        ("temperature < -4", true),
        ("temperature > -4", false),
        ("count == 0x3", true),
        ("count == 3e0", true),
        ("count == 30e-1", true),
        ("frame.width == 320", true),
        ("9 == elementType", true),
        ("\"Lion\" == label", true),
        ("label == title", false),
        ("label == label", true),
    ]

    @Test(arguments: comparisons)
    func comparison(format: String, expected: Bool) throws {
        #expect(try parse(format).evaluate(TestElement.lion) == expected)
    }

    static let coercions: [(String, Bool)] = [
        // Bools are 0/1.
        ("exists == true", true),
        ("exists == TRUE", true),
        ("exists == YES", true),
        ("exists == yes", true),
        ("exists == 1", true),
        ("exists == 1.0", true),
        ("exists == false", false),
        ("exists == NO", false),
        ("exists == 0", false),
        ("exists != NO", true),
        ("exists > 0", true),
        ("isHittable == false", true),
        ("isHittable == 0", true),
        ("isHittable == FALSE", true),
        ("isHittable == true", false),
        // A string against a number or bool compares with the number's text.
        ("value == 1", true),
        ("value == \"1\"", true),
        ("value == 1.0", true),
        ("value == true", true),
        ("value == 0", false),
        ("value != 0", true),
        ("elementType == \"9\"", true),
        ("elementType == \"9.0\"", false),
        ("elementType BEGINSWITH \"9\"", true),
        // Ordering a string against a number is numeric when the string is one.
        ("slider > 50", true),
        ("slider < 100", true),
        ("slider > 8", true),
        ("slider > \"8\"", false),  // both strings: lexicographic
        ("label > 5", false),
        ("label < 5", false),
        ("slider BETWEEN {50, 100}", true),
    ]

    @Test(arguments: coercions)
    func coercion(format: String, expected: Bool) throws {
        #expect(try parse(format).evaluate(TestElement.lion) == expected)
    }

    static let nulls: [(String, Bool)] = [
        ("missing == nil", true),
        ("missing == NULL", true),
        ("missing == Nil", true),
        ("missing != nil", false),
        ("nothing == nil", true),
        ("nothing != nil", false),
        ("label == nil", false),
        ("label != nil", true),
        ("missing == \"x\"", false),
        ("missing != \"x\"", true),  // != is exactly NOT ==, as in NSPredicate
        ("missing == 0", false),
        ("missing == false", false),
        ("missing < 5", false),
        ("missing > 5", false),
        ("missing CONTAINS \"x\"", false),
        ("missing BEGINSWITH \"\"", false),
        ("missing LIKE \"*\"", false),
        ("missing MATCHES \".*\"", false),
        ("missing IN {\"x\"}", false),
        ("missing IN {nil}", true),
        ("missing BETWEEN {1, 2}", false),
    ]

    @Test(arguments: nulls)
    func unknownKeysReadAsNull(format: String, expected: Bool) throws {
        #expect(try parse(format).evaluate(TestElement.lion) == expected)
    }

    static let stringOperators: [(String, Bool)] = [
        ("label CONTAINS \"io\"", true),
        ("label CONTAINS \"IO\"", false),
        ("label CONTAINS[c] \"IO\"", true),
        ("label CONTAINS \"\"", true),
        ("label CONTAINS \"Lions\"", false),
        ("identifier CONTAINS \"-\"", true),
        ("label BEGINSWITH \"Li\"", true),
        ("label BEGINSWITH \"li\"", false),
        ("label BEGINSWITH[c] \"li\"", true),
        ("label BEGINSWITH \"on\"", false),
        ("label ENDSWITH \"on\"", true),
        ("label ENDSWITH \"ON\"", false),
        ("label ENDSWITH[c] \"ON\"", true),
        ("empty BEGINSWITH \"\"", true),
        ("empty CONTAINS \"a\"", false),
        ("label LIKE \"L*\"", true),
        ("label LIKE \"L?on\"", true),
        ("label LIKE \"L?n\"", false),
        ("label LIKE \"*\"", true),
        ("empty LIKE \"*\"", true),
        ("empty LIKE \"?\"", false),
        ("label LIKE \"*o*\"", true),
        ("label LIKE \"*x*\"", false),
        ("label LIKE \"l*\"", false),
        ("label LIKE[c] \"l*\"", true),
        ("label LIKE \"Lion\"", true),
        ("label LIKE \"Li\"", false),
        ("label LIKE \"L**n\"", true),
        ("label LIKE \"????\"", true),
        ("label LIKE \"?????\"", false),
        ("label LIKE \"*n\"", true),
        ("label LIKE \"*i*n\"", true),
        ("identifier LIKE \"animal-*\"", true),
        ("label MATCHES \"L.*\"", true),
        ("label MATCHES \"ion\"", false),  // the whole string must match
        ("label MATCHES \"[A-Z][a-z]+\"", true),
        ("label MATCHES \"lion\"", false),
        ("label MATCHES[c] \"lion\"", true),
        ("label MATCHES \"Li|Lion\"", true),  // an earlier, shorter alternative does not stop a full match
        ("label MATCHES \"Lion|Li\"", true),
        ("value MATCHES \"\\d\"", true),  // unknown escapes stay, so regexes need no doubling
        ("value MATCHES \"\\\\d\"", true),
        ("slider MATCHES \"[0-9]+\"", true),
        ("elementType MATCHES \"9\"", true),
        ("label IN {\"Lion\", \"Tiger\"}", true),
        ("label IN {'Tiger'}", false),
        ("label IN {\"lion\"}", false),
        ("label IN[c] {\"lion\"}", true),
        ("label IN {}", false),
        ("elementType IN {8, 9}", true),
        ("elementType IN {8, 10}", false),
        ("value IN {1, 2}", true),
        ("label IN \"Lionel\"", true),  // IN a string: a substring of it
        ("\"io\" IN label", true),
        ("{\"Lion\", \"Tiger\"} CONTAINS label", true),
        ("{\"Cat\", \"Tiger\"} CONTAINS label", false),
        ("elementType BETWEEN {1, 9}", true),
        ("elementType BETWEEN {9, 9}", true),
        ("elementType BETWEEN {10, 20}", false),
        ("label BETWEEN {\"A\", \"M\"}", true),
    ]

    @Test(arguments: stringOperators)
    func stringOperator(format: String, expected: Bool) throws {
        #expect(try parse(format).evaluate(TestElement.lion) == expected)
    }

    static let unicode: [(String, Bool)] = [
        ("title == \"Café Crème\"", true),
        ("title == \"Cafe Creme\"", false),
        ("title ==[d] \"Cafe Creme\"", true),
        ("title ==[c] \"café crème\"", true),
        ("title ==[c] \"cafe creme\"", false),
        ("title ==[cd] \"CAFE CREME\"", true),
        ("title ==[dc] \"CAFE CREME\"", true),
        ("title ==[CD] \"CAFE CREME\"", true),
        ("title CONTAINS \"Crème\"", true),
        ("title CONTAINS \"creme\"", false),
        ("title CONTAINS[d] \"Creme\"", true),
        ("title BEGINSWITH[cd] \"cafe\"", true),
        ("title ENDSWITH[d] \"eme\"", true),
        ("title LIKE[cd] \"cafe*\"", true),
        ("title MATCHES[d] \"Cafe.*\"", true),
        ("title MATCHES[cd] \"cafe creme\"", true),
        ("title MATCHES \"Caf. Cr.me\"", true),
        ("title IN[d] {\"Cafe Creme\"}", true),
        ("name ==[d] \"Angstrom\"", true),
        ("name ==[cd] \"angstrom\"", true),
        ("title == \"Cafe\\u0301 Cre\\u0300me\"", true),  // decomposed equals precomposed
        ("title == \"Caf\\u{E9} Cr\\u{E8}me\"", true),
        ("street ==[c] \"STRASSE\"", true),
        ("street == \"Straße\"", true),
        ("emoji CONTAINS \"🦁\"", true),
        ("emoji BEGINSWITH \"🦁 \"", true),
        ("emoji LIKE \"? Lion\"", true),  // one emoji is one character
        ("emoji MATCHES \". Lion\"", true),
        ("quote == \"say \\\"hi\\\"\\\\n\"", true),
        ("quote == 'say \"hi\"\\\\n'", true),
    ]

    @Test(arguments: unicode)
    func unicodeAndDiacritics(format: String, expected: Bool) throws {
        #expect(try parse(format).evaluate(TestElement.lion) == expected)
    }

    static let logic: [(String, Bool)] = [
        ("TRUEPREDICATE", true),
        ("FALSEPREDICATE", false),
        ("truepredicate", true),
        ("NOT TRUEPREDICATE", false),
        ("!TRUEPREDICATE", false),
        ("NOT NOT TRUEPREDICATE", true),
        ("label == \"Lion\" AND exists == true", true),
        ("label == \"Lion\" && exists == false", false),
        ("label == \"Tiger\" OR exists == true", true),
        ("label == \"Tiger\" || exists == false", false),
        // AND binds tighter than OR, NOT tighter than AND.
        ("FALSEPREDICATE AND FALSEPREDICATE OR TRUEPREDICATE", true),
        ("TRUEPREDICATE OR TRUEPREDICATE AND FALSEPREDICATE", true),
        ("FALSEPREDICATE AND (FALSEPREDICATE OR TRUEPREDICATE)", false),
        ("(TRUEPREDICATE OR TRUEPREDICATE) AND FALSEPREDICATE", false),
        ("NOT FALSEPREDICATE AND FALSEPREDICATE", false),
        ("NOT (FALSEPREDICATE AND FALSEPREDICATE)", true),
        ("! TRUEPREDICATE || TRUEPREDICATE", true),
        ("NOT label == \"Tiger\"", true),
        ("label == \"Lion\" and not (exists == false)", true),
        ("label contains[C] \"LI\" And exists == True", true),
        ("label beginswith \"Li\" or label endswith \"x\"", true),
        ("((label == \"Lion\"))", true),
        ("(label == \"Lion\" OR label == \"Tiger\") AND (isEnabled == true AND NOT isHittable == true)", true),
        ("#value == \"1\"", true),
        ("  label\t==\n\"Lion\"  ", true),
        ("label==\"Lion\"&&elementType==9", true),
    ]

    @Test(arguments: logic)
    func logicAndPrecedence(format: String, expected: Bool) throws {
        #expect(try parse(format).evaluate(TestElement.lion) == expected)
    }

    @Test func dictionaryIsEvaluable() throws {
        let attributes: [String: PredicateValue] = ["label": .string("Lion"), "exists": .bool(true)]
        #expect(try parse("label == 'Lion' AND exists == 1").evaluate(attributes))
        #expect(try !parse("label == 'Tiger'").evaluate(attributes))
    }

    @Test func invalidTypedPatternMatchesNothing() {
        #expect(!ElementPredicate.key("label").matches("(").evaluate(TestElement.lion))
    }

    @Test func patternFromAnotherKeyIsCompiledWhenEvaluated() throws {
        let subject = TestElement(["label": .string("Lion"), "pattern": .string("L.*"), "bad": .string("(")])
        #expect(try parse("label MATCHES pattern").evaluate(subject))
        #expect(try !parse("label MATCHES bad").evaluate(subject))
    }
}
