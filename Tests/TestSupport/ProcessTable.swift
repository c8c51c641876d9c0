public import Foundation

/// The live processes, read from `/proc` independently of any bookkeeping of the code under test.
public enum ProcessTable {
    /// One live (non-zombie) process.
    public struct Entry: Sendable {
        public var pid: pid_t
        public var parent: pid_t
        public var group: pid_t
    }

    /// Every live process.
    public static func entries() -> [Entry] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return names.compactMap { name in
            // "pid (command) state ppid pgrp …"; the command may hold spaces and parentheses.
            guard let pid = pid_t(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let end = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: end)...].split(separator: " ", maxSplits: 4)
            guard fields.count > 3, fields[0] != "Z", let parent = pid_t(fields[1]), let group = pid_t(fields[2]) else { return nil }
            return Entry(pid: pid, parent: parent, group: group)
        }
    }

    /// The pids of live processes whose process group is `group`.
    public static func members(ofGroup group: pid_t) -> [pid_t] {
        entries().filter { $0.group == group }.map(\.pid)
    }

    /// Every live process below `ancestor`.
    public static func descendants(of ancestor: pid_t) -> [pid_t] {
        let all = entries()
        var found: Set<pid_t> = [ancestor]
        var grew = true
        while grew {
            grew = false
            for entry in all where !found.contains(entry.pid) && found.contains(entry.parent) {
                found.insert(entry.pid)
                grew = true
            }
        }
        found.remove(ancestor)
        return Array(found)
    }
}
