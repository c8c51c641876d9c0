import LabKit
import MessagesModel

/// A list of messages, one row each: the subject (bold) over the text. An empty subject
/// (the API allows one) shows no subject line: that element does not exist.
enum MessageRows {
    static func list(
        _ entries: [MessageEntry], identifier: String, label: String,
        subjectID: (Int) -> String, messageID: (Int) -> String, rowID: ((Int) -> String)? = nil
    ) -> HTMLNode {
        .el("ul", [.class("lab-list"), .testID(identifier), .ariaLabel(label)], entries.enumerated().map { index, entry in
            .el("li", [.class("lab-list-row")] + (rowID.map { [.testID($0(index))] } ?? []), [
                .el("div", [.class("messages-entry")], [
                    entry.subject.isEmpty ? .empty : .el("p", [.class("messages-subject"), .testID(subjectID(index))], [.text(entry.subject)]),
                    .el("p", [.class("messages-text"), .testID(messageID(index))], [.text(entry.message)]),
                ]),
            ])
        })
    }
}
