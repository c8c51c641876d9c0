import Foundation

/// A rectangle in CSS pixels, in viewport coordinates (the screen, as XCUITest's `frame`).
public struct Rect: Sendable, Equatable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// Whether the point lies inside (edges included).
    public func contains(x px: Double, y py: Double) -> Bool {
        px >= x && px <= maxX && py >= y && py <= maxY
    }

    /// The overlap with `other`; `nil` if they do not overlap.
    public func intersection(_ other: Rect) -> Rect? {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    public var description: String {
        func format(_ value: Double) -> String {
            value.rounded() == value ? String(Int(value)) : String(format: "%.1f", value)
        }
        return "{{\(format(x)), \(format(y))}, {\(format(width)), \(format(height))}}"
    }
}
