import ArgumentParser
import Foundation
import Reader

/// `splitfeed [SOURCE…]`: the interactive reader. With no source it opens the bundled demo feed, so a fresh
/// offline machine shows a working reader (SPEC §6).
struct OpenCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "open",
    abstract: "Open the reader on the given feeds (file path, file:// or http(s):// URL)."
  )

  @Option(name: .long, help: "Layout: split, stack or auto (decided by the terminal's size).")
  var layout: LayoutOption = .auto

  /// `--config-dir`, `--cache`: `options.load()` gives the `Library` (config, urls, cache) for the UI.
  @OptionGroup var options: LibraryOptions

  @Argument(help: "Feeds to open: file paths, file:// or http(s):// URLs.")
  var sources: [String] = []

  func run() throws {
    try MainActor.assumeIsolated {
      try Application.run(sources: sources, layout: layout)
    }
  }
}

extension LayoutOption: ExpressibleByArgument {}
