import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// HTTP/1.1 over a plain socket, one request per connection (`Connection: close`), blocking
/// the calling thread until an answer or `deadline`.
///
/// Why not `URLSession` for `http://`: Chromium's DevTools HTTP server and chromedriver write
/// their header fields without a space after the colon (`Content-Length:249`), valid HTTP
/// that FoundationNetworking refuses with "Failed writing header" (measured with chromedriver
/// 156 and Chromium 156). `https://` endpoints still go through `URLSession`.
enum PlainHTTPClient {
    /// Sends the request and returns the status and body, or why there is none.
    static func exchange(
        method: String, url: URL, body: Data?, headers: [String: String], deadline: ContinuousClock.Instant
    ) -> Result<(status: Int, body: Data), PlainHTTPFailure> {
        guard let host = url.host else { return .failure(.init("no host in \(url)")) }
        let port = url.port ?? 80
        let fd: Int32
        switch connect(host: host, port: port, deadline: deadline) {
        case .success(let connected): fd = connected
        case .failure(let failure): return .failure(failure)
        }
        defer { close(fd) }
        var target = url.path.isEmpty ? "/" : url.path
        if let query = url.query { target += "?" + query }
        let hostHeader = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        var head = "\(method) \(target) HTTP/1.1\r\nHost: \(hostHeader)\r\nConnection: close\r\n"
        head += "Content-Length: \(body?.count ?? 0)\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        if let failure = send(Data(head.utf8) + (body ?? Data()), to: fd, deadline: deadline) { return .failure(failure) }
        return receive(from: fd, deadline: deadline)
    }

    private static func remainingMilliseconds(_ deadline: ContinuousClock.Instant) -> Int32 {
        let left = deadline - .now
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        return Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
    }

    /// Waits until `fd` is ready for `events`; `false` on timeout.
    private static func wait(_ fd: Int32, for events: Int16, deadline: ContinuousClock.Instant) -> Bool {
        var entry = pollfd(fd: fd, events: events, revents: 0)
        while true {
            let milliseconds = remainingMilliseconds(deadline)
            if milliseconds == 0 { return false }
            let rc = poll(&entry, 1, milliseconds)
            if rc > 0 { return true }
            if rc == 0 { return false }
            if errno != EINTR { return true }  // let the next call report the error
        }
    }

    private static func connect(host: String, port: Int, deadline: ContinuousClock.Instant) -> Result<Int32, PlainHTTPFailure> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let rc = getaddrinfo(host, String(port), &hints, &list)
        guard rc == 0, let first = list else {
            return .failure(.init("the host name cannot be resolved (\(String(cString: gai_strerror(rc))))"))
        }
        defer { freeaddrinfo(list) }
        var lastError = "no address"
        for entry in sequence(first: first, next: { $0.pointee.ai_next }) {
            let fd = socket(entry.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            guard fd >= 0 else { continue }
            if Glibc.connect(fd, entry.pointee.ai_addr, entry.pointee.ai_addrlen) == 0 { return .success(fd) }
            guard errno == EINPROGRESS else {
                lastError = String(cString: strerror(errno))
                close(fd)
                continue
            }
            guard wait(fd, for: Int16(POLLOUT), deadline: deadline) else {
                close(fd)
                return .failure(.init("no connection before the deadline"))
            }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
            if error == 0 { return .success(fd) }
            lastError = error == ECONNREFUSED ? "connection refused" : String(cString: strerror(error))
            close(fd)
        }
        return .failure(.init(lastError))
    }

    private static func send(_ data: Data, to fd: Int32, deadline: ContinuousClock.Instant) -> PlainHTTPFailure? {
        var offset = 0
        while offset < data.count {
            let written = data.withUnsafeBytes { bytes in
                Glibc.send(fd, bytes.baseAddress! + offset, data.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written > 0 {
                offset += written
            } else if written < 0 && (errno == EAGAIN || errno == EINTR) {
                guard wait(fd, for: Int16(POLLOUT), deadline: deadline) else { return .init("no answer before the deadline") }
            } else {
                return .init("the connection was closed while sending (\(String(cString: strerror(errno))))")
            }
        }
        return nil
    }

    private static func receive(from fd: Int32, deadline: ContinuousClock.Instant) -> Result<(status: Int, body: Data), PlainHTTPFailure> {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let answer = parse(received, complete: false) { return .success(answer) }
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received.append(contentsOf: buffer[0..<count])
            } else if count == 0 {
                if let answer = parse(received, complete: true) { return .success(answer) }
                return .failure(.init(received.isEmpty ? "the connection was closed before an answer" : "the answer is not HTTP"))
            } else if errno == EAGAIN || errno == EINTR {
                guard wait(fd, for: Int16(POLLIN), deadline: deadline) else { return .failure(.init("no answer before the deadline")) }
            } else {
                return .failure(.init("reading the answer failed (\(String(cString: strerror(errno))))"))
            }
        }
    }

    /// The status and body once `data` holds a whole answer (by `Content-Length`, chunked
    /// encoding, or the end of the connection when `complete`); `nil` while more is needed.
    static func parse(_ data: Data, complete: Bool) -> (status: Int, body: Data)? {
        guard let end = data.firstRange(of: Data("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: data[data.startIndex..<end.lowerBound], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/"), let status = Int(statusLine[1]) else { return nil }
        var fields: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()] = line[line.index(after: colon)...]
                .trimmingCharacters(in: .whitespaces)
        }
        let body = Data(data[end.upperBound...])
        if let length = fields["content-length"].flatMap(Int.init) {
            return body.count >= length ? (status, body.prefix(length)) : nil
        }
        if fields["transfer-encoding"]?.lowercased().contains("chunked") == true {
            return dechunk(body).map { (status, $0) }
        }
        return complete ? (status, body) : nil
    }

    /// The body of a chunked answer, `nil` until its last chunk has arrived.
    private static func dechunk(_ data: Data) -> Data? {
        var result = Data()
        var index = data.startIndex
        while true {
            guard let lineEnd = data[index...].firstRange(of: Data("\r\n".utf8)) else { return nil }
            let sizeText = String(decoding: data[index..<lineEnd.lowerBound], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else { return nil }
            if size == 0 { return result }
            let start = lineEnd.upperBound
            guard data.distance(from: start, to: data.endIndex) >= size + 2 else { return nil }
            let stop = data.index(start, offsetBy: size)
            result.append(data[start..<stop])
            index = data.index(stop, offsetBy: 2)
        }
    }
}

/// Why a plain HTTP exchange got no answer.
struct PlainHTTPFailure: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
