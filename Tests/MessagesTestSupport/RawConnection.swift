import Foundation

/// One plain TCP connection to 127.0.0.1, for reading a response that never ends (a
/// server-sent event stream) as it arrives. Each read waits at most the read timeout.
public final class RawConnection: @unchecked Sendable {
    private let socket: LoopbackSocket
    private let readTimeout: Duration
    private var received: [UInt8] = []

    /// Connects to `127.0.0.1:port` (from the loopback address `source`, e.g. `127.0.0.2`, when
    /// given: another client address on the same machine); every read waits at most `readTimeout`.
    public init(port: Int, from source: String? = nil, readTimeout: Duration = .seconds(10)) throws {
        socket = try LoopbackSocket(port: port, from: source)
        self.readTimeout = readTimeout
    }

    /// Sends `text` as is.
    public func send(_ text: String) throws {
        try socket.send(text)
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
            switch try socket.receive(into: &buffer) {
            case .bytes(let count):
                received += buffer[0..<count]
                return true
            case .closed:
                return false
            case .nothingYet:
                guard ContinuousClock.now < deadline else {
                    throw SpawnedServiceError(description: "nothing arrived within \(readTimeout); received: \(String(decoding: received, as: UTF8.self))")
                }
                try await Task.sleep(for: .milliseconds(10))
            }
        }
    }
}
