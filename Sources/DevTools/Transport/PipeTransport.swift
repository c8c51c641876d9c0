public import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `--remote-debugging-pipe` transport: NUL-terminated JSON messages over two pipes.
///
/// A dedicated thread (`PipeEventLoop`) reads the pipe and hands each complete message
/// to the connection; it also runs the tasks that prefer it, so they resume without a
/// thread hop. Writes happen on the caller's thread under a lock, so messages never interleave.
public final class PipeTransport: CDPTransport {
    private let writeFD: Int32
    private let readFD: Int32
    private let maxMessageSize: Int
    private let state = Mutex(State())
    private let loop: PipeEventLoop

    private struct State {
        var writeOpen = true
        var closedDeliberately = false
    }

    /// Wraps the parent's ends of the two pipes. The transport owns and closes them.
    /// - Parameters:
    ///   - writeFD: our end of the pipe the browser reads commands from (its fd 3).
    ///   - readFD: our end of the pipe the browser writes replies and events to (its fd 4).
    ///   - maxMessageSize: inbound messages larger than this are reported as
    ///     ``InboundMessage/oversized(prefix:size:)`` and not kept.
    public init(writeFD: Int32, readFD: Int32, maxMessageSize: Int = 256 << 20) {
        self.writeFD = writeFD
        self.readFD = readFD
        self.maxMessageSize = maxMessageSize
        self.loop = PipeEventLoop(readFD: readFD)
        ignoreSIGPIPE()
    }

    public func start(onMessage: @escaping @Sendable (InboundMessage) -> Void,
                      onClose: @escaping @Sendable ((any Error)?) -> Void) {
        let thread = Thread { [self] in
            var framer = NULFramer(maxMessageSize: maxMessageSize)
            let failure = loop.run(framer: &framer, deliver: onMessage)
            closeDescriptor(readFD)
            let deliberate = self.state.withLock { $0.closedDeliberately }
            onClose(deliberate ? nil : (failure ?? DevToolsError.connectionClosed(reason: "the browser closed the pipe")))
        }
        thread.name = "DevTools pipe reader"
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// The reader thread as a task executor; see ``Browser/run(_:)``.
    public var executor: any TaskExecutor { loop }

    public func send(_ message: Data) throws {
        try state.withLock { state in
            guard state.writeOpen else { throw DevToolsError.connectionClosed(reason: "the pipe is closed") }
            var framed = message
            framed.append(0)
            try framed.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = write(writeFD, bytes.baseAddress! + offset, bytes.count - offset)
                    if written >= 0 {
                        offset += written
                    } else if errno != EINTR {
                        throw DevToolsError.connectionClosed(reason: "writing to the browser failed: \(String(cString: strerror(errno)))")
                    }
                }
            }
        }
    }

    /// Closes the command pipe. The browser treats that as a request to exit; the reader
    /// thread sees end-of-file when it does.
    public func close() {
        state.withLock { state in
            guard state.writeOpen else { return }
            state.writeOpen = false
            state.closedDeliberately = true
            closeDescriptor(writeFD)
        }
    }
}

/// Splits a byte stream into NUL-terminated messages, never holding more than the limit.
struct NULFramer {
    let maxMessageSize: Int
    private var buffer = Data()
    /// While discarding an oversized message: its first bytes and its size so far.
    private var discarding: (prefix: Data, size: Int)?

    init(maxMessageSize: Int) {
        self.maxMessageSize = maxMessageSize
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer, deliver: (InboundMessage) -> Void) {
        var rest = bytes[...]
        while !rest.isEmpty {
            // memchr, not `firstIndex(of:)`: in the debug build the suite runs, the generic search
            // over a slice was a call per byte, 5% of all CPU in a UI suite's run (2026-11-25).
            let terminator = memchr(bytes.baseAddress! + rest.startIndex, 0, rest.count).map { bytes.baseAddress!.distance(to: $0) }
            let piece = rest[..<(terminator ?? rest.endIndex)]
            if var oversized = discarding {
                oversized.size += piece.count
                discarding = oversized
            } else if buffer.count + piece.count > maxMessageSize {
                let needed = max(0, 512 - buffer.count)
                var prefix = buffer.prefix(512)
                prefix.append(contentsOf: UnsafeRawBufferPointer(rebasing: piece.prefix(needed)))
                discarding = (prefix, buffer.count + piece.count)
                buffer.removeAll(keepingCapacity: false)
            } else {
                buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: piece))
            }
            guard let terminator else { return }
            if let oversized = discarding {
                deliver(.oversized(prefix: oversized.prefix, size: oversized.size))
                discarding = nil
            } else {
                deliver(.data(buffer))
                buffer = Data()
            }
            rest = rest[(terminator + 1)...]
        }
    }
}

private let ignoreSIGPIPEOnce: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

/// A write to a pipe whose reader has died must fail with EPIPE, not kill the test process.
private func ignoreSIGPIPE() { ignoreSIGPIPEOnce }
