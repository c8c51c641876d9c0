import MessagesApp
import MessagesService
import Testing
import UIAutomation

extension MessagesJourneys {
    /// The seed's two journeys, Add and Find, and the All Messages list.
    @Suite("Messages: add and find")
    struct AddAndFindTests {
        @Test func addAMessageThenFindItByUser() async throws {
            try await withMessagesApp { (app) async throws in
                #expect(try await app.homeBar.label == "Messages")
                try await app.addMessage(user: "dan", subject: "pets", message: "cats are grumpy")
                #expect(try await app.navigationBars[MessagesIdentifiers.sentNavigationBar].exists)
                #expect(try await app.staticTexts[MessagesIdentifiers.sentUser].label == "dan")
                #expect(try await app.staticTexts[MessagesIdentifiers.sentSubject].label == "pets")
                #expect(try await app.staticTexts[MessagesIdentifiers.sentMessage].label == "cats are grumpy")

                try await app.buttons[MessagesIdentifiers.addAnotherButton].tap()
                #expect(try await app.userField.domValue == "")  // a fresh, empty form (its value reads the placeholder, as in XCUITest)
                try await app.userField.typeText("dan")
                try await app.subjectField.typeText("pets")
                try await app.messageField.typeText("dogs are happy")
                try await app.buttons[MessagesIdentifiers.sendButton].tap()
                #expect(try await app.staticTexts[MessagesIdentifiers.sentMessage].label == "dogs are happy")
                try await app.goHome()

                try await app.find("dan")
                #expect(try await app.findUserField.value == "dan")
                #expect(try await app.foundMessages() == [Pair("pets", "cats are grumpy"), Pair("pets", "dogs are happy")])
                #expect(try await !app.findEmpty.exists)
            }
        }

        @Test func theSendButtonIsFoundByItsTitle() async throws {
            try await withMessagesApp { (app) async throws in
                try await app.openAdd()
                #expect(try await app.buttons["Send"].value == "blue")  // the tint is its value, not in its label
                try await app.userField.typeText("ann")
                try await app.messageField.typeText("hello")
                try await app.buttons["Send"].tap()
                #expect(try await app.staticTexts[MessagesIdentifiers.sentMessage].label == "hello")
            }
        }

        @Test func findingAnUnknownUserShowsTheEmptyState() async throws {
            try await withMessagesApp { (app) async throws in
                try await app.addMessage(user: "dan", subject: "pets", message: "cats are grumpy")
                try await app.goHome()
                try await app.find("bob")
                #expect(try await app.findEmpty.label == "No messages from bob")
                #expect(try await !app.collectionViews[MessagesIdentifiers.results].exists)
            }
        }

        @Test func anEmptyUserIsRejectedAndTheTypedSubjectAndMessageAreKept() async throws {
            try await withMessagesApp { (app) async throws in
                try await app.addMessage(user: "", subject: "pets", message: "cats are grumpy")
                #expect(try await app.addError.label == "user must not be empty")
                #expect(try await app.navigationBars[MessagesIdentifiers.addNavigationBar].exists)
                #expect(try await app.subjectField.value == "pets")
                #expect(try await app.messageField.value == "cats are grumpy")

                // Fixing the mistake sends it; nothing was saved before.
                try await app.userField.typeText("dan")
                try await app.buttons[MessagesIdentifiers.sendButton].tap()
                #expect(try await app.staticTexts[MessagesIdentifiers.sentUser].label == "dan")
                try await app.goHome()
                #expect(try await app.allMessages() == [UserPairs(user: "dan", messages: [Pair("pets", "cats are grumpy")])])
            }
        }

        @Test func theAPIsLimitsApplyToTheForm() async throws {
            try await withMessagesApp { (app) async throws in
                let limit = MessageLimits.default.maxUserLength
                try await app.addMessage(user: String(repeating: "u", count: limit + 1), subject: "s", message: "")
                #expect(try await app.addError.label
                    == "user is too long: \(limit + 1) characters (Unicode code points); the limit is \(limit)")
                try await app.userField.typeText("\u{8}")  // back to the limit: now the empty message is the problem
                try await app.buttons[MessagesIdentifiers.sendButton].tap()
                #expect(try await app.addError.label == "message must not be empty")
                #expect(try await app.userField.value == String(repeating: "u", count: limit))
            }
        }

        @Test func allMessagesAreGroupedByUserInOrder() async throws {
            try await withMessagesApp { (app) async throws in
                #expect(try await app.allMessages() == [])
                #expect(try await app.staticTexts[MessagesIdentifiers.allEmpty].label == "No messages yet")
                try await app.goHome()
                for (user, subject, message) in [
                    ("dan", "pets", "dogs are happy"), ("bob", "bob stuff", "bob bob bob"),
                    ("dan", "pets", "cats are grumpy"), ("bob", "bob stuff", "there once was a guy named bob"),
                ] {
                    try await app.addMessage(user: user, subject: subject, message: message)
                    try await app.goHome()
                }
                #expect(try await app.allMessages() == [
                    UserPairs(user: "dan", messages: [Pair("pets", "dogs are happy"), Pair("pets", "cats are grumpy")]),
                    UserPairs(user: "bob", messages: [Pair("bob stuff", "bob bob bob"), Pair("bob stuff", "there once was a guy named bob")]),
                ])
                #expect(try await !app.staticTexts[MessagesIdentifiers.allEmpty].exists)
            }
        }
    }
}
