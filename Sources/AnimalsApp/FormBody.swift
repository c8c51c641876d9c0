import Foundation

/// An `application/x-www-form-urlencoded` body.
struct FormBody {
    private let pairs: [(name: String, value: String)]

    init(_ body: String) {
        pairs = body.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ part: Substring) -> String {
                String(part).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
            }
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }

    /// Every value given for `name`, in order.
    func values(named name: String) -> [String] { pairs.filter { $0.name == name }.map(\.value) }
}
