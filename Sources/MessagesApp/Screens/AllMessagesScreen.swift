import LabKit
import MessagesModel

/// "All Messages", rendered from its ``AllMessagesViewModel``: every message grouped by user —
/// users in the order of their first message, each user's messages oldest first — or "No
/// messages yet", or why the service cannot be reached.
///
/// The content is a live region: a small script opens an `EventSource` on the updates route
/// and swaps in the content the server renders whenever the messages change (``content(_:paths:)``).
struct AllMessagesScreen {
    let model: AllMessagesViewModel
    let paths: MessagesPaths

    static let title = "All Messages"

    var page: Page {
        let content = Self.content(model.state, paths: paths)
        return Page(
            title: Self.title,
            navigationBar: HomeScreen.pushedBar(title: Self.title, identifier: MessagesIdentifiers.allNavigationBar, paths: paths),
            content: [
                .el("style", [], [.trusted(MessagesStyle.css)]),
                .el("div", [
                    .id("messages-all-content"), .testID(MessagesIdentifiers.allContent), .role("region"), .ariaLabel("Messages by user"),
                    HTMLAttribute("aria-live", "polite"),
                    HTMLAttribute("data-updates", paths.allUpdates + "?version=" + Self.version(of: content)),
                ], [content]),
            ],
            scripts: [Self.liveScript]
        )
    }

    /// The live region's content for `state`: what the page shows and what each update sends.
    static func content(_ state: AllMessagesViewModel.State, paths: MessagesPaths) -> HTMLNode {
        switch state {
        case .loading:
            return .empty
        case .failed(let why):
            return ServiceErrorBanner.node(why)
        case .loaded(let groups) where groups.isEmpty:
            return Widget.emptyState("No messages yet", identifier: MessagesIdentifiers.allEmpty)
        case .loaded(let groups):
            return .fragment(groups.enumerated().map { index, group in section(index, group) })
        }
    }

    /// A short fingerprint of rendered content (FNV-1a of its markup), so the updates route
    /// can skip a state the page already shows.
    static func version(of content: HTMLNode) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in content.rendered.utf8 {
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
      if (!region || !window.EventSource) return;
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
