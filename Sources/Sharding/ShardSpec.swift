import Foundation

/// Which shard of how many: `2/3` is the second of three (1-based, as CI matrices count).
public struct ShardSpec: Sendable, Hashable, Codable, CustomStringConvertible {
    /// 1 through ``count``.
    public let index: Int
    /// How many shards the tests are split into (at least 1).
    public let count: Int

    /// The shard `index` of `count`; throws unless 1 ≤ index ≤ count.
    public init(index: Int, count: Int) throws(ShardError) {
        guard count >= 1 else { throw .noShards(count) }
        guard (1...count).contains(index) else { throw .indexOutOfRange(index: index, count: count) }
        self.index = index
        self.count = count
    }

    /// Parses `i/n` (`2/3`): two whole numbers in decimal digits, nothing else.
    public init(parsing text: String) throws(ShardError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 9 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let index = Int(parts[0]), let count = Int(parts[1])
        else { throw .malformed(text) }
        try self.init(index: index, count: count)
    }

    /// `i/n`.
    public var description: String { "\(index)/\(count)" }
}

/// Why a shard could not be chosen.
public enum ShardError: Error, Equatable, CustomStringConvertible {
    /// Not `i/n` with two whole numbers.
    case malformed(String)
    /// `n` below 1.
    case noShards(Int)
    /// `i` outside 1…n (`4/3`, `0/3`).
    case indexOutOfRange(index: Int, count: Int)

    public var description: String {
        switch self {
        case .malformed(let text): "a shard is written i/n, e.g. 2/3 (the second of three); got \"\(text)\""
        case .noShards(let count): "a run splits into at least 1 shard; got \(count)"
        case .indexOutOfRange(let index, let count): "shard \(index)/\(count) does not exist: shards of \(count) are numbered 1 to \(count)"
        }
    }
}
