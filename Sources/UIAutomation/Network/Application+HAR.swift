public import Foundation
import LabSupport
import Synchronization

/// Recorded traffic: a launch's requests and responses to a HAR file, and a HAR file replayed
/// through a route (issue 43).
extension Application {
    /// What a HAR replay does with a request the file has no answer for.
    public enum HARNotFound: Sendable {
        /// Fails it (`Failed`), as a network with nothing behind it would.
        case abort
        /// Leaves it to earlier routes, else the network.
        case fallback
    }

    /// Starts recording the app's traffic — every request and its whole response — for
    /// ``stopRecordingHAR(file:line:)`` to write to `path`: from now on if the app runs, and from
    /// the first request of the next launch (add it before `launch()` to record the document).
    public func recordHAR(to path: String, file: StaticString = #filePath, line: UInt = #line) async throws {
        harRecording.withLock { $0 = path }
        try await called(file, line) {
            guard isRunning, let driver = try? self.driver(for: "app") else { return }
            try await perform("app.recordHAR(to: \(SwiftLiteral.string(path)))") { try await driver.startRecordingTraffic() }
        }
    }

    /// Stops recording and writes the HAR file (1.2) of what the running launch sent and
    /// received since ``recordHAR(to:file:line:)``; how many exchanges it holds. Call it before
    /// `terminate()`: the traffic is the launch's.
    @discardableResult
    public func stopRecordingHAR(file: StaticString = #filePath, line: UInt = #line) async throws -> Int {
        let call = "app.stopRecordingHAR()"
        return try await called(file, line) {
            guard let path = harRecording.withLock({ $0 }) else {
                throw UIAutomationError(query: call, reason: .invalidRequest("no HAR is being recorded: call app.recordHAR(to:) first"))
            }
            harRecording.withLock { $0 = nil }
            let driver = try self.driver(for: call)
            let exchanges = await driver.stopRecordingTraffic()
            do {
                try HARFile.encode(exchanges).write(to: URL(fileURLWithPath: path))
            } catch {
                throw UIAutomationError(query: call, reason: .invalidRequest("the HAR could not be written to \(SwiftLiteral.string(path)): \(error)"))
            }
            return exchanges.count
        }
    }

    /// Answers the app's requests from the HAR file at `path`: a request whose method and URL an
    /// entry has gets that entry's response (several entries for one request are given in turn,
    /// the last again); any other is failed, or left to earlier routes and the network, as
    /// `notFound` says. It is a route (``Route``) like any other: newer routes go first, and
    /// `unroute` removes it.
    ///
    /// ```swift
    /// try await app.routeFromHAR(harPath)           // the server may be stopped
    /// try await app.launch()
    /// ```
    @discardableResult
    public func routeFromHAR(_ path: String, notFound: HARNotFound = .abort, file: StaticString = #filePath, line: UInt = #line)
        async throws -> Route {
        let call = "app.routeFromHAR(\(SwiftLiteral.string(path)))"
        let entries: [HARFile.Entry]
        do {
            entries = try HARFile.decode(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw UIAutomationError(query: call, reason: .invalidRequest("the HAR \(SwiftLiteral.string(path)) could not be read: \(error)"))
        }
        let replay = HARReplay(entries: entries)
        return try await route(.all, file: file, line: line) { request in
            guard let response = replay.next(method: request.method, url: request.url) else {
                return notFound == .abort ? .abort() : .fallback
            }
            var headers: [String: String] = [:]
            for header in response.headers where !["content-encoding", "content-length", "transfer-encoding"].contains(header.name.lowercased()) {
                headers[header.name] = header.value
            }
            return .fulfill(status: response.status, headers: headers, body: HARFile.body(of: response.content))
        }
    }
}

/// The entries of a replayed HAR by method and URL (without fragment), each request's taken in turn.
final class HARReplay: Sendable {
    private let entries: Mutex<[String: (responses: [HARFile.Response], next: Int)]>

    init(entries: [HARFile.Entry]) {
        var byRequest: [String: (responses: [HARFile.Response], next: Int)] = [:]
        for entry in entries {
            byRequest[Self.key(entry.request.method, entry.request.url), default: ([], 0)].responses.append(entry.response)
        }
        self.entries = Mutex(byRequest)
    }

    func next(method: String, url: String) -> HARFile.Response? {
        entries.withLock { entries in
            let key = Self.key(method, url)
            guard var found = entries[key], !found.responses.isEmpty else { return nil }
            let response = found.responses[min(found.next, found.responses.count - 1)]
            found.next += 1
            entries[key] = found
            return response
        }
    }

    private static func key(_ method: String, _ url: String) -> String {
        method.uppercased() + " " + (url.firstIndex(of: "#").map { String(url[..<$0]) } ?? url)
    }
}
