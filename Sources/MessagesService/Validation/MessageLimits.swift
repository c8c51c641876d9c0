import HTTPTypes
/// The size and content rules of the Messages API. `openapi.yaml` states the same numbers,
/// and the tests check that the two agree.
///
/// Lengths are counted in Unicode code points (Unicode scalars), as JSON Schema's
/// `minLength`/`maxLength` count them.
public struct MessageLimits: Sendable, Equatable {
    /// Largest accepted request body, in bytes. Every message within the field limits fits,
    /// even with every character written as a JSON `\uXXXX` escape pair.
    public var maxBodyBytes: Int
    /// Longest `user`, in code points.
    public var maxUserLength: Int
    /// Longest `subject`, in code points.
    public var maxSubjectLength: Int
    /// Longest `message`, in code points.
    public var maxMessageLength: Int

    /// Creates limits.
    public init(maxBodyBytes: Int = 65_536, maxUserLength: Int = 64, maxSubjectLength: Int = 200, maxMessageLength: Int = 4_000) {
        self.maxBodyBytes = maxBodyBytes
        self.maxUserLength = maxUserLength
        self.maxSubjectLength = maxSubjectLength
        self.maxMessageLength = maxMessageLength
    }

    /// The documented limits.
    public static let `default` = MessageLimits()

    /// Checks a user name: 1…`maxUserLength` code points; no control characters (U+0000–U+001F,
    /// U+007F–U+009F); no invisible formatting characters (category Cf but the zero-width joiners U+200C, U+200D); no `/`; no white space
    /// at either end; not `.` or `..`.
    public func validateUser(_ user: String) throws(MessagesAPIError) {
        let field = "user"
        let code = MessagesErrorCode.invalidField
        let scalars = user.unicodeScalars
        guard let first = scalars.first, let last = scalars.last else {
            throw MessagesAPIError(.badRequest, code, "\(field) must not be empty")
        }
        let count = scalars.count
        if count > maxUserLength {
            throw MessagesAPIError(.badRequest, .fieldTooLong,
                                   "\(field) is too long: \(count) characters (Unicode code points); the limit is \(maxUserLength)")
        }
        if let bad = scalars.first(where: { $0.properties.generalCategory == .control || $0 == "/" }) {
            throw MessagesAPIError(.badRequest, code,
                                   "\(field) must not contain control characters or '/'; found U+\(Self.hex(bad))")
        }
        // Invisible formatting (category Cf: bidirectional overrides and isolates, the zero-width
        // space, the byte-order mark, the soft hyphen) would let two names that look alike be
        // different users, or reorder how a name is shown. The zero-width (non-)joiners stay:
        // emoji sequences (👨‍👩‍👧) and several scripts need them.
        if let bad = scalars.first(where: {
            $0.properties.generalCategory == .format && $0 != "\u{200C}" && $0 != "\u{200D}"
        }) {
            throw MessagesAPIError(.badRequest, code,
                                   "\(field) must not contain invisible formatting characters (bidirectional controls, zero-width characters); found U+\(Self.hex(bad))")
        }
        if first.properties.isWhitespace || last.properties.isWhitespace {
            throw MessagesAPIError(.badRequest, code, "\(field) must not begin or end with white space")
        }
        // A user is a path segment; `.` and `..` are dot segments, which URL clients remove
        // (RFC 3986 §5.2.4), so such a user could be posted but never read back.
        if user == "." || user == ".." {
            throw MessagesAPIError(.badRequest, code, "\(field) must not be \"\(user)\" (a dot segment no URL can name)")
        }
    }

    /// Checks a whole message: the user rules, then `subject` (0…`maxSubjectLength` code points)
    /// and `message` (1…`maxMessageLength` code points). Neither may contain U+0000 (NUL).
    public func validate(_ message: Message) throws(MessagesAPIError) {
        try validateUser(message.user)
        try validateText(message.subject, field: "subject", max: maxSubjectLength, allowEmpty: true)
        try validateText(message.message, field: "message", max: maxMessageLength, allowEmpty: false)
    }

    private func validateText(_ text: String, field: String, max: Int, allowEmpty: Bool) throws(MessagesAPIError) {
        var count = 0
        for scalar in text.unicodeScalars {
            if scalar == "\u{0}" {
                throw MessagesAPIError(.badRequest, .invalidField, "\(field) must not contain U+0000 (NUL)")
            }
            count += 1
        }
        if count == 0 && !allowEmpty {
            throw MessagesAPIError(.badRequest, .invalidField, "\(field) must not be empty")
        }
        if count > max {
            throw MessagesAPIError(.badRequest, .fieldTooLong,
                                   "\(field) is too long: \(count) characters (Unicode code points); the limit is \(max)")
        }
    }

    private static func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
