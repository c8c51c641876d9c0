public import UIAutomation

extension Configuration {
    /// How the lab's own suites run: the default configuration, with page errors failing the
    /// step that caused them (`Configuration.failingPageSignals` = uncaught exceptions and
    /// CSP violations). The lab apps keep their pages clean; a test that drives one into an
    /// error on purpose says so with a configuration of its own.
    public static var lab: Configuration {
        var configuration = Configuration()
        configuration.failingPageSignals = PageSignal.Kind.pageErrors
        return configuration
    }
}
