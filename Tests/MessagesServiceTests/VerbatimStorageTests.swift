import Foundation
import LabSupport
import MessagesService
import Testing
import TestSupport

/// Hostile and non-ASCII text is stored and returned exactly as sent: escaping is the renderer's job.
@Suite(.heavyWork) struct VerbatimStorageTests {
    static let hostileTexts: [String] = [
        "<script>alert('x')</script>",
        "<img src=x onerror=\"alert(1)\"> &amp; &lt;b&gt;",
        #"She said "hi" and 'bye' and `run` \ back\slash \n not a newline"#,
        "'); DROP TABLE message; --",
        "Robert'); DROP TABLE Students;-- OR 1=1 /* */ UNION SELECT * FROM sqlite_master",
        "${jndi:ldap://127.0.0.1/x} {{7*7}} %s %n %00 %2F",
        "👩‍👩‍👧‍👦🎉🏳️‍🌈 👍🏽",
        "e\u{301} vs é (NFD vs NFC, not normalised)",
        "مرحبا بالعالم — עברית — 你好，世界 — こんにちは — Привет",
        "zero\u{200B}width\u{200D}joiner\u{FEFF}bom\u{2028}line\u{2029}para",
        "tabs\tand\nnewlines\r\nand \u{1} \u{7} \u{1B}[31m escape \u{7F} \u{85} \u{9F}",
        "\u{10FFFF} \u{E000} 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 𝟘",
        "   leading and trailing spaces   ",
        String(repeating: "🙂", count: MessageLimits.default.maxMessageLength),
    ]

    static let hostileUsers: [String] = [
        "José", "用户", "o'brien", "<b>bold<b>", "a\"b", "Robert'); DROP TABLE message;--", "e\u{301}", "é", "🙂", "a b", "100%",
        "?x=1#frag", String(repeating: "ü", count: MessageLimits.default.maxUserLength),
    ]

    @Test(arguments: hostileTexts)
    func messageAndSubjectRoundTripUnchanged(_ text: String) async throws {
        try await withMessagesServer(store: memoryStore()) { client in
            let subject = String(text.unicodeScalars.prefix(MessageLimits.default.maxSubjectLength))
            let posted = try await client.post(messageBody(user: "mallory", subject: subject, message: text))
            #expect(posted.status == 201, "\(posted)")
            #expect(try posted.json()["body"]?["message"]?.string == text)
            #expect(try posted.json()["body"]?["subject"]?.string == subject)
            expectConforms(posted, "POST", "/proto/messages")

            let user = try await client.get("/proto/messages/mallory")
            let entry = try user.json()["body"]?["message"]?[0]
            #expect(entry?["message"]?.string == text)
            #expect(entry?["subject"]?.string == subject)
            // Exact scalars, not merely canonically equivalent.
            #expect(entry?["message"]?.string.map { Array($0.unicodeScalars) } == Array(text.unicodeScalars))
            expectConforms(user, "GET", "/proto/messages/{user}")

            let all = try await client.get("/proto/messages")
            #expect(try all.json()["body"]?["mallory"]?[0]?["message"]?.string == text)
            expectConforms(all, "GET", "/proto/messages")
        }
    }

    @Test func htmlIsNotEscapedOnTheWire() async throws {
        try await withMessagesServer(store: memoryStore()) { client in
            _ = try await client.post(messageBody(user: "mallory", subject: "<i>", message: "<script>alert('x')</script> & é"))
            let text = try await client.get("/proto/messages/mallory").text
            #expect(text.contains("<script>alert('x')</script> & é"))
        }
    }

    @Test(arguments: hostileUsers)
    func unusualUserNamesRoundTripThroughThePath(_ user: String) async throws {
        try await withMessagesServer(store: memoryStore()) { client in
            let posted = try await client.post(messageBody(user: user, subject: "s", message: "hello"))
            #expect(posted.status == 201, "\(posted)")
            let encoded = user.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let response = try await client.get("/proto/messages/" + encoded)
            #expect(response.status == 200, "\(response)")
            #expect(try response.json()["body"]?["user"]?.string.map { Array($0.unicodeScalars) } == Array(user.unicodeScalars))
            #expect(try response.json()["body"]?["message"]?.array?.count == 1)
            expectConforms(response, "GET", "/proto/messages/{user}")
            let all = try await client.get("/proto/messages").json()
            #expect(all["body"]?.object?.keys.map { Array($0.unicodeScalars) } == [Array(user.unicodeScalars)])
        }
    }

    @Test func canonicallyEquivalentUsersStayDistinct() async throws {
        try await withMessagesServer(store: memoryStore()) { client in
            _ = try await client.post(messageBody(user: "e\u{301}", subject: "s", message: "decomposed"))
            _ = try await client.post(messageBody(user: "é", subject: "s", message: "composed"))
            let decomposed = try await client.get("/proto/messages/e%CC%81").json()
            #expect(decomposed["body"]?["message"]?.array?.compactMap { $0["message"]?.string } == ["decomposed"])
            let composed = try await client.get("/proto/messages/%C3%A9").json()
            #expect(composed["body"]?["message"]?.array?.compactMap { $0["message"]?.string } == ["composed"])
        }
    }

    @Test func jsonEscapesInTheRequestAreDecoded() async throws {
        try await withMessagesServer(store: memoryStore()) { client in
            let body = #"{"user":"\u0064an","operation":"add_message","subject":"\ud83d\ude00","message":"a\/b\"c\\d\u0001"}"#
            let posted = try await client.post(Array(body.utf8))
            #expect(posted.status == 201, "\(posted)")
            let entry = try await client.get("/proto/messages/dan").json()["body"]?["message"]?[0]
            #expect(entry?["subject"]?.string == "😀")
            #expect(entry?["message"]?.string == "a/b\"c\\d\u{1}")
        }
    }
}
