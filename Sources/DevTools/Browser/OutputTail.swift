import Foundation
import LabSupport
import Synchronization

/// Keeps the last `limit` bytes written to a file descriptor, read on its own thread,
/// so a browser's stderr (or an app's output, `SupervisedProcess`) can be quoted in errors
/// without growing without bound. `onData`, when given, sees every chunk as it is read, on
/// that thread (to keep a whole log, or to watch for a line).
package final class OutputTail: Sendable {
    private let buffer = Mutex(Data())
    private let limit: Int
    private let ended = NSCondition()
    private let isClosed = Mutex(false)

    package init(reading fd: Int32, limit: Int, name: String, onData: (@Sendable (UnsafeRawBufferPointer) -> Void)? = nil) {
        self.limit = limit
        let thread = Thread { [self] in
            let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 8192, alignment: 1)
            defer { chunk.deallocate() }
            while true {
                let count = read(fd, chunk.baseAddress, chunk.count)
                if count > 0 {
                    onData?(UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
                    self.buffer.withLock { data in
                        data.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
                        if data.count > limit { data.removeFirst(data.count - limit) }
                    }
                } else if count == 0 || errno != EINTR {
                    break
                }
            }
            closeDescriptor(fd)
            self.ended.lock()
            self.isClosed.withLock { $0 = true }
            self.ended.broadcast()
            self.ended.unlock()
        }
        thread.name = name
        thread.stackSize = 256 << 10
        thread.start()
    }

    /// Whether the writers' end of the pipe has closed (everything written has been read).
    package var hasClosed: Bool { isClosed.withLock { $0 } }

    /// Waits up to `timeout` for the writer's end of the pipe to close (every process
    /// holding it has exited), so the tail is complete. Blocks the calling thread.
    package func waitUntilClosed(timeout: Duration) {
        let deadline = Date().addingTimeInterval(timeout.inSeconds)
        ended.lock()
        defer { ended.unlock() }
        while !isClosed.withLock({ $0 }) {
            if !ended.wait(until: deadline) { break }
        }
    }

    /// The last `lines` lines kept (fewer if less was written).
    package func lastLines(_ lines: Int = 20) -> String {
        let text = buffer.withLock { String(decoding: $0, as: UTF8.self) }
        return text.split(separator: "\n", omittingEmptySubsequences: true).suffix(lines).joined(separator: "\n")
    }
}
