import Foundation

/// Where scripts/record-todomvc serves TodoMVC (it adds the recorded RecordedTodoMVC.swift here
/// for one run, and removes it).
enum TodoMVC {
    static var url: String { ProcessInfo.processInfo.environment["TODOMVC_URL"] ?? "http://127.0.0.1:9/" }
}
