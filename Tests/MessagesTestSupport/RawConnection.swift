import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One plain TCP connection to 127.0.0.1, for reading a response that never ends (a
/// server-sent event stream) as it arrives. Each read waits at most the read timeout.
public final class RawConnection: @unchecked Sendable {
    private let socket: Int32
    private let readTimeout: Duration
    private var received: [UInt8] = []

    /// Connects to `127.0.0.1:port` (from the loopback address `source`, e.g. `127.0.0.2`, when
    /// given: another client address on the same machine); every read waits at most `readTimeout`.
    public init(port: Int, from source: String? = nil, readTimeout: Duration = .seconds(10)) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw SpawnedServiceError(description: "socket failed: errno \(errno)") }
        self.readTimeout = readTimeout
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                close(socket)
                throw SpawnedServiceError(description: "bind to \(source) failed: errno \(errno)")
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socket)
            throw SpawnedServiceError(description: "connect to port \(port) failed: errno \(errno)")
        }
    }

    /// Sends `text` as is.
    public func send(_ text: String) throws {
        var bytes = Array(text.utf8)
        guard Glibc.send(socket, &bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else {
            throw SpawnedServiceError(description: "send failed: errno \(errno)")
        }
    }

    /// Reads until what was received contains `text`; returns everything received so far.
    /// Throws when the peer closes first or nothing arrives within the read timeout.
    public func read(until text: String) async throws -> String {
        while !String(decoding: received, as: UTF8.self).contains(text) {
            guard try await receiveMore() else {
                throw SpawnedServiceError(description: "the connection ended before \"\(text)\"; received: \(String(decoding: received, as: UTF8.self))")
            }
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// Reads until the peer closes the connection; returns everything received. Throws when
    /// nothing arrives within the read timeout.
    public func readToEnd() async throws -> String {
        while try await receiveMore() {}
        return String(decoding: received, as: UTF8.self)
    }

    /// Appends what arrives next; `false` when the peer closed the connection. Never blocks a
    /// thread of the concurrency pool: it polls the socket without waiting and sleeps between.
    private func receiveMore() async throws -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = ContinuousClock.now + readTimeout
        while true {
            let count = recv(socket, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if count > 0 {
                received += buffer[0..<count]
                return true
            }
            if count == 0 { return false }
            guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else {
                throw SpawnedServiceError(description: "a read failed (errno \(errno))")
            }
            guard ContinuousClock.now < deadline else {
                throw SpawnedServiceError(description: "nothing arrived within \(readTimeout); received: \(String(decoding: received, as: UTF8.self))")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    deinit { close(socket) }
}
