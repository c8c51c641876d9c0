import LabKit

/// The `page` of an All Messages URL (`/all?page=N`, `/all/updates?page=N`): which page, from 1.
/// Absent, it is page 1. Given more than once, or not a whole number from 1 to
/// ``AllMessagesPage/maxNumber`` written plainly (ASCII digits, no sign, no leading zero), it
/// is refused with `400` and says why; nothing is read from the service.
enum AllMessagesPageParameter {
    static let name = "page"

    /// Why a page parameter was refused, in words for the screen (the value abbreviated; the
    /// screen escapes it).
    struct Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        let description: String
    }

    /// The page `query` (a URL's query string) names.
    static func number(in query: String?) throws(Refusal) -> Int {
        let values = FormBody(query ?? "").values(named: name)
        guard values.count <= 1 else {
            throw Refusal(description: "page is given \(values.count) times; give it once")
        }
        guard let text = values.first else { return 1 }
        let digits = String(AllMessagesPage.maxNumber).count
        guard !text.isEmpty, text.count <= digits, text.allSatisfy({ $0.isASCII && $0.isNumber }), text.first != "0",
              let number = Int(text), (1...AllMessagesPage.maxNumber).contains(number)
        else {
            let shown = text.count > 40 ? text.prefix(40) + "…" : Substring(text)
            throw Refusal(description: "page must be a whole number from 1 to \(AllMessagesPage.maxNumber), not \"\(shown)\"")
        }
        return number
    }
}
