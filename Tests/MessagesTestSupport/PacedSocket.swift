import Foundation

/// A TCP client with a small receive buffer that reads at a pace of its own choosing, without
/// blocking a thread of the concurrency pool (non-blocking reads, sleeps between).
public final class PacedSocket: @unchecked Sendable {
    private let socket: LoopbackSocket

    /// Connects to `127.0.0.1:port` with a receive buffer of `receiveBuffer` bytes.
    public init(port: Int, receiveBuffer: Int32 = 64 * 1024) throws {
        socket = try LoopbackSocket(port: port, receiveBuffer: receiveBuffer)
    }

    /// Sends `text` whole.
    public func send(_ text: String) throws {
        try socket.send(text)
    }

    /// Closes the connection now, whatever is still unread.
    public func close() {
        socket.close()
    }

    /// Reads at most `chunk` bytes, then pauses `pause`, until the peer closes or `expecting`
    /// body bytes have arrived; returns how many body bytes arrived (everything after the
    /// head). `onRead` is called after every read with the bytes received so far, head
    /// included. A connection reset ends the reading like a close. Fails after `limit`.
    public func readAll(
        chunk: Int, pause: Duration, limit: Duration, expecting: Int = .max, onRead: (Int) -> Void = { _ in }
    ) async throws -> Int {
        var buffer = [UInt8](repeating: 0, count: chunk)
        var total = 0
        var headLength: Int?
        var head: [UInt8] = []
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            let received: LoopbackSocket.Received
            do {
                received = try socket.receive(into: &buffer)
            } catch {
                received = .closed
            }
            switch received {
            case .bytes(let count):
                total += count
                onRead(total)
                if headLength == nil {
                    head += buffer[0..<min(count, 4096)]
                    if let end = String(decoding: head, as: UTF8.self).range(of: "\r\n\r\n") {
                        headLength = String(decoding: head, as: UTF8.self)[..<end.upperBound].utf8.count
                    }
                }
                if let headLength, total - headLength >= expecting { return total - headLength }
                if pause > .zero { try await Task.sleep(for: pause) }
            case .closed:
                return total - (headLength ?? total)
            case .nothingYet:
                try await Task.sleep(for: .milliseconds(10))
            }
        }
        throw LoopbackSocketError("the answer did not end within \(limit) (\(total) bytes)")
    }
}
