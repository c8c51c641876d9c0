import Foundation
import LabTesting
import MessagesApp
import MessagesClient
import MessagesModel
import MessagesService
import Testing
import UIAutomation

extension MessagesJourneys {
    /// Whatever a user types is shown as typed: as text, never as markup.
    @Suite("Messages: arbitrary text")
    struct ArbitraryTextTests {
        static let texts: [(user: String, subject: String, message: String)] = [
            ("<b>dan", "<script>document.title='pwned'</script>", "<img src=x onerror=\"document.title='pwned'\">"),
            ("o'brien \"quotes\"", "a & b &amp; c", "</p></li></ul><h1>not a heading</h1>"),
            ("émoji 🐱", "🐶🐱 pets", "cats 😾 are grumpy"),
            ("דן", "חיות מחמד", "חתולים זועפים, and some English"),
        ]

        @Test func textIsShownVerbatimOnTheConfirmationTheFindResultsAndTheList() async throws {
            try await withMessagesApp { (app) async throws in
                for text in Self.texts {
                    try await app.addMessage(user: text.user, subject: text.subject, message: text.message)
                    #expect(try await app.staticTexts[MessagesIdentifiers.sentUser].label == text.user)
                    #expect(try await app.staticTexts[MessagesIdentifiers.sentSubject].label == text.subject)
                    #expect(try await app.staticTexts[MessagesIdentifiers.sentMessage].label == text.message)
                    try await app.goHome()
                }
                for text in Self.texts {
                    try await app.find(text.user)
                    #expect(try await app.foundMessages() == [Pair(text.subject, text.message)], "\(text.user)")
                    try await app.goHome()
                }
                #expect(try await app.allMessages() == Self.texts.map { UserPairs(user: $0.user, messages: [Pair($0.subject, $0.message)]) })
                // None of it became markup: no injected image, no element holding only part of a text.
                #expect(try await app.images.count == 0)
                #expect(try await app.staticTexts.matching(ElementPredicate.label == "not a heading").count == 0)
            }
        }

        /// Text another client of the API sent, not typed: what the REST API was given is shown
        /// verbatim too — ZWJ emoji, stacked combining marks, right-to-left text, markup, an
        /// empty subject.
        @Test func textSentByAnotherClientOfTheAPIIsShownVerbatim() async throws {
            let messages = [
                Message(user: "👨‍👩‍👧 family", subject: "🏳️‍🌈 e\u{301}\u{301} zalgo", message: "مرحبا <b>\"world\"</b> &amp; 👩🏽‍💻"),
                Message(user: "dan", subject: "", message: "no subject"),
            ]
            try await withMessagesAPI { api in
                for message in messages { _ = try await api.client.add(message) }
                try await withMessagesApp(api: api) { (app) async throws in
                    #expect(try await app.allMessages() == [
                        UserPairs(user: messages[0].user, messages: [Pair(messages[0].subject, messages[0].message)]),
                        UserPairs(user: "dan", messages: [Pair("", "no subject")]),
                    ])
                }
            }
        }

        @Test func aLongMessageIsShownWhole() async throws {
            try await withMessagesApp { (app) async throws in
                let long = (1...40).map { "word\($0)" }.joined(separator: " ") + " " + String(repeating: "x", count: 120)
                try await app.addMessage(user: "dan", subject: "long", message: long)
                #expect(try await app.staticTexts[MessagesIdentifiers.sentMessage].label == long)
                try await app.goHome()
                try await app.find("dan")
                #expect(try await app.foundMessages() == [Pair("long", long)])
            }
        }
    }

    /// The app keeps nothing itself: each launch here has its own API process, and a relaunch
    /// against the same API shows what the API kept.
    @Suite("Messages: launches")
    struct LaunchTests {
        @Test func twoLaunchesOnTwoAPIsDoNotShareMessages() async throws {
            try await withMessagesApp { (one) async throws in
                try await withMessagesApp { (two) async throws in
                    try await one.addMessage(user: "dan", subject: "pets", message: "cats are grumpy")
                    try await two.addMessage(user: "bob", subject: "bob stuff", message: "bob bob bob")
                    try await one.goHome()
                    try await two.goHome()
                    #expect(try await one.allMessages() == [UserPairs(user: "dan", messages: [Pair("pets", "cats are grumpy")])])
                    #expect(try await two.allMessages() == [UserPairs(user: "bob", messages: [Pair("bob stuff", "bob bob bob")])])
                }
            }
            try await withMessagesApp { (three) async throws in
                #expect(try await three.allMessages() == [])
            }
        }

        @Test func aRelaunchAgainstTheSameAPIStillShowsTheMessages() async throws {
            try await withMessagesAPI { api in
                try await withMessagesApp(api: api) { (app) async throws in
                    try await app.addMessage(user: "dan", subject: "pets", message: "cats are grumpy")
                }
                #expect(try await api.client.messages(of: "dan") == [MessageEntry(subject: "pets", message: "cats are grumpy")])
                try await withMessagesApp(api: api, environment: [MessagesComposition.apiEnvironmentVariable: api.url]) { (app) async throws in
                    try await app.find("dan")
                    #expect(try await app.foundMessages() == [Pair("pets", "cats are grumpy")])
                }
            }
        }

        @Test func theAPIsAddressCanComeFromTheEnvironment() async throws {
            try await withMessagesAPI { api in
                _ = try await api.client.add(Message(user: "env", subject: "", message: "from the environment"))
                try await withLabApp(MessagesApp(), environment: [MessagesComposition.apiEnvironmentVariable: api.url]) { (app) async throws in
                    #expect(try await app.allMessages() == [UserPairs(user: "env", messages: [Pair("", "from the environment")])])
                }
            }
        }
    }
}
