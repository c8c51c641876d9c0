import Foundation
import MessagesApp
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

        /// Text saved through the API's store into the launch's `-db` file, not typed: what another
        /// client (the REST API) wrote is shown verbatim too — ZWJ emoji, stacked combining
        /// marks, right-to-left text, markup, an empty subject.
        @Test func textSavedThroughTheStoreIsShownVerbatim() async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("messages-ui-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let database = folder.appendingPathComponent("messages.sqlite").path
            let messages = [
                Message(user: "👨‍👩‍👧 family", subject: "🏳️‍🌈 e\u{301}\u{301} zalgo", message: "مرحبا <b>\"world\"</b> &amp; 👩🏽‍💻"),
                Message(user: "dan", subject: "", message: "no subject"),
            ]
            do {
                let store = try SQLiteMessageStore(path: database)
                for message in messages { try await store.save(message) }
            }
            try await withMessagesApp(arguments: ["-db", database]) { (app) async throws in
                #expect(try await app.allMessages() == [
                    UserPairs(user: messages[0].user, messages: [Pair(messages[0].subject, messages[0].message)]),
                    UserPairs(user: "dan", messages: [Pair("", "no subject")]),
                ])
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

    /// Each launch has its own store; a relaunch on the same `-db` file sees what was saved.
    @Suite("Messages: launches")
    struct LaunchTests {
        @Test func twoLaunchesDoNotShareMessages() async throws {
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

        @Test func aRelaunchOnTheSameDatabaseFileStillShowsTheMessages() async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("messages-ui-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let database = folder.appendingPathComponent("data/messages.sqlite").path  // its folder is created
            try await withMessagesApp(arguments: ["-db", database]) { (app) async throws in
                try await app.addMessage(user: "dan", subject: "pets", message: "cats are grumpy")
            }
            #expect(FileManager.default.fileExists(atPath: database))
            try await withMessagesApp(environment: ["LAB_MESSAGES_DB": database]) { (app) async throws in
                try await app.find("dan")
                #expect(try await app.foundMessages() == [Pair("pets", "cats are grumpy")])
                try await app.goHome()
                try await app.addMessage(user: "dan", subject: "pets", message: "dogs are happy")
            }
            try await withMessagesApp(arguments: ["-db", database]) { (app) async throws in
                #expect(try await app.allMessages() == [
                    UserPairs(user: "dan", messages: [Pair("pets", "cats are grumpy"), Pair("pets", "dogs are happy")]),
                ])
            }
        }

        /// A plain launch keeps its messages in a real SQLite file in its own temporary folder.
        /// (The folder is removed when the launch's routes are released, which happens after
        /// the server stops but not synchronously with `terminate()`, so that is not asserted.)
        @Test func aPlainLaunchStoresItsMessagesInItsOwnTemporaryFolder() async throws {
            func folders() throws -> Set<String> {
                Set(try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)
                    .filter { $0.hasPrefix("messages-app-") })
            }
            let before = try folders()
            try await withMessagesApp { (app) async throws in
                try await app.addMessage(user: "dan", subject: "pets", message: "cats are grumpy")
                let mine = try folders().subtracting(before)
                #expect(mine.count == 1)
                for folder in mine {
                    let file = FileManager.default.temporaryDirectory.appendingPathComponent(folder).appendingPathComponent("messages.sqlite")
                    #expect(FileManager.default.fileExists(atPath: file.path))
                }
            }
        }

        @Test func aDatabaseThatCannotBeOpenedShowsWhyInsteadOfCrashing() async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("messages-ui-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            // A folder where the file should be: SQLite cannot open it.
            try await withMessagesApp(arguments: ["-db", folder.path]) { (app) async throws in
                let error = app.staticTexts[MessagesIdentifiers.storageError]
                #expect(try await error.label.hasPrefix("The messages cannot be reached: cannot open the SQLite database at \(folder.path)"))
            }
        }
    }
}
