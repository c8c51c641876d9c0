import ArgumentParser

/// `lab`: the AutomationLab command line. Each lab app or tool is a subcommand.
@main
struct Lab: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lab",
        abstract: "AutomationLab: lab apps and tools.",
        subcommands: [
            ServeCommand.self, MessagesAPICommand.self, ReportCommand.self, ShardCommand.self, RecordCommand.self, InspectCommand.self,
        ]
    )
}
