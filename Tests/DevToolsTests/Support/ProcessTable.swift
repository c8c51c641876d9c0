import Foundation

/// Asks `ps`, independently of DevTools' own bookkeeping, which processes still run.
enum ProcessTable {
    /// The pids of running (non-zombie) processes whose process group is `group`.
    static func members(ofGroup group: Int32) -> [Int32] {
        rows().filter { $0.group == group }.map(\.pid)
    }

    /// Running processes whose command line mentions `needle`.
    static func commands(containing needle: String) -> [String] {
        rows().map(\.command).filter { $0.contains(needle) }
    }

    private static func rows() -> [(pid: Int32, group: Int32, command: String)] {
        let ps = Process()
        ps.executableURL = URL(fileURLWithPath: "/usr/bin/ps")
        ps.arguments = ["-eo", "pid=,pgid=,stat=,args="]
        let output = Pipe()
        ps.standardOutput = output
        guard (try? ps.run()) != nil else { return [] }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        ps.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: true)
            guard fields.count == 4, let pid = Int32(fields[0]), let group = Int32(fields[1]),
                  !fields[2].hasPrefix("Z") else { return nil }
            return (pid, group, String(fields[3]))
        }
    }
}
