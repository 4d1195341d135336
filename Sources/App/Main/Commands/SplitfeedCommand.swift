import ArgumentParser
import Reader

/// The `splitfeed` command line (SPEC §6): the interactive reader by default, plus the non-interactive
/// subcommands, each in a file of its own under Commands/.
struct SplitfeedCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "splitfeed",
    abstract: "A terminal feed reader (RSS, Atom, JSON Feed) with an adaptive split view.",
    version: splitfeedVersion,
    subcommands: [
      OpenCommand.self, DumpCommand.self, ReloadCommand.self, ImportCommand.self, ImportNewsboatCommand.self, ExportCommand.self, ManualSectionsCommand.self,
      BenchParseCommand.self, BenchUICommand.self,
    ],
    defaultSubcommand: OpenCommand.self
  )
}
