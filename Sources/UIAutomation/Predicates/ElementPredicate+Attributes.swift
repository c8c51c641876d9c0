/// XCUITest's element attributes, for typed predicates: `.label == "Lion"`, `.exists`, `!.isHittable`.
extension PredicateKeyExpression {
    public static let label = PredicateKeyExpression("label")
    public static let value = PredicateKeyExpression("value")
    public static let identifier = PredicateKeyExpression("identifier")
    public static let placeholderValue = PredicateKeyExpression("placeholderValue")
    public static let title = PredicateKeyExpression("title")
    public static let elementType = PredicateKeyExpression("elementType")
    public static let exists = PredicateKeyExpression("exists")
    public static let isHittable = PredicateKeyExpression("isHittable")
    public static let isEnabled = PredicateKeyExpression("isEnabled")
    public static let isSelected = PredicateKeyExpression("isSelected")
    public static let hasFocus = PredicateKeyExpression("hasFocus")
}

extension ElementPredicate {
    /// `exists == true`.
    public static let exists = PredicateKeyExpression.exists == true
    /// `isHittable == true`.
    public static let isHittable = PredicateKeyExpression.isHittable == true
    /// `isEnabled == true`.
    public static let isEnabled = PredicateKeyExpression.isEnabled == true
    /// `isSelected == true`.
    public static let isSelected = PredicateKeyExpression.isSelected == true
    /// `hasFocus == true`.
    public static let hasFocus = PredicateKeyExpression.hasFocus == true
}

extension ElementPredicate {
    // Keys of the non-boolean attributes, so implicit member chains read naturally where a
    // predicate is expected: `.label.beginsWith("Li")`, `.elementType == 9`.
    public static let label = PredicateKeyExpression.label
    public static let value = PredicateKeyExpression.value
    public static let identifier = PredicateKeyExpression.identifier
    public static let placeholderValue = PredicateKeyExpression.placeholderValue
    public static let title = PredicateKeyExpression.title
    public static let elementType = PredicateKeyExpression.elementType
}
