import ArgumentParser
import Foundation
import Reader

/// The `splitfeed` command line (DESIGN §6): the interactive reader by default, plus the non-interactive
/// subcommands, each in a file of its own under Commands/.
struct SplitfeedCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "splitfeed",
    abstract: "A terminal feed reader (RSS, Atom, JSON Feed) with an adaptive split view.",
    discussion: "Exit status: 0 on success, 1 when a feed, a file or a write failed, 2 for a wrong command line.",
    version: splitfeedVersion,
    subcommands: [
      OpenCommand.self, DumpCommand.self, ExtractCommand.self, ReloadCommand.self, MovedCommand.self, SyncLoginCommand.self, SubscribeCommand.self, UnsubscribeCommand.self, ImportCommand.self, ImportNewsboatCommand.self, ExportCommand.self, ManualSectionsCommand.self,
    ],
    defaultSubcommand: OpenCommand.self
  )

  /// The program: parses `arguments` (global options may come before the subcommand), runs the command
  /// and ends with one of the three `ExitStatus`es. Every command's output and end goes through
  /// `CommandOutput`, so a failed write is seen the same way everywhere.
  static func start(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
    do {
      var command = try parseAsRoot(CommandArguments.normalized(arguments))
      try command.run()
      CommandOutput.exit(ExitStatus.success)
    } catch {
      let status = exitStatus(for: error)
      let message = fullMessage(for: error)
      if status == ExitStatus.success {
        if !message.isEmpty { CommandOutput.out(message + "\n") }  // --help, --version
      } else if !message.isEmpty {
        CommandOutput.errorLine(message)
      }
      CommandOutput.exit(status)
    }
  }

  /// The argument parser's statuses folded into the three the manual documents (it says 64 for usage).
  static func exitStatus(for error: any Error) -> Int32 {
    let code = exitCode(for: error)
    if code.isSuccess { return ExitStatus.success }
    return code == .validationFailure ? ExitStatus.usage : ExitStatus.failure
  }
}

/// The command line as the argument parser should see it.
enum CommandArguments {
  /// Options that every command takes.
  static let globalOptions: Set<String> = ["--config-dir", "--cache"]

  /// `arguments` with global options written before the subcommand's name moved after it, as git takes
  /// `git -C dir log`: `splitfeed --cache F reload` is `splitfeed reload --cache F`, never the reader
  /// opened on a feed named `reload`.
  static func normalized(_ arguments: [String]) -> [String] {
    var leading: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      let name = String(argument.prefix { $0 != "=" })
      guard globalOptions.contains(name) else { break }
      leading.append(argument)
      if name == argument, index + 1 < arguments.count {
        leading.append(arguments[index + 1])
        index += 1
      }
      index += 1
    }
    guard !leading.isEmpty, index < arguments.count, subcommandNames.contains(arguments[index]) else { return arguments }
    return [arguments[index]] + leading + arguments[(index + 1)...]
  }

  static var subcommandNames: Set<String> {
    Set(SplitfeedCommand.configuration.subcommands.compactMap { $0.configuration.commandName })
  }

  /// Fails when a feed argument is a subcommand's name: a misplaced word (`splitfeed feed.xml reload`)
  /// must not become a subscription. A file of that name is still reachable as `./reload`.
  static func validateSources(_ sources: [String]) throws {
    if let name = sources.first(where: subcommandNames.contains) {
      throw ValidationError("'\(name)' is a command, not a feed (write ./\(name) for a file of that name)")
    }
  }
}
