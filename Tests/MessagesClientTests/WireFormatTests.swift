import Foundation
import MessagesModel
import Testing

/// The shared wire types on their own: what the server writes decodes to the model, and the
/// users of `GET /proto/messages` keep the order the body lists them in.
@Suite("Messages wire format")
struct WireFormatTests {
    func all(_ json: String) throws -> [UserMessages] { try MessagesWire.decodeAllMessages(Data(json.utf8)).users }

    @Test func usersKeepTheirOrderWhateverTheKeysLookLike() throws {
        let json = #"""
        { "statusCode" : 200, "body" : {
            "zed": [ {"subject": "a", "message": "{not a key: \"x\"}"} ],
            "a\"b\\c": [],
            "\u00fcber": [ {"subject": "", "message": "[1, {\"k\": 2}]"} ],
            "body": [ {"subject": "s", "message": "m"} ]
        } }
        """#
        #expect(try all(json).map(\.user) == ["zed", "a\"b\\c", "über", "body"])
        #expect(try all(json)[2].messages == [MessageEntry(subject: "", message: "[1, {\"k\": 2}]")])
        #expect(try all(#"{"body":{},"statusCode":200}"#) == [])
    }

    @Test func anAnswerOfAnotherShapeIsAnError() {
        #expect(throws: (any Error).self) { try all(#"{"statusCode":200,"body":["dan"]}"#) }
        #expect(throws: (any Error).self) { try all(#"{"statusCode":200}"#) }
        #expect(throws: (any Error).self) { try all(#"{"statusCode":200,"body":{"dan":[{"subject":"s"}]}}"#) }
        #expect(throws: (any Error).self) { try all("not json") }
    }

    @Test func theOtherShapes() throws {
        let request = try JSONDecoder().decode([String: String].self, from: JSONEncoder().encode(
            AddMessageRequest(Message(user: "dan", subject: "pets", message: "cats are grumpy"))))
        #expect(request == ["user": "dan", "operation": "add_message", "subject": "pets", "message": "cats are grumpy"])
        let user = try JSONDecoder().decode(ResponseEnvelope<UserMessages>.self, from: Data(
            #"{"statusCode":200,"body":{"user":"dan","message":[{"subject":"pets","message":"dogs are happy"}]}}"#.utf8))
        #expect(user.body == UserMessages(user: "dan", messages: [MessageEntry(subject: "pets", message: "dogs are happy")]))
        let error = try JSONDecoder().decode(ErrorEnvelope.self, from: Data(
            #"{"statusCode":400,"error":{"code":"invalid_field","message":"user must not be empty"}}"#.utf8))
        #expect(error.code == .invalidField && error.error.message == "user must not be empty" && error.statusCode == 400)
    }
}
