import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The few HTTP exchanges remote browser sources make (`/json/version`, WebDriver's
/// `POST /session` and `DELETE /session/{id}`), each bounded by a timer of its own.
///
/// `http://` goes over ``PlainHTTPClient`` (FoundationNetworking refuses the header format of
/// Chromium's and chromedriver's HTTP servers); `https://` over `URLSession`, whose libcurl
/// timeouts are whole seconds, so the bound that holds is the timer here (as in MessagesClient).
enum RemoteHTTP {
    /// One answer: status and body.
    struct Answer: Sendable {
        let status: Int
        let body: Data
    }

    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 120
        configuration.timeoutIntervalForResource = 120
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        return URLSession(configuration: configuration)
    }()

    /// Sends `method` to `url` with an optional JSON body and headers; fails with
    /// ``RemoteBrowserError/endpointUnreachable(endpoint:reason:)`` when there is no answer
    /// within `timeout` or no connection at all. `endpoint` names the endpoint in errors
    /// (never with its password).
    static func exchange(
        _ method: String, _ url: URL, body: Data? = nil, headers: [String: String] = [:], timeout: Duration, endpoint: String
    ) async throws -> Answer {
        if url.scheme?.lowercased() == "http" {
            var headers = headers
            headers["Accept"] = "application/json"
            if body != nil { headers["Content-Type"] = "application/json; charset=utf-8" }
            let deadline = ContinuousClock.now + timeout
            let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<(status: Int, body: Data), PlainHTTPFailure>, Never>) in
                let thread = Thread { [headers] in
                    continuation.resume(returning: PlainHTTPClient.exchange(method: method, url: url, body: body, headers: headers, deadline: deadline))
                }
                thread.start()
            }
            switch result {
            case .success(let answer): return Answer(status: answer.status, body: answer.body)
            case .failure(let failure):
                throw RemoteBrowserError.endpointUnreachable(endpoint: endpoint, reason: "\(method) \(url.path): \(failure.reason)")
            }
        }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = body
        if body != nil { request.setValue("application/json; charset=utf-8", forHTTPHeaderField: "Content-Type") }
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let pending = Pending()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<Answer, RemoteBrowserError>, Never>) in
                pending.start(continuation)
                let task = session.dataTask(with: request) { data, response, error in
                    if let response = response as? HTTPURLResponse {
                        pending.finish(.success(Answer(status: response.statusCode, body: data ?? Data())))
                    } else {
                        pending.finish(.failure(.endpointUnreachable(endpoint: endpoint, reason: describe(error))))
                    }
                }
                pending.attach(task)
                task.resume()
                pending.arm(Task {
                    guard (try? await Task.sleep(for: timeout)) != nil else { return }
                    pending.finish(.failure(.endpointUnreachable(
                        endpoint: endpoint, reason: "no answer to \(method) \(url.path) within \(timeout)")))
                })
            }
        } onCancel: {
            pending.finish(.failure(.endpointUnreachable(endpoint: endpoint, reason: "cancelled")))
        }
        return try result.get()
    }

    /// Like ``exchange(_:_:body:headers:timeout:endpoint:)`` but blocking the calling thread:
    /// for the process-exit hooks, where no task may run any more. Errors are ignored.
    static func exchangeBlocking(_ method: String, _ url: URL, headers: [String: String], timeout: TimeInterval) {
        if url.scheme?.lowercased() == "http" {
            _ = PlainHTTPClient.exchange(
                method: method, url: url, body: nil, headers: headers, deadline: .now + .milliseconds(Int(timeout * 1000)))
            return
        }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.timeoutInterval = max(1, timeout.rounded(.up))
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: request) { _, _, _ in done.signal() }
        task.resume()
        if done.wait(timeout: .now() + timeout) == .timedOut { task.cancel() }
    }

    private static func describe(_ error: (any Error)?) -> String {
        guard let error else { return "no answer" }
        if let error = error as? URLError {
            switch error.code {
            case .cannotConnectToHost: return "connection refused"
            case .networkConnectionLost: return "the connection was closed before an answer"
            case .cannotFindHost: return "the host name cannot be resolved"
            case .timedOut: return "timed out"
            default: break
            }
        }
        return error.localizedDescription
    }

    /// One exchange under way: whichever of answer, timer or cancellation comes first
    /// resumes the caller; the rest is stopped.
    private final class Pending: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Result<Answer, RemoteBrowserError>, Never>?
            var task: URLSessionDataTask?
            var timer: Task<Void, Never>?
            var outcome: Result<Answer, RemoteBrowserError>?
        }

        private let state = Mutex(State())

        func start(_ continuation: CheckedContinuation<Result<Answer, RemoteBrowserError>, Never>) {
            let early = state.withLock { state -> Result<Answer, RemoteBrowserError>? in
                if let outcome = state.outcome { return outcome }
                state.continuation = continuation
                return nil
            }
            if let early { continuation.resume(returning: early) }
        }

        func attach(_ task: URLSessionDataTask) {
            let finished = state.withLock { state in
                state.task = task
                return state.outcome != nil
            }
            if finished { task.cancel() }
        }

        func arm(_ timer: Task<Void, Never>) {
            let finished = state.withLock { state in
                state.timer = timer
                return state.outcome != nil
            }
            if finished { timer.cancel() }
        }

        func finish(_ outcome: Result<Answer, RemoteBrowserError>) {
            let (continuation, task, timer) = state.withLock { state -> (CheckedContinuation<Result<Answer, RemoteBrowserError>, Never>?, URLSessionDataTask?, Task<Void, Never>?) in
                guard state.outcome == nil else { return (nil, nil, nil) }
                state.outcome = outcome
                defer { state.continuation = nil }
                return (state.continuation, state.task, state.timer)
            }
            timer?.cancel()
            if case .failure = outcome { task?.cancel() }
            continuation?.resume(returning: outcome)
        }
    }
}
