import CompressNIO
import Foundation
import NIOCore

/// An image as 8-bit RGBA pixels, read from and written to PNG without any platform image
/// library: the chunks, filters and colour types are read here, and the compressed data is
/// inflated and deflated by zlib through CompressNIO.
///
/// Reads what browsers write (8-bit grey, grey + alpha, RGB, RGBA and palette images, not
/// interlaced); anything else is a ``PNGError``.
public struct PNGImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height × 4` bytes: red, green, blue, alpha, row by row from the top.
    public var pixels: [UInt8]

    /// An image of the given size and pixels (`width × height × 4` bytes).
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "RGBA pixels must be width × height × 4 bytes")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    private static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// Decodes PNG bytes.
    public init(png data: Data) throws {
        let bytes = [UInt8](data)
        guard bytes.count > 8, Array(bytes[0..<8]) == Self.signature else { throw PNGError.notPNG }
        var offset = 8
        var width = 0, height = 0, bitDepth = 0, colourType = 0, interlace = 0
        var palette: [UInt8] = [], transparency: [UInt8] = []
        var compressed = ByteBuffer()
        func be32(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
        while offset + 8 <= bytes.count {
            let length = be32(offset)
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let start = offset + 8
            guard length >= 0, start + length + 4 <= bytes.count else { throw PNGError.truncated }
            let body = bytes[start..<(start + length)]
            switch type {
            case "IHDR":
                guard length >= 13 else { throw PNGError.truncated }
                width = be32(start)
                height = be32(start + 4)
                bitDepth = Int(bytes[start + 8])
                colourType = Int(bytes[start + 9])
                interlace = Int(bytes[start + 12])
            case "PLTE": palette = Array(body)
            case "tRNS": transparency = Array(body)
            case "IDAT": compressed.writeBytes(body)
            case "IEND": offset = bytes.count
            default: break
            }
            offset = start + length + 4
        }
        guard width > 0, height > 0, width <= 1 << 15, height <= 1 << 15 else { throw PNGError.unsupported("size \(width)×\(height)") }
        guard bitDepth == 8, interlace == 0 else {
            throw PNGError.unsupported("bit depth \(bitDepth)\(interlace == 0 ? "" : ", interlaced")")
        }
        let channels: Int
        switch colourType {
        case 0: channels = 1
        case 2: channels = 3
        case 3: channels = 1
        case 4: channels = 2
        case 6: channels = 4
        default: throw PNGError.unsupported("colour type \(colourType)")
        }
        let stride = width * channels
        var inflated: ByteBuffer
        do {
            inflated = try compressed.decompress(with: .zlib())
        } catch {
            throw PNGError.corrupt("the image data does not inflate: \(error)")
        }
        guard let raw = inflated.readBytes(length: inflated.readableBytes), raw.count >= (stride + 1) * height else {
            throw PNGError.truncated
        }
        // Undo each row's filter (PNG spec, section 9), into unfiltered rows of `stride` bytes.
        var rows = [UInt8](repeating: 0, count: stride * height)
        for y in 0..<height {
            let filter = raw[y * (stride + 1)]
            let source = y * (stride + 1) + 1
            let row = y * stride
            for x in 0..<stride {
                let value = raw[source + x]
                let left = x >= channels ? Int(rows[row + x - channels]) : 0
                let up = y > 0 ? Int(rows[row - stride + x]) : 0
                let upLeft = x >= channels && y > 0 ? Int(rows[row - stride + x - channels]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = left
                case 2: predicted = up
                case 3: predicted = (left + up) / 2
                case 4:
                    let p = left + up - upLeft
                    let pa = abs(p - left), pb = abs(p - up), pc = abs(p - upLeft)
                    predicted = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft
                default: throw PNGError.corrupt("row \(y) has filter \(filter)")
                }
                rows[row + x] = UInt8(truncatingIfNeeded: Int(value) + predicted)
            }
        }
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for i in 0..<(width * height) {
            let s = i * channels, d = i * 4
            switch colourType {
            case 0: pixels[d] = rows[s]; pixels[d + 1] = rows[s]; pixels[d + 2] = rows[s]
            case 4: pixels[d] = rows[s]; pixels[d + 1] = rows[s]; pixels[d + 2] = rows[s]; pixels[d + 3] = rows[s + 1]
            case 2: pixels[d] = rows[s]; pixels[d + 1] = rows[s + 1]; pixels[d + 2] = rows[s + 2]
            case 3:
                let entry = Int(rows[s])
                guard entry * 3 + 2 < palette.count else { throw PNGError.corrupt("palette index \(entry) out of range") }
                pixels[d] = palette[entry * 3]; pixels[d + 1] = palette[entry * 3 + 1]; pixels[d + 2] = palette[entry * 3 + 2]
                pixels[d + 3] = entry < transparency.count ? transparency[entry] : 255
            default: pixels[d] = rows[s]; pixels[d + 1] = rows[s + 1]; pixels[d + 2] = rows[s + 2]; pixels[d + 3] = rows[s + 3]
            }
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// The image as PNG bytes (8-bit RGBA, each row filtered with "up" or none, deflated by zlib).
    public func pngData() -> Data {
        let stride = width * 4
        var raw = ByteBuffer()
        raw.reserveCapacity((stride + 1) * height)
        for y in 0..<height {
            let row = y * stride
            if y == 0 {
                raw.writeInteger(UInt8(0))
                raw.writeBytes(pixels[row..<(row + stride)])
            } else {
                raw.writeInteger(UInt8(2))
                raw.writeBytes((0..<stride).map { pixels[row + $0] &- pixels[row - stride + $0] })
            }
        }
        // Compressing a buffer in memory cannot fail but for a lack of memory.
        var compressed = (try? raw.compress(with: .zlib())) ?? ByteBuffer()
        var out = Data(Self.signature)
        func chunk(_ type: String, _ body: [UInt8]) {
            var length = UInt32(body.count).bigEndian
            out.append(Data(bytes: &length, count: 4))
            let typed = Array(type.utf8) + body
            out.append(contentsOf: typed)
            var crc = CRC32.checksum(typed).bigEndian
            out.append(Data(bytes: &crc, count: 4))
        }
        func be(_ value: Int) -> [UInt8] { [UInt8(value >> 24 & 255), UInt8(value >> 16 & 255), UInt8(value >> 8 & 255), UInt8(value & 255)] }
        chunk("IHDR", be(width) + be(height) + [8, 6, 0, 0, 0])
        chunk("IDAT", compressed.readBytes(length: compressed.readableBytes) ?? [])
        chunk("IEND", [])
        return out
    }
}

/// Why PNG bytes could not be read.
public enum PNGError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes do not start with the PNG signature.
    case notPNG
    /// The file ends inside a chunk or the image data.
    case truncated
    /// The image data is damaged.
    case corrupt(String)
    /// A valid PNG of a kind browsers do not write (16-bit, interlaced, huge).
    case unsupported(String)

    public var description: String {
        switch self {
        case .notPNG: return "not a PNG"
        case .truncated: return "the PNG is cut short"
        case .corrupt(let detail): return "the PNG is damaged: \(detail)"
        case .unsupported(let detail): return "unsupported PNG: \(detail)"
        }
    }
}

/// The CRC-32 that PNG chunks carry (ISO 3309, the same as zlib's).
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes { c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
