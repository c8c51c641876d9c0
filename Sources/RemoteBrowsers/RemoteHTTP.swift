import DevTools
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import UIAutomation

/// The few HTTP exchanges remote browser sources make (`/json/version`, WebDriver's
/// `POST /session` and `DELETE /session/{id}`): one request per connection over SwiftNIO's
/// HTTP/1.1 codec (TLS for `https://` when the package has its `TLS` trait: DevTools' `ClientTLS`), the whole exchange bounded by one deadline.
///
/// Why not `URLSession`: FoundationNetworking refuses the header format of Chromium's and
/// chromedriver's HTTP servers (`Content-Length:249`, valid HTTP; "Failed writing header"),
/// its libcurl timeouts are whole seconds, and the process-exit hooks need a blocking call.
enum RemoteHTTP {
    /// One answer: status and body.
    struct Answer: Sendable {
        let status: Int
        let body: Data
    }

    /// Sends `method` to `url` with an optional JSON body and headers; fails with
    /// ``RemoteBrowserError/endpointUnreachable(endpoint:reason:)`` when there is no whole answer
    /// within `timeout` or no connection at all. `endpoint` names the endpoint in errors
    /// (never with its password).
    static func exchange(
        _ method: String, _ url: URL, body: Data? = nil, headers: [String: String] = [:], timeout: Duration, endpoint: String
    ) async throws -> Answer {
        let exchange = Exchange(method: method, url: url, body: body, headers: headers, timeout: timeout)
        do {
            return try await withTaskCancellationHandler {
                try await exchange.answer.get()
            } onCancel: {
                exchange.cancel()
            }
        } catch let failure as ExchangeFailure {
            throw RemoteBrowserError.endpointUnreachable(endpoint: endpoint, reason: "\(method) \(url.path): \(failure.reason)")
        }
    }

    /// Like ``exchange(_:_:body:headers:timeout:endpoint:)`` but blocking the calling thread:
    /// for the process-exit hooks, where no task may run any more. Errors are ignored.
    static func exchangeBlocking(_ method: String, _ url: URL, headers: [String: String], timeout: Duration) {
        _ = try? Exchange(method: method, url: url, body: nil, headers: headers, timeout: timeout).answer.wait()
    }
}

/// Why an exchange got no answer.
private struct ExchangeFailure: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

/// One request under way. Whichever comes first of the answer, a failure, the deadline or a
/// cancellation completes ``answer``; the connection is closed then.
private final class Exchange: Sendable {
    let answer: EventLoopFuture<RemoteHTTP.Answer>
    private let promise: EventLoopPromise<RemoteHTTP.Answer>

    init(method: String, url: URL, body: Data?, headers: [String: String], timeout: Duration) {
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let promise = loop.makePromise(of: RemoteHTTP.Answer.self)
        self.promise = promise
        self.answer = promise.futureResult
        let deadline = TimeAmount(timeout)
        let timer = loop.scheduleTask(in: deadline) {
            promise.fail(ExchangeFailure("no answer before the deadline (\(timeout))"))
        }
        promise.futureResult.whenComplete { _ in timer.cancel() }

        guard let host = url.host, !host.isEmpty else {
            promise.fail(ExchangeFailure("no host in \(url)"))
            return
        }
        let secure = url.scheme?.lowercased() == "https"
        let port = url.port ?? (secure ? 443 : 80)
        let tls: ClientTLS.Context?
        do { tls = secure ? try ClientTLS.context() : nil } catch {
            promise.fail(ExchangeFailure(error.description))
            return
        }
        ClientBootstrap(group: loop)
            .connectTimeout(deadline)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls { try ClientTLS.addHandler(tls, to: channel, host: host) }
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(AnswerCollector(promise: promise))
                }
            }
            .connect(host: host, port: port)
            .whenComplete { result in
                switch result {
                case .failure(let error):
                    promise.fail(ExchangeFailure(Self.describe(error, timeout: timeout)))
                case .success(let channel):
                    promise.futureResult.whenComplete { _ in channel.close(promise: nil) }
                    Self.send(method: method, url: url, host: host, port: port, body: body, headers: headers, on: channel)
                }
            }
    }

    /// Gives up: the caller's task was cancelled.
    func cancel() {
        promise.fail(ExchangeFailure("cancelled"))
    }

    private static func send(
        method: String, url: URL, host: String, port: Int, body: Data?, headers: [String: String], on channel: any Channel
    ) {
        var target = url.path.isEmpty ? "/" : url.path
        if let query = url.query { target += "?" + query }
        var fields = HTTPHeaders()
        fields.add(name: "Host", value: host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)")
        fields.add(name: "Connection", value: "close")
        fields.add(name: "Accept", value: "application/json")
        fields.add(name: "Content-Length", value: String(body?.count ?? 0))
        if body != nil { fields.add(name: "Content-Type", value: "application/json; charset=utf-8") }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { fields.replaceOrAdd(name: name, value: value) }
        let head = HTTPRequestHead(version: .http1_1, method: HTTPMethod(rawValue: method), uri: target, headers: fields)
        channel.write(HTTPClientRequestPart.head(head), promise: nil)
        if let body, !body.isEmpty {
            channel.write(HTTPClientRequestPart.body(.byteBuffer(ByteBuffer(bytes: body))), promise: nil)
        }
        channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
    }

    private static func describe(_ error: any Error, timeout: Duration) -> String {
        if case ChannelError.connectTimeout = error { return "no connection before the deadline (\(timeout))" }
        if let error = error as? NIOConnectionError {
            if error.connectionErrors.isEmpty && (error.dnsAError != nil || error.dnsAAAAError != nil) {
                return "the host name cannot be resolved"
            }
            if let first = error.connectionErrors.first { return describe(first.error, timeout: timeout) }
        }
        if let error = error as? IOError, error.errnoCode == ECONNREFUSED { return "connection refused" }
        return "\(error)"
    }
}

/// Collects the answer's status and body and completes the exchange's promise with them; an
/// error or the connection ending first fails it.
private final class AnswerCollector: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart

    /// The largest body kept: a session's or a version's JSON is a few kB; an endpoint that
    /// sends without end must not fill the memory.
    static let largestBody = 16 << 20
    private let promise: EventLoopPromise<RemoteHTTP.Answer>
    private var status: Int?
    private var body = ByteBuffer()

    init(promise: EventLoopPromise<RemoteHTTP.Answer>) {
        self.promise = promise
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): status = Int(head.status.code)
        case .body(var part):
            guard body.readableBytes + part.readableBytes <= Self.largestBody else {
                promise.fail(ExchangeFailure("the answer is larger than \(Self.largestBody >> 20) MiB"))
                context.close(promise: nil)
                return
            }
            body.writeBuffer(&part)
        case .end:
            promise.succeed(RemoteHTTP.Answer(status: status ?? 0, body: Data(body.readableBytesView)))
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        promise.fail(ExchangeFailure(error is HTTPParserError ? "the answer is not HTTP (\(error))" : "\(error)"))
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        promise.fail(ExchangeFailure(status == nil ? "the connection was closed before an answer" : "the connection was closed mid-answer"))
        context.fireChannelInactive()
    }
}
