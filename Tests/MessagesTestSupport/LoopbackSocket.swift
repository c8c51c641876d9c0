import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A plain TCP connection to `127.0.0.1` that never blocks a thread of the concurrency pool:
/// the one socket mechanism under ``RawConnection`` and ``PacedSocket``.
public final class LoopbackSocket: @unchecked Sendable {
    /// The connection's file descriptor (closed when the socket is released or ``close()``d).
    public let descriptor: Int32
    private var closed = false

    /// Connects to `127.0.0.1:port`, from the loopback address `source` when given (e.g.
    /// `127.0.0.2`: another client address on the same machine), with a receive buffer of
    /// `receiveBuffer` bytes when given (a small one makes a slow reader's window small).
    public init(port: Int, from source: String? = nil, receiveBuffer: Int32? = nil) throws {
        descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw LoopbackSocketError("socket failed: errno \(errno)") }
        if var size = receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        if let source {
            var local = Self.address(source, port: 0)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                let error = errno
                Glibc.close(descriptor)
                throw LoopbackSocketError("bind to \(source) failed: errno \(error)")
            }
        }
        var address = Self.address("127.0.0.1", port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let error = errno
            Glibc.close(descriptor)
            throw LoopbackSocketError("connect to port \(port) failed: errno \(error)")
        }
    }

    private static func address(_ host: String, port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr(host)
        return address
    }

    /// Sends `text` whole.
    public func send(_ text: String) throws {
        var bytes = Array(text.utf8)
        guard Glibc.send(descriptor, &bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else {
            throw LoopbackSocketError("send failed: errno \(errno)")
        }
    }

    /// What one read without waiting found.
    public enum Received: Equatable, Sendable {
        /// This many bytes, now at the start of the buffer.
        case bytes(Int)
        /// Nothing yet.
        case nothingYet
        /// The peer closed the connection.
        case closed
    }

    /// Reads what has arrived into `buffer` without waiting. Throws on a failed read (a reset
    /// connection included).
    public func receive(into buffer: inout [UInt8]) throws -> Received {
        let count = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        if count > 0 { return .bytes(count) }
        if count == 0 { return .closed }
        let error = errno
        guard error == EAGAIN || error == EWOULDBLOCK || error == EINTR else {
            throw LoopbackSocketError("a read failed: errno \(error)")
        }
        return .nothingYet
    }

    /// Closes the connection now (once).
    public func close() {
        guard !closed else { return }
        closed = true
        Glibc.close(descriptor)
    }

    deinit { close() }
}

/// A socket call that failed, with its `errno`.
public struct LoopbackSocketError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
