import MessagesApp
import MessagesModel
import Testing

/// The view models alone, over a fake action layer: what each screen's state becomes for every
/// answer the service can give. No browser, no server.
@Suite("Messages view models")
struct ViewModelTests {
    static let dan = Message(user: "dan", subject: "pets", message: "cats are grumpy")
    static let down = MessageActionError.unavailable("The Messages service is unavailable: connection refused")

    // MARK: Add

    @Test func sendingSavesTheMessageAsTyped() async {
        let actions = FakeMessageActions()
        var model = AddMessageViewModel(actions: actions, user: "dan", subject: "pets", message: "cats are grumpy")
        #expect(model.state == .editing)
        await model.send()
        #expect(model.state == .sent(Self.dan))
        #expect(model.validationMessage == nil && model.errorMessage == nil)
        #expect(actions.recorded == ["add dan"])
    }

    @Test func aRefusedSendShowsTheRuleAndKeepsTheInput() async {
        let actions = FakeMessageActions(.init(add: { _ in .failure(.rejected("user must not be empty")) }))
        var model = AddMessageViewModel(actions: actions, user: "", subject: "pets", message: "cats are grumpy")
        await model.send()
        #expect(model.state == .rejected("user must not be empty"))
        #expect(model.validationMessage == "user must not be empty")
        #expect(model.errorMessage == nil)
        #expect(model.subject == "pets" && model.message == "cats are grumpy")
    }

    @Test func aSendThatCannotReachTheServiceSaysWhyAndKeepsTheInput() async {
        var model = AddMessageViewModel(actions: FakeMessageActions(.init(failure: Self.down)), user: "dan", message: "hi")
        await model.send()
        #expect(model.state == .failed(Self.down.description))
        #expect(model.errorMessage == Self.down.description)
        #expect(model.validationMessage == nil)
        #expect(model.user == "dan" && model.message == "hi")
    }

    @Test func theSavedMessageIsWhatTheServiceAnswered() async {
        let saved = Message(user: "dan", subject: "", message: "as stored")
        var model = AddMessageViewModel(actions: FakeMessageActions(.init(add: { _ in .success(saved) })), user: "dan", message: "typed")
        await model.send()
        #expect(model.state == .sent(saved))
    }

    // MARK: Find

    @Test func searchingFindsTheUsersMessages() async {
        let entries = [MessageEntry(subject: "pets", message: "dogs are happy"), MessageEntry(subject: "pets", message: "cats are grumpy")]
        let actions = FakeMessageActions(.init(messages: ["dan": entries]))
        var model = FindMessagesViewModel(actions: actions, user: "dan")
        #expect(model.state == .idle)
        await model.search()
        #expect(model.state == .found(entries))
        model.user = "bob"
        await model.search()
        #expect(model.state == .found([]))
        #expect(actions.recorded == ["messages dan", "messages bob"])
    }

    @Test func anEmptyNameIsRefusedWithoutAskingTheService() async {
        let actions = FakeMessageActions()
        var model = FindMessagesViewModel(actions: actions)
        await model.search()
        #expect(model.state == .rejected(FindMessagesViewModel.emptyNameMessage))
        #expect(model.validationMessage == FindMessagesViewModel.emptyNameMessage)
        #expect(actions.recorded.isEmpty)
    }

    @Test func aNameTheServiceRefusesShowsItsRule() async {
        let rule = MessageActionError.rejected("the {user} path segment is not a valid user name: user must not contain control characters or '/'; found U+002F")
        var model = FindMessagesViewModel(actions: FakeMessageActions(.init(failure: rule)), user: "a/b")
        await model.search()
        #expect(model.validationMessage == rule.description)
        #expect(model.errorMessage == nil)
    }

    @Test func aSearchThatCannotReachTheServiceSaysWhy() async {
        var model = FindMessagesViewModel(actions: FakeMessageActions(.init(failure: Self.down)), user: "dan")
        await model.search()
        #expect(model.state == .failed(Self.down.description))
        #expect(model.user == "dan")
    }

    // MARK: All

    @Test func loadingShowsThePagesMessages() async {
        let actions = FakeMessageActions(.init(messages: ["dan": [MessageEntry(subject: "pets", message: "dogs are happy")]]))
        var model = AllMessagesViewModel(actions: actions)
        #expect(model.state == .loading)
        await model.load()
        let dan = [UserMessages(user: "dan", messages: [MessageEntry(subject: "pets", message: "dogs are happy")])]
        #expect(model.state == .loaded(AllMessagesPage(number: 1, users: dan, hasNext: false)))
        #expect(actions.recorded == ["all 1"])
    }

    @Test func aPagePastTheLastIsMissing() async {
        let actions = FakeMessageActions(.init(messages: ["dan": [MessageEntry(subject: "pets", message: "dogs are happy")]]))
        var model = AllMessagesViewModel(actions: actions, page: 3)
        await model.load()
        #expect(model.state == .missing(3))
        #expect(model.errorMessage == nil)
    }

    @Test func loadingWithoutTheServiceSaysWhy() async {
        var model = AllMessagesViewModel(actions: FakeMessageActions(.init(failure: Self.down)))
        await model.load()
        #expect(model.errorMessage == Self.down.description)
    }

    // MARK: The mock action layer

    @Test func theMockAcceptsAMessageButKeepsOnlyItsHardCodedMessages() async throws {
        let mock = MockMessageActions()
        var add = AddMessageViewModel(actions: mock, user: "zed", subject: "new", message: "not kept")
        await add.send()
        #expect(add.state == .sent(Message(user: "zed", subject: "new", message: "not kept")))
        var find = FindMessagesViewModel(actions: mock, user: "zed")
        await find.search()
        #expect(find.state == .found([]))
        var all = AllMessagesViewModel(actions: mock)
        await all.load()
        #expect(all.state == .loaded(AllMessagesPage(number: 1, users: MockMessageActions.messages, hasNext: false)))
        var second = AllMessagesViewModel(actions: mock, page: 2)
        await second.load()
        #expect(second.state == .missing(2))
        #expect(MockMessageActions.messages.map(\.user) == ["dan", "bob"])
    }
}
