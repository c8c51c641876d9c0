import Foundation

/// Builds request bodies: `body(["user": "dan", …])` → UTF-8 JSON bytes (keys sorted).
func jsonBody(_ object: [String: Any]) -> [UInt8] {
    Array(try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
}

/// A valid POST body.
func messageBody(user: String, subject: String, message: String) -> [UInt8] {
    jsonBody(["user": user, "operation": "add_message", "subject": subject, "message": message])
}
