import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One plain TCP connection to 127.0.0.1, for reading a response that never ends (a
/// server-sent event stream) as it arrives. Reads are bounded by a receive timeout.
public final class RawConnection: @unchecked Sendable {
    private let socket: Int32
    private var received: [UInt8] = []

    /// Connects to `127.0.0.1:port`; every read waits at most `readTimeout`.
    public init(port: Int, readTimeout: Duration = .seconds(10)) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw SpawnedServiceError(description: "socket failed: errno \(errno)") }
        var timeout = timeval(tv_sec: Int(readTimeout.components.seconds), tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
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
    /// Throws when the peer closes first or a read times out.
    public func read(until text: String) throws -> String {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !String(decoding: received, as: UTF8.self).contains(text) {
            let count = recv(socket, &buffer, buffer.count, 0)
            guard count > 0 else {
                throw SpawnedServiceError(description: "the connection ended (\(count), errno \(errno)) before \"\(text)\"; received: \(String(decoding: received, as: UTF8.self))")
            }
            received += buffer[0..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// Reads until the peer closes the connection (or a read times out); returns everything received.
    public func readToEnd() throws -> String {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count == 0 { return String(decoding: received, as: UTF8.self) }
            guard count > 0 else { throw SpawnedServiceError(description: "a read failed or timed out (errno \(errno))") }
            received += buffer[0..<count]
        }
    }

    deinit { close(socket) }
}
