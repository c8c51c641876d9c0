import Foundation

/// How two screenshots are compared, with swift-snapshot-testing's two knobs:
/// `precision` — the share of pixels that must match (1: all of them) — and
/// `perceptualPrecision` — how close a pixel must be to count as matching (1: exactly; 0.98:
/// a colour difference of at most 2 ΔE, CIE 1976 L*a*b*, which the eye barely tells apart).
public struct ImageComparison: Sendable, Equatable {
    /// The share of pixels that must match, 0…1.
    public var precision: Double
    /// How close a pixel must be to match, 0…1: a pixel matches when its colour difference
    /// (ΔE*76, after compositing on white) is at most `(1 - perceptualPrecision) × 100`.
    public var perceptualPrecision: Double

    /// A comparison with swift-snapshot-testing's defaults (every pixel exactly).
    public init(precision: Double = 1, perceptualPrecision: Double = 1) {
        self.precision = min(max(precision, 0), 1)
        self.perceptualPrecision = min(max(perceptualPrecision, 0), 1)
    }

    /// The outcome of comparing `actual` with `reference`: `nil` when they match, else what
    /// differs and an image marking the pixels that differ (red, over a faded reference).
    public func difference(reference: PNGImage, actual: PNGImage) -> (message: String, diff: PNGImage)? {
        guard reference.width == actual.width, reference.height == actual.height else {
            return ("the image is \(actual.width)×\(actual.height) pixels; the reference is \(reference.width)×\(reference.height)", actual)
        }
        let count = reference.width * reference.height
        // `pixels` is settable: read through raw pointers below only what both images hold.
        guard reference.pixels.count == count * 4, actual.pixels.count == count * 4 else {
            return ("an image's pixels are not width × height × 4 bytes (\(reference.pixels.count) and \(actual.pixels.count) for \(count) pixels)", actual)
        }
        // Raw pointers and memcmp: the suite runs a debug build, where comparing arrays element
        // by element is a generic call per byte.
        let same = reference.pixels.withUnsafeBytes { reference in
            actual.pixels.withUnsafeBytes { actual in count == 0 || memcmp(reference.baseAddress!, actual.baseAddress!, count * 4) == 0 }
        }
        if same { return nil }
        let tolerance = (1 - perceptualPrecision) * 100
        var differing = 0
        var largest = 0.0
        var marked = [UInt8](repeating: 255, count: count * 4)
        reference.pixels.withUnsafeBufferPointer { referenceBuffer in
            actual.pixels.withUnsafeBufferPointer { actualBuffer in
                marked.withUnsafeMutableBufferPointer { markedBuffer in
                    let reference = referenceBuffer.baseAddress!, actual = actualBuffer.baseAddress!
                    let marked = markedBuffer.baseAddress!
                    for i in 0..<count {
                        let p = i &* 4
                        var matches = memcmp(reference + p, actual + p, 4) == 0
                        if !matches {
                            let delta = Self.deltaE(reference + p, actual + p)
                            largest = max(largest, delta)
                            matches = delta <= tolerance
                        }
                        if matches {
                            // The reference, faded, so the marks stand out.
                            for c in 0..<3 { marked[p &+ c] = UInt8(170 &+ Int(reference[p &+ c]) / 3) }
                        } else {
                            differing += 1
                            marked[p] = 255
                            marked[p &+ 1] = 0
                            marked[p &+ 2] = 0
                        }
                    }
                }
            }
        }
        let matching = Double(count - differing) / Double(count)
        guard matching < precision else { return nil }
        let share = Double(differing) / Double(count) * 100
        let message = "\(differing) of \(count) pixels differ (\(String(format: "%.3f", share))%; largest ΔE \(String(format: "%.1f", largest)))"
            + "; precision \(precision) needs at most \(Int((1 - precision) * Double(count))) differing, perceptual precision \(perceptualPrecision)"
            + " lets a pixel differ by ΔE \(String(format: "%.1f", tolerance))"
        return (message, PNGImage(width: reference.width, height: reference.height, pixels: marked))
    }

    /// The CIE 1976 colour difference of two RGBA pixels, each composited on white.
    static func deltaE(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>) -> Double {
        let x = lab(a), y = lab(b)
        return ((x.0 - y.0) * (x.0 - y.0) + (x.1 - y.1) * (x.1 - y.1) + (x.2 - y.2) * (x.2 - y.2)).squareRoot()
    }

    /// sRGB (on white) → linear → XYZ (D65) → L*a*b*.
    private static func lab(_ pixel: UnsafePointer<UInt8>) -> (Double, Double, Double) {
        let alpha = Double(pixel[3]) / 255
        func linear(_ channel: Int) -> Double {
            let v = (Double(pixel[channel]) / 255) * alpha + (1 - alpha)
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        let r = linear(0), g = linear(1), b = linear(2)
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 0.008856 ? cbrt(t) : 7.787 * t + 16 / 116 }
        let fx = f(x), fy = f(y), fz = f(z)
        return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }
}
