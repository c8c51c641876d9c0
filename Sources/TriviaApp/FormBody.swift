import Foundation

/// An `application/x-www-form-urlencoded` request body.
struct FormBody {
    private var fields: [String: String] = [:]

    init(_ body: String) {
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ part: Substring) -> String {
                String(part).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
            }
            let name = decode(parts[0])
            if fields[name] == nil { fields[name] = parts.count > 1 ? decode(parts[1]) : "" }
        }
    }

    /// The first value given for `name`, as an integer; `nil` when absent or not a number.
    func integer(_ name: String) -> Int? { fields[name].flatMap { Int($0) } }
}
