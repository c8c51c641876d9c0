import CompressNIO
public import Foundation
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
        // The per-byte loops below go through raw pointers: the suite runs a debug build, where
        // an array subscript is a call with its checks (these loops were a fifth of a snapshot
        // test's CPU, 2026-11-25). Every index stays inside the sizes checked above.
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        // Undo each row's filter (PNG spec, section 9), into unfiltered rows of `stride` bytes.
        var rows = [UInt8](repeating: 0, count: stride * height)
        try raw.withUnsafeBufferPointer { rawBuffer in
            try rows.withUnsafeMutableBufferPointer { rowsBuffer in
                let source = rawBuffer.baseAddress!, rows = rowsBuffer.baseAddress!
                for y in 0..<height {
                    let filter = source[y &* (stride &+ 1)]
                    let line = source + (y &* (stride &+ 1) &+ 1)
                    let row = rows + y &* stride
                    let above = row - stride  // read only when y > 0
                    switch filter {
                    case 0:
                        row.update(from: line, count: stride)
                    case 1:
                        for x in 0..<stride { row[x] = line[x] &+ (x >= channels ? row[x &- channels] : 0) }
                    case 2:
                        for x in 0..<stride { row[x] = line[x] &+ (y > 0 ? above[x] : 0) }
                    case 3:
                        for x in 0..<stride {
                            let left = x >= channels ? Int(row[x &- channels]) : 0
                            let up = y > 0 ? Int(above[x]) : 0
                            row[x] = line[x] &+ UInt8(truncatingIfNeeded: (left &+ up) / 2)
                        }
                    case 4:
                        for x in 0..<stride {
                            let left = x >= channels ? Int(row[x &- channels]) : 0
                            let up = y > 0 ? Int(above[x]) : 0
                            let upLeft = x >= channels && y > 0 ? Int(above[x &- channels]) : 0
                            let p = left &+ up &- upLeft
                            let pa = abs(p &- left), pb = abs(p &- up), pc = abs(p &- upLeft)
                            let predicted = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft
                            row[x] = line[x] &+ UInt8(truncatingIfNeeded: predicted)
                        }
                    default: throw PNGError.corrupt("row \(y) has filter \(filter)")
                    }
                }
            }
        }
        if colourType == 3, let largest = rows.max(), Int(largest) * 3 + 2 >= palette.count {
            throw PNGError.corrupt("palette index \(largest) out of range")
        }
        rows.withUnsafeBufferPointer { rowsBuffer in
            pixels.withUnsafeMutableBufferPointer { pixelsBuffer in
                let rows = rowsBuffer.baseAddress!, pixels = pixelsBuffer.baseAddress!
                for i in 0..<(width &* height) {
                    let s = rows + i &* channels, d = pixels + i &* 4
                    switch colourType {
                    case 0: d[0] = s[0]; d[1] = s[0]; d[2] = s[0]
                    case 4: d[0] = s[0]; d[1] = s[0]; d[2] = s[0]; d[3] = s[1]
                    case 2: d[0] = s[0]; d[1] = s[1]; d[2] = s[2]
                    case 3:
                        let entry = Int(s[0])
                        d[0] = palette[entry &* 3]; d[1] = palette[entry &* 3 &+ 1]; d[2] = palette[entry &* 3 &+ 2]
                        d[3] = entry < transparency.count ? transparency[entry] : 255
                    default: d.update(from: s, count: 4)
                    }
                }
            }
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// The image as PNG bytes (8-bit RGBA, each row filtered with "up" or none, deflated by zlib).
    public func pngData() -> Data {
        // `pixels` is settable; the rows below are read through a raw pointer.
        precondition(pixels.count == width * height * 4, "RGBA pixels must be width × height × 4 bytes")
        let stride = width * 4
        var raw = ByteBuffer()
        raw.reserveCapacity((stride + 1) * height)
        var filtered = [UInt8](repeating: 0, count: stride)
        pixels.withUnsafeBufferPointer { pixelsBuffer in
            guard let pixels = pixelsBuffer.baseAddress else { return }  // an empty image
            for y in 0..<height {
                let row = pixels + y &* stride
                if y == 0 {
                    raw.writeInteger(UInt8(0))
                    raw.writeBytes(UnsafeBufferPointer(start: row, count: stride))
                } else {
                    raw.writeInteger(UInt8(2))
                    let above = row - stride
                    filtered.withUnsafeMutableBufferPointer { out in
                        let out = out.baseAddress!
                        for x in 0..<stride { out[x] = row[x] &- above[x] }
                    }
                    raw.writeBytes(filtered)
                }
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
        table.withUnsafeBufferPointer { tableBuffer in
            bytes.withUnsafeBufferPointer { bytesBuffer in
                guard let table = tableBuffer.baseAddress, let bytes = bytesBuffer.baseAddress else { return }
                for i in 0..<bytesBuffer.count { c = table[Int(truncatingIfNeeded: (c ^ UInt32(bytes[i])) & 0xFF)] ^ (c &>> 8) }
            }
        }
        return c ^ 0xFFFF_FFFF
    }
}
