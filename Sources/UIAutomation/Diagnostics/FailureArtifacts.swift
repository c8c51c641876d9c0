import Foundation

/// Saves a failure's screenshot and element tree in the artifacts folder
/// (``Configuration/artifactsDirectory``), named by time and query.
enum FailureArtifacts {
    static func save(screenshot: Data?, tree: String?, query: String, in directory: String?) -> [String] {
        guard let directory else { return [] }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            return []
        }
        let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "-")
        let slug = String(query.map { $0.isLetter || $0.isNumber ? $0 : "-" }.prefix(60))
        let base = "\(directory)/\(stamp)-\(UUID().uuidString.prefix(6))-\(slug)"
        var written: [String] = []
        if let screenshot, (try? screenshot.write(to: URL(fileURLWithPath: base + ".png"))) != nil {
            written.append(base + ".png")
        }
        if let tree, (try? tree.write(toFile: base + ".txt", atomically: true, encoding: .utf8)) != nil {
            written.append(base + ".txt")
        }
        return written
    }
}
