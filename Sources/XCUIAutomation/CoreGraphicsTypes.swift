public import Foundation

#if !canImport(CoreGraphics)
/// A 2-D vector, as CoreGraphics' `CGVector` (which Linux Foundation lacks): normalized
/// offsets for `coordinate(withNormalizedOffset:)`, point offsets for `withOffset(_:)`.
public struct CGVector: Hashable, Sendable, CustomStringConvertible {
    public var dx: CGFloat
    public var dy: CGFloat
    public init() { self.init(dx: 0, dy: 0) }
    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }
    public init(dx: Double, dy: Double) {
        self.dx = CGFloat(dx)
        self.dy = CGFloat(dy)
    }
    public init(dx: Int, dy: Int) {
        self.dx = CGFloat(dx)
        self.dy = CGFloat(dy)
    }
    /// (0, 0).
    public static let zero = CGVector(dx: 0, dy: 0)
    public var description: String { "(\(dx), \(dy))" }
}
#endif
