public import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A bare TCP server on 127.0.0.1 for the failure paths: it accepts every connection and then
/// either never answers (``Behaviour/silent``: a hung API) or answers every request with one
/// fixed HTTP response (``Behaviour/reply(_:)``: an API that fails). ``stop()`` closes everything.
public final class StubHTTPServer: Sendable {
    /// What the server does with a connection.
    public enum Behaviour: Sendable {
        /// Accepts, reads, never answers; the connection stays open until ``StubHTTPServer/stop()``.
        case silent
        /// Reads the request head, writes `response` (a whole HTTP/1.1 response), closes.
        case reply(String)
    }

    /// The bound port.
    public let port: Int
    private let listener: Int32
    private let state = Shared()

    private final class Shared: Sendable {
        let value = Mutex(State())
        func withLock<T>(_ body: (inout State) -> T) -> T { value.withLock { body(&$0) } }
    }

    private struct State {
        /// Connections of a ``Behaviour/silent`` server: nobody else uses them; ``stop()`` closes them.
        var connections: [Int32] = []
        /// Connections a reply thread is answering: that thread closes its own; ``stop()`` only
        /// shuts them down (under the lock, so never one already closed).
        var replying: Set<Int32> = []
        var accepted = 0
        var stopped = false
    }

    /// `http://127.0.0.1:PORT`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// How many connections were accepted so far.
    public var acceptedConnections: Int { state.withLock { $0.accepted } }

    /// Starts listening on a free port.
    ///
    /// Every descriptor is closed exactly once, by its one owner: the listener by the accept
    /// thread when it ends, a reply connection by its thread, a silent one by ``stop()``. A
    /// descriptor closed twice (or used after its close) may by then be another socket of the
    /// test process — a NIO server's, which then fails with EBADF and stops the process.
    public init(_ behaviour: Behaviour) throws {
        (listener, port) = try Self.bind()
        guard listen(listener, 16) == 0 else {
            close(listener)
            throw SpawnedServiceError(description: "listen failed: errno \(errno)")
        }
        let thread = Thread { [listener, state] in
            defer { close(listener) }
            while true {
                let connection = accept(listener, nil, nil)
                if connection < 0 { return }  // shut down by stop()
                enum Next { case close, keep, answer(String) }
                let next: Next = state.withLock { state in
                    state.accepted += 1
                    if state.stopped { return .close }
                    switch behaviour {
                    case .silent:
                        state.connections.append(connection)
                        return .keep
                    case .reply(let response):
                        state.replying.insert(connection)
                        return .answer(response)
                    }
                }
                guard case .answer(let response) = next else {
                    if case .close = next {
                        close(connection)
                        return
                    }
                    continue
                }
                Thread {
                    Self.readHead(connection)
                    var bytes = Array(response.utf8)
                    _ = send(connection, &bytes, bytes.count, Int32(MSG_NOSIGNAL))
                    shutdown(connection, Int32(SHUT_WR))
                    state.withLock { _ = $0.replying.remove(connection) }
                    close(connection)
                }.start()
            }
        }
        thread.start()
    }

    /// A port on 127.0.0.1 that nothing listens on (bound, then closed): connecting is refused.
    public static func closedPort() throws -> Int {
        let (socket, port) = try bind()
        close(socket)
        return port
    }

    /// Stops accepting (the accept thread then closes the listener), closes the silent
    /// connections and shuts down the ones being answered. Once; later calls do nothing.
    public func stop() {
        let connections: [Int32]? = state.withLock { state in
            guard !state.stopped else { return nil }
            state.stopped = true
            for connection in state.replying { shutdown(connection, Int32(SHUT_RDWR)) }
            defer { state.connections = [] }
            return state.connections
        }
        guard let connections else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        for connection in connections {
            shutdown(connection, Int32(SHUT_RDWR))
            close(connection)
        }
    }

    deinit { stop() }

    private static func bind() throws -> (Int32, Int) {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw SpawnedServiceError(description: "socket failed: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            close(socket)
            throw SpawnedServiceError(description: "bind failed: errno \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        return (socket, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// Reads until the end of the request head (or the peer closes); a body that follows is ignored.
    private static func readHead(_ connection: Int32) {
        let end = Array("\r\n\r\n".utf8)
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while received.count < 65_536 {
            let count = recv(connection, &buffer, buffer.count, 0)
            if count <= 0 { return }
            received += buffer[0..<count]
            if received.indices.dropLast(3).contains(where: { received[$0..<$0 + 4].elementsEqual(end) }) { return }
        }
    }
}
