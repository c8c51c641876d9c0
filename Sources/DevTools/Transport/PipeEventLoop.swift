import CDevToolsSupport
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The pipe transport's thread: it reads the browser's messages and doubles as a
/// `TaskExecutor`, so code that prefers it (``Browser/run(_:)``) is resumed right on the
/// thread that read the reply, with no hop to another thread. On a 2-core machine the hop
/// cost more than the browser's own work for a small command (docs/benchmarks.md).
///
/// One loop: run queued jobs; when there are none, `poll(2)` the pipe and an eventfd that
/// `enqueue` signals; read and deliver what arrived; repeat. After the pipe closes, jobs
/// still enqueued here run on Dispatch's global queue, so no task can be stranded.
final class PipeEventLoop: TaskExecutor, Sendable {
    private let readFD: Int32
    private let wakeFD: Int32
    private let state = Mutex(State())

    private struct State {
        var jobs: [UnownedJob] = []
        /// The loop is blocked in poll and needs the eventfd to notice new jobs.
        var parked = false
        var finished = false
    }

    init(readFD: Int32) {
        self.readFD = readFD
        self.wakeFD = cdt_wake_fd()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let (wake, finished): (Bool, Bool) = state.withLock { state in
            if state.finished { return (false, true) }
            state.jobs.append(job)
            defer { state.parked = false }
            return (state.parked, false)
        }
        if finished {
            DispatchQueue.global().async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
        } else if wake {
            var one: UInt64 = 1
            _ = write(wakeFD, &one, 8)
        }
    }

    /// Runs the loop on the calling thread until the pipe closes; returns the read error, if any.
    func run(framer: inout NULFramer, deliver: (InboundMessage) -> Void) -> (any Error)? {
        let chunkSize = 1 << 16
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 1)
        defer {
            chunk.deallocate()
            finish()
        }
        var descriptors = [pollfd(fd: readFD, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0)]
        while true {
            runQueuedJobs()
            let mayPark = state.withLock { state in
                state.parked = state.jobs.isEmpty
                return state.parked
            }
            guard mayPark else { continue }
            let ready = poll(&descriptors, 2, -1)
            state.withLock { $0.parked = false }
            if ready < 0 {
                if errno == EINTR { continue }
                return DevToolsError.connectionClosed(reason: "poll failed: \(String(cString: strerror(errno)))")
            }
            if descriptors[1].revents != 0 {
                var count: UInt64 = 0
                _ = read(wakeFD, &count, 8)
            }
            guard descriptors[0].revents != 0 else { continue }
            let count = read(readFD, chunk.baseAddress, chunkSize)
            if count > 0 {
                framer.append(UnsafeRawBufferPointer(rebasing: chunk[0..<count]), deliver: deliver)
            } else if count == 0 {
                return nil
            } else if errno != EINTR && errno != EAGAIN {
                return DevToolsError.connectionClosed(reason: "reading the pipe failed: \(String(cString: strerror(errno)))")
            }
        }
    }

    private func runQueuedJobs() {
        while true {
            let jobs = state.withLock { state in
                defer { state.jobs.removeAll(keepingCapacity: true) }
                return state.jobs
            }
            if jobs.isEmpty { return }
            for job in jobs { job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }

    /// After the pipe closes: hand any queued and later jobs to Dispatch.
    private func finish() {
        let leftovers = state.withLock { state in
            state.finished = true
            defer { state.jobs.removeAll() }
            return state.jobs
        }
        for job in leftovers {
            DispatchQueue.global().async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
        }
        closeDescriptor(wakeFD)
    }
}
