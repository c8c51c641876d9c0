import Foundation
import Synchronization

/// Watches a browser's output for the line Firefox prints once its WebDriver BiDi server
/// listens (`WebDriver BiDi listening on ws://127.0.0.1:PORT`), fed chunk by chunk from the
/// output thread. Keeps at most one unfinished line (bounded), nothing after the find.
final class EndpointAnnouncement: Sendable {
    static let marker = "WebDriver BiDi listening on "
    private static let lineLimit = 16 << 10
    private let state = Mutex((pending: Data(), url: String?.none))

    /// The announced `ws://` URL, once seen.
    var url: String? { state.withLock { $0.url } }

    func feed(_ chunk: UnsafeRawBufferPointer) {
        state.withLock { state in
            guard state.url == nil else { return }
            state.pending.append(contentsOf: chunk)
            while let newline = state.pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: state.pending[state.pending.startIndex..<newline], as: UTF8.self)
                state.pending.removeSubrange(state.pending.startIndex...newline)
                if let url = Self.url(in: line) {
                    state.url = url
                    state.pending = Data()
                    return
                }
            }
            if state.pending.count > Self.lineLimit { state.pending.removeAll() }
        }
    }

    /// The URL in an announcement line, if `line` is one.
    static func url(in line: String) -> String? {
        guard let range = line.range(of: marker) else { return nil }
        let rest = line[range.upperBound...].prefix { !$0.isWhitespace }
        return rest.hasPrefix("ws://") ? String(rest) : nil
    }
}
