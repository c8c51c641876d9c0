import CompressNIO
import Foundation
import NIOCore
import Testing
import UIAutomationSnapshotTesting

/// `PNGImage(png:)` against PNGs built here, byte by byte from the specification: every colour
/// type it reads, every row filter (alone and mixed row by row), odd sizes, the image data split
/// over several IDAT chunks — the decoded pixels must be the ones the file was made from.
/// (Browsers' screenshots use only some of these; the decoder claims all of them.)
@Suite("PNG decoding")
struct PNGDecodingTests {
    /// Channels per pixel of each colour type PNGImage reads.
    static let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4]

    @Test(arguments: [0, 2, 3, 4, 6])
    func everyFilterOfEveryColourTypeDecodesToTheOriginalPixels(colourType: Int) throws {
        var random = SplitMix(seed: UInt64(colourType) &* 7919 &+ 1)
        for (width, height) in [(1, 1), (7, 5), (33, 17)] {
            for filters in [[0], [1], [2], [3], [4], [0, 1, 2, 3, 4, 4, 3, 2, 1, 0]] {
                let source = Source(colourType: colourType, width: width, height: height, random: &random)
                let png = source.png(filters: filters, idatChunks: filters.count == 1 ? 1 : 3)
                let image = try PNGImage(png: png)
                #expect(image.width == width && image.height == height)
                #expect(image.pixels == source.rgba, "colour type \(colourType), \(width)×\(height), filters \(filters)")
            }
        }
    }

    @Test func aPaletteIndexOutsideThePaletteIsACorruptImage() throws {
        var random = SplitMix(seed: 3)
        var source = Source(colourType: 3, width: 4, height: 2, random: &random)
        source.palette.removeLast(3)  // the last entry is gone; the rows still use it
        source.samples[5] = UInt8(source.palette.count / 3)  // 5: the entry that is gone, and the largest used
        #expect(throws: PNGError.corrupt("palette index 5 out of range")) { try PNGImage(png: source.png(filters: [0], idatChunks: 1)) }
    }

    @Test func anUnknownRowFilterIsACorruptImage() {
        var random = SplitMix(seed: 4)
        let source = Source(colourType: 6, width: 2, height: 2, random: &random)
        #expect(throws: PNGError.corrupt("row 0 has filter 5")) { try PNGImage(png: source.png(filters: [5], idatChunks: 1)) }
    }

    /// An image's unfiltered samples, with what it decodes to.
    struct Source {
        var colourType: Int
        var width: Int
        var height: Int
        var samples: [UInt8]
        var palette: [UInt8] = []
        var transparency: [UInt8] = []

        init(colourType: Int, width: Int, height: Int, random: inout SplitMix) {
            self.colourType = colourType
            self.width = width
            self.height = height
            let count = width * height * PNGDecodingTests.channels[colourType]!
            if colourType == 3 {
                palette = (0..<(6 * 3)).map { _ in random.byte() }
                transparency = (0..<4).map { _ in random.byte() }  // shorter than the palette: the rest are opaque
                samples = (0..<count).map { _ in UInt8(random.next() % 6) }
            } else {
                samples = (0..<count).map { _ in random.byte() }
            }
        }

        /// The RGBA pixels the samples stand for.
        var rgba: [UInt8] {
            let channels = PNGDecodingTests.channels[colourType]!
            return (0..<(width * height)).flatMap { i -> [UInt8] in
                let s = Array(samples[(i * channels)..<((i + 1) * channels)])
                switch colourType {
                case 0: return [s[0], s[0], s[0], 255]
                case 2: return s + [255]
                case 3:
                    let entry = Int(s[0])
                    return Array(palette[(entry * 3)..<(entry * 3 + 3)]) + [entry < transparency.count ? transparency[entry] : 255]
                case 4: return [s[0], s[0], s[0], s[1]]
                default: return s
                }
            }
        }

        /// The PNG file: row `y` filtered with `filters[y % filters.count]` (PNG spec, section 9),
        /// the deflated rows split over `idatChunks` chunks. CRCs are left zero: the decoder does
        /// not check them.
        func png(filters: [Int], idatChunks: Int) -> Data {
            let channels = PNGDecodingTests.channels[colourType]!
            let stride = width * channels
            var raw: [UInt8] = []
            for y in 0..<height {
                let filter = filters[y % filters.count]
                raw.append(UInt8(filter))
                for x in 0..<stride {
                    let value = Int(samples[y * stride + x])
                    let left = x >= channels ? Int(samples[y * stride + x - channels]) : 0
                    let up = y > 0 ? Int(samples[(y - 1) * stride + x]) : 0
                    let upLeft = x >= channels && y > 0 ? Int(samples[(y - 1) * stride + x - channels]) : 0
                    let predicted: Int
                    switch filter {
                    case 1: predicted = left
                    case 2: predicted = up
                    case 3: predicted = (left + up) / 2
                    case 4:
                        let p = left + up - upLeft
                        let (pa, pb, pc) = (abs(p - left), abs(p - up), abs(p - upLeft))
                        predicted = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft
                    default: predicted = 0
                    }
                    raw.append(UInt8(truncatingIfNeeded: value - predicted))
                }
            }
            var buffer = ByteBuffer(bytes: raw)
            let deflated = Array((try! buffer.compress(with: .zlib())).readableBytesView)
            var file = Data([137, 80, 78, 71, 13, 10, 26, 10])
            func chunk(_ type: String, _ body: [UInt8]) {
                let length = UInt32(body.count)
                file.append(contentsOf: [UInt8(length >> 24), UInt8(length >> 16 & 255), UInt8(length >> 8 & 255), UInt8(length & 255)])
                file.append(contentsOf: Array(type.utf8) + body + [0, 0, 0, 0])
            }
            func be32(_ value: Int) -> [UInt8] { [UInt8(value >> 24 & 255), UInt8(value >> 16 & 255), UInt8(value >> 8 & 255), UInt8(value & 255)] }
            chunk("IHDR", be32(width) + be32(height) + [8, UInt8(colourType), 0, 0, 0])
            if colourType == 3 {
                chunk("PLTE", palette)
                chunk("tRNS", transparency)
            }
            let part = (deflated.count + idatChunks - 1) / idatChunks
            for start in Swift.stride(from: 0, to: deflated.count, by: max(part, 1)) {
                chunk("IDAT", Array(deflated[start..<min(start + part, deflated.count)]))
            }
            chunk("IEND", [])
            return file
        }
    }

    /// A small seeded generator, so a failure names an image that can be made again.
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }
    }
}
