import LabKit
import MessagesModel

/// "All Messages", rendered from its ``AllMessagesViewModel``: one page of every message in
/// save order, grouped by user — users in the order of their first message on the page, each
/// user's messages oldest first — with Previous and Next links when there is more than one
/// page; or "No messages yet", or that there is no such page, or why the service cannot be
/// reached.
///
/// The content is a live region: a small script opens an `EventSource` on the updates route
/// (for the same page) and swaps in the content the server renders whenever the messages
/// change (``content(_:paths:)``), the page links included.
struct AllMessagesScreen {
    let model: AllMessagesViewModel
    let paths: MessagesPaths

    static let title = "All Messages"

    var page: Page {
        let content = Self.content(model.state, paths: paths)
        let updates = paths.allUpdates + "?\(AllMessagesPageParameter.name)=\(model.page)&version=" + Self.version(of: content)
        return Self.screen(content, updates: updates, paths: paths)
    }

    /// The screen for a request whose page parameter was refused: why, and a link to the first page.
    static func refused(_ refusal: AllMessagesPageParameter.Refusal, paths: MessagesPaths) -> Page {
        screen(.fragment([
            .el("p", [.class("messages-error"), .testID(MessagesIdentifiers.allPageError)], [.text(refusal.description)]),
            firstPageLink(paths),
        ]), updates: nil, paths: paths)
    }

    private static func screen(_ content: HTMLNode, updates: String?, paths: MessagesPaths) -> Page {
        var attributes: [HTMLAttribute] = [
            .id("messages-all-content"), .testID(MessagesIdentifiers.allContent), .role("region"), .ariaLabel("Messages by user"),
            HTMLAttribute("aria-live", "polite"),
        ]
        if let updates { attributes.append(HTMLAttribute("data-updates", updates)) }
        return Page(
            title: title,
            navigationBar: HomeScreen.pushedBar(title: title, identifier: MessagesIdentifiers.allNavigationBar, paths: paths),
            content: [
                .el("style", [], [.trusted(MessagesStyle.css)]),
                .el("div", attributes, [content]),
            ],
            scripts: [liveScript]
        )
    }

    /// The live region's content for `state`: what the page shows and what each update sends.
    static func content(_ state: AllMessagesViewModel.State, paths: MessagesPaths) -> HTMLNode {
        switch state {
        case .loading:
            return .empty
        case .failed(let why):
            return ServiceErrorBanner.node(why)
        case .missing(let number):
            return .fragment([
                Widget.emptyState("There is no page \(number) of messages", identifier: MessagesIdentifiers.allMissingPage),
                firstPageLink(paths),
            ])
        case .loaded(let page) where page.users.isEmpty:
            return Widget.emptyState("No messages yet", identifier: MessagesIdentifiers.allEmpty)
        case .loaded(let page):
            return .fragment(page.users.enumerated().map { index, group in section(index, group) } + [pager(page, paths: paths)])
        }
    }

    /// A short fingerprint of rendered content (FNV-1a of its markup), so the updates route
    /// can skip a state the page already shows.
    static func version(of content: HTMLNode) -> String { version(ofRendered: content.rendered) }

    /// ``version(of:)`` of content already rendered.
    static func version(ofRendered html: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in html.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    private static func section(_ index: Int, _ group: UserMessages) -> HTMLNode {
        .fragment([
            .el("h2", [.class("lab-section-header messages-user"), .testID(MessagesIdentifiers.userHeader(index))], [.text(group.user)]),
            MessageRows.list(
                group.messages, identifier: MessagesIdentifiers.userMessages(index), label: "Messages from \(group.user)",
                subjectID: { MessagesIdentifiers.allSubject(user: index, message: $0) },
                messageID: { MessagesIdentifiers.allMessage(user: index, message: $0) }
            ),
        ])
    }

    /// "Previous", "Page N", "Next": only when there is more than one page.
    private static func pager(_ page: AllMessagesPage, paths: MessagesPaths) -> HTMLNode {
        guard page.hasPrevious || page.hasNext else { return .empty }
        return .el("nav", [.class("messages-pager"), .ariaLabel("Pages"), .testID(MessagesIdentifiers.allPager)], [
            page.hasPrevious
                ? .el("a", [.href(paths.all(page: page.number - 1)), HTMLAttribute("rel", "prev"), .testID(MessagesIdentifiers.allPreviousPage)],
                      [.text("Previous")])
                : .empty,
            .el("p", [.testID(MessagesIdentifiers.allPageNumber)], [.text("Page \(page.number)")]),
            page.hasNext
                ? .el("a", [.href(paths.all(page: page.number + 1)), HTMLAttribute("rel", "next"), .testID(MessagesIdentifiers.allNextPage)],
                      [.text("Next")])
                : .empty,
        ])
    }

    private static func firstPageLink(_ paths: MessagesPaths) -> HTMLNode {
        .el("p", [.class("messages-pager")], [
            .el("a", [.href(paths.all), .testID(MessagesIdentifiers.allFirstPage)], [.text("First page")]),
        ])
    }

    /// Opens the updates stream once the page has loaded and replaces the live region's
    /// content with each `messages` event's `html` (markup the server rendered with its
    /// escaping builder), counting them in `data-updates-applied` (so a test can tell an update
    /// from a reload). An event that is not such an update (not JSON, no `html` text) changes
    /// nothing and is counted in `data-updates-rejected`: a broken proxy or a half-written event
    /// must not throw in the page (a route feeds it malformed events in MessagesUITests). The
    /// browser reconnects by itself if the stream drops.
    static let liveScript: StaticString = """
    (function () {
      var region = document.getElementById('messages-all-content');
      if (!region || !window.EventSource || !region.getAttribute('data-updates')) return;
      var source = null, applied = 0, rejected = 0;
      function open() {
        source = new EventSource(region.getAttribute('data-updates'));
        source.addEventListener('messages', function (event) {
          var update = null;
          try { update = JSON.parse(event.data); } catch (error) {}
          if (!update || typeof update.html !== 'string') {
            region.setAttribute('data-updates-rejected', String(++rejected));
            return;
          }
          region.innerHTML = update.html;
          region.setAttribute('data-updates-applied', String(++applied));
        });
      }
      if (document.readyState === 'complete') open(); else addEventListener('load', open);
      addEventListener('pagehide', function () { if (source) source.close(); });
    })();
    """
}
