import Foundation

/// Writes the views of a run folder: `index.html` (``HTMLRenderer``) and `junit.xml`
/// (``JUnitRenderer``), both rendered from its `run.json`.
public enum ReportWriter {
    /// The files written.
    public struct Output: Sendable {
        /// `index.html`.
        public let html: String
        /// `junit.xml`.
        public let junit: String
        /// The run they show.
        public let report: RunReport
    }

    /// Renders the run folder `folder`'s views from its run file.
    @discardableResult
    public static func render(_ folder: String) throws -> Output {
        let absolute = folder.hasPrefix("/") ? folder : FileManager.default.currentDirectoryPath + "/" + folder
        let report = try RunFolder.read(absolute)
        let html = absolute + "/index.html"
        let junit = absolute + "/junit.xml"
        try HTMLRenderer(runFolder: absolute).render(report).write(toFile: html, atomically: true, encoding: .utf8)
        try JUnitRenderer(runFolder: absolute).render(report).write(toFile: junit, atomically: true, encoding: .utf8)
        return Output(html: html, junit: junit, report: report)
    }
}
