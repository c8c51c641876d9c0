/// The app's URLs under its mount point.
struct TriviaPaths: Sendable {
    let prefix: String

    /// The screen: the current question, or the result once finished.
    var quiz: String { prefix.isEmpty ? "/" : prefix }
    /// `POST question=I&answer=K`: tap answer K of question I.
    var answer: String { prefix + "/answer" }
    /// `POST question=I`: move on from question I.
    var next: String { prefix + "/next" }
    /// `POST`: start again (from the result screen).
    var restart: String { prefix + "/restart" }
}
