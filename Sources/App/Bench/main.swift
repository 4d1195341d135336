import ArgumentParser
import Foundation

/// `splitfeed-bench`: the benchmarks' own program (scripts/bench-*, docs/BENCHMARKS.md), built beside
/// `splitfeed` so that what only measures never ships in the reader.
struct BenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "splitfeed-bench",
    abstract: "splitfeed's benchmarks (run by scripts/bench-*).",
    subcommands: [
      BenchParseCommand.self, BenchExtractCommand.self, BenchWCXBCommand.self, BenchUICommand.self, BenchFindCommand.self, BenchSyncCommand.self,
      BenchScaleCommand.self,
    ]
  )
}

/// The benchmarks' output: figures on stdout, problems on stderr.
enum Output {
  static func out(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  static func warn(_ text: String) {
    FileHandle.standardError.write(Data("splitfeed-bench: \(text)\n".utf8))
  }
}

BenchCommand.main()
