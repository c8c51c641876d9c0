import Foundation

/// The routing fields of a CDP message, read in one pass without building a JSON tree.
///
/// Routing needs only `id`, `method`, `sessionId` and whether there is an `error`; a full
/// decode of every message on the reader thread measurably slowed the round trip. The rest of
/// the message is skipped (``JSONReader/skipValue()``); anything that does not read as a
/// message makes the scan give up, and the caller falls back to `JSONDecoder`, which has the
/// final word.
struct Envelope: Equatable {
    var id: Int?
    var method: String?
    var sessionId: String?
    var hasError = false

    /// Scans the top level of `data`; `nil` when the fast path cannot be sure.
    static func scan(_ data: Data) -> Envelope? {
        try? JSONReader.read(data) { reader in
            var envelope = Envelope()
            try reader.readObject { reader, key in
                switch key {
                case "id": envelope.id = try reader.readInt()
                case "method": envelope.method = try reader.readString()
                case "sessionId": envelope.sessionId = try reader.readString()
                case "error":
                    envelope.hasError = true
                    try reader.skipValue()
                default: try reader.skipValue()
                }
            }
            try reader.end()
            return envelope
        }
    }
}
