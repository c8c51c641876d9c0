import Foundation
import Synchronization

/// A listening socket on 127.0.0.1 that records the requests it gets and answers each with a
/// fixed response (or, with `answer: nil`, never answers): a WebDriver endpoint that is down in
/// a precise way, for the remote-source error tests.
final class OneShotHTTPServer: Sendable {
    let port: Int
    private let listener: Int32
    private let requests = Mutex<[String]>([])
    private let open = Mutex(true)

    /// Listens on a free port; answers every request with `answer` (a whole HTTP response).
    init(answer: String?) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        listener = fd
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && listen(fd, 8) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            throw ChromedriverError("cannot listen on 127.0.0.1")
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        // The accept thread owns the listener and closes it when it ends: a descriptor closed
        // by `stop()` while the thread could still call `accept` on it might by then be another
        // socket of the test process.
        let thread = Thread { [self] in
            defer { close(fd) }
            while true {
                let connection = accept(fd, nil, nil)
                guard connection >= 0 else { return }
                var buffer = [UInt8](repeating: 0, count: 65_536)
                var text = ""
                // Read the head and the body its Content-Length announces.
                while true {
                    let count = recv(connection, &buffer, buffer.count, 0)
                    if count <= 0 { break }
                    text += String(decoding: buffer[0..<count], as: UTF8.self)
                    if let end = text.range(of: "\r\n\r\n") {
                        let length = text.range(of: #"(?i)content-length: *(\d+)"#, options: .regularExpression)
                            .flatMap { Int(text[$0].split(separator: ":").last!.trimmingCharacters(in: .whitespaces)) } ?? 0
                        if text.utf8.count - text.utf8.distance(from: text.startIndex, to: end.upperBound) >= length { break }
                    }
                }
                requests.withLock { $0.append(text) }
                if let answer {
                    _ = answer.withCString { send(connection, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
                    close(connection)
                }  // else: keep it open, answering nothing, until the server stops
                if !open.withLock({ $0 }) { return }
            }
        }
        thread.start()
    }

    var url: String { "http://127.0.0.1:\(port)" }

    /// The requests received so far, head and body.
    var received: [String] { requests.withLock { $0 } }

    /// Stops listening (the accept thread then closes the listener). Once; later calls do nothing.
    func stop() {
        let wasOpen = open.withLock { open in
            defer { open = false }
            return open
        }
        if wasOpen { shutdown(listener, Int32(SHUT_RDWR)) }
    }
}
