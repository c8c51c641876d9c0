/// The accessibility identifiers (`data-testid`) the Messages app renders and its tests query:
/// one source of truth (the seed's "AccessibilityIdentifiers enumeration").
public enum MessagesIdentifiers {
    // MARK: Home

    /// The home screen's navigation bar ("Messages").
    public static let homeNavigationBar = "messages.home.navigationBar"
    /// The "Add Message" row (a link that pushes the add screen).
    public static let addMessageRow = "messages.home.addMessage"
    /// The "Find Messages" row (a link that pushes the find screen).
    public static let findMessagesRow = "messages.home.findMessages"
    /// The "All Messages" row (a link that pushes the list of every message).
    public static let allMessagesRow = "messages.home.allMessages"
    /// The back button of every pushed screen.
    public static let backButton = "messages.back"

    // MARK: Add

    /// The add screen's navigation bar ("Add Message").
    public static let addNavigationBar = "messages.add.navigationBar"
    /// The user name text field.
    public static let userField = "messages.add.user"
    /// The subject text field.
    public static let subjectField = "messages.add.subject"
    /// The message text field.
    public static let messageField = "messages.add.message"
    /// The Send button.
    public static let sendButton = "messages.add.send"
    /// The validation error shown over the form when the message was not saved
    /// (the API's rule, e.g. "user must not be empty").
    public static let addError = "messages.add.error"

    // MARK: Sent (confirmation)

    /// The confirmation screen's navigation bar ("Message Sent").
    public static let sentNavigationBar = "messages.sent.navigationBar"
    /// The saved message's user.
    public static let sentUser = "messages.sent.user"
    /// The saved message's subject.
    public static let sentSubject = "messages.sent.subject"
    /// The saved message's text.
    public static let sentMessage = "messages.sent.message"
    /// "Add Another": back to an empty add screen.
    public static let addAnotherButton = "messages.sent.addAnother"

    // MARK: Find

    /// The find screen's navigation bar ("Find Messages").
    public static let findNavigationBar = "messages.find.navigationBar"
    /// The user name text field of the search.
    public static let findUserField = "messages.find.user"
    /// The Search button.
    public static let searchButton = "messages.find.search"
    /// The validation error of a search for a user name the API would reject.
    public static let findError = "messages.find.error"
    /// The list of the user's messages, oldest first.
    public static let results = "messages.find.results"
    /// Row `index` (0-based) of the results.
    public static func result(_ index: Int) -> String { "messages.find.result.\(index)" }
    /// The subject of row `index` of the results.
    public static func resultSubject(_ index: Int) -> String { "messages.find.result.\(index).subject" }
    /// The text of row `index` of the results.
    public static func resultMessage(_ index: Int) -> String { "messages.find.result.\(index).message" }
    /// The empty state: "No messages from <user>".
    public static let findEmpty = "messages.find.empty"

    // MARK: All messages

    /// The all-messages screen's navigation bar ("All Messages").
    public static let allNavigationBar = "messages.all.navigationBar"
    /// The header of user group `index` (0-based, users in the order of their first message); label: the user name.
    public static func userHeader(_ index: Int) -> String { "messages.all.user.\(index)" }
    /// The list of the messages of user group `index`, oldest first.
    public static func userMessages(_ index: Int) -> String { "messages.all.user.\(index).messages" }
    /// The subject of message `message` of user group `user`.
    public static func allSubject(user: Int, message: Int) -> String { "messages.all.user.\(user).message.\(message).subject" }
    /// The text of message `message` of user group `user`.
    public static func allMessage(user: Int, message: Int) -> String { "messages.all.user.\(user).message.\(message).message" }
    /// The empty state: "No messages yet".
    public static let allEmpty = "messages.all.empty"

    /// The page links of All Messages (a `nav`), shown only when there is more than one page.
    public static let allPager = "messages.all.pager"
    /// "Previous": the page before this one (absent on the first page).
    public static let allPreviousPage = "messages.all.previousPage"
    /// "Next": the page after this one (absent on the last page).
    public static let allNextPage = "messages.all.nextPage"
    /// "Page N": which page this is.
    public static let allPageNumber = "messages.all.pageNumber"
    /// "There is no page N of messages": a page number past the last page.
    public static let allMissingPage = "messages.all.missingPage"
    /// "First page": the link shown with a missing page or a refused page parameter.
    public static let allFirstPage = "messages.all.firstPage"
    /// Why a page parameter was refused ("page must be a whole number from 1 to …").
    public static let allPageError = "messages.all.pageError"

    /// The live region of All Messages (an `other` element, role `region`) whose content
    /// updates when messages are added anywhere; `data-updates-applied` counts the updates.
    public static let allContent = "messages.all.content"

    // MARK: Service failure

    /// Why the Messages service cannot be used (unreachable, no answer in time, failed, not
    /// configured), shown on the screen that needed it; what was typed stays.
    public static let serviceError = "messages.serviceError"
}
