import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Asks a URL over and over, on a thread of its own, whether it answers HTTP (any status):
/// how ``ProcessHost`` knows a started app is ready. Each try connects, sends a `GET`
/// (HTTP/1.0, `Connection: close`), reads the status line and then the rest of the answer (at
/// most 1 MiB; each read waits two seconds at most); tries follow each other after 10 to 100 ms
/// until one answers or ``stop()`` is called.
final class HTTPProbe: Sendable {
    private let state = Shared()
    private final class Shared: Sendable {
        let flags = Mutex<(answered: Bool, stopped: Bool)>((false, false))
    }

    init(url: String) {
        let parsed = URL(string: url)
        let host = parsed?.host ?? "127.0.0.1"
        let port = parsed?.port ?? (parsed?.scheme == "https" ? 443 : 80)
        var path = parsed?.path ?? "/"
        if path.isEmpty { path = "/" }
        if let query = parsed?.query { path += "?" + query }
        let request = "GET \(path) HTTP/1.0\r\nHost: \(host):\(port)\r\nUser-Agent: AutomationLab-ProcessHost\r\nConnection: close\r\n\r\n"
        let thread = Thread { [state] in
            var pause: UInt32 = 10_000
            while !state.flags.withLock({ $0.stopped }) {
                if Self.answers(host: host, port: port, request: request) {
                    state.flags.withLock { $0.answered = true }
                    return
                }
                usleep(pause)
                pause = min(pause * 2, 100_000)
            }
        }
        thread.name = "HTTP probe \(host):\(port)"
        thread.stackSize = 256 << 10
        thread.start()
    }

    /// Whether the URL has answered.
    var answered: Bool { state.flags.withLock { $0.answered } }

    /// Ends the tries (the thread ends after the current one).
    func stop() { state.flags.withLock { $0.stopped = true } }

    /// One try: whether `host:port` answers `request` with a status line (`HTTP/…`).
    private static func answers(host: String, port: Int, request: String) -> Bool {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        let name = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        guard getaddrinfo(name, String(port), &hints, &found) == 0, let first = found else { return false }
        defer { freeaddrinfo(found) }
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            defer { entry = address.pointee.ai_next }
            let fd = socket(address.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { continue }
            defer { close(fd) }
            var limit = timeval(tv_sec: 2, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
            guard connect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 else { continue }
            let sent = request.utf8CString.withUnsafeBufferPointer { bytes in send(fd, bytes.baseAddress, bytes.count - 1, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { continue }
            var reply = [UInt8](repeating: 0, count: 5)
            var got = 0
            while got < reply.count {
                let count = reply.withUnsafeMutableBytes { recv(fd, $0.baseAddress! + got, $0.count - got, 0) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                got += count
            }
            guard got == reply.count && reply == Array("HTTP/".utf8) else { continue }
            // Read the rest (bounded) before closing, so the app does not log a reset connection.
            var rest = [UInt8](repeating: 0, count: 16 << 10)
            var total = 0
            while total < 1 << 20 {
                let count = rest.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                total += count
            }
            return true
        }
        return false
    }
}
