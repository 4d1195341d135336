import ArgumentParser
import Foundation
import Reader
import ScreenKit

/// `splitfeed [SOURCE…]`: the interactive reader on the given feeds, else the urls file's, else every cached
/// feed; with none at all, the bundled demo feed, so a fresh offline machine shows a working reader (DESIGN §6).
struct OpenCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "open",
    abstract: "Open the reader on the given feeds (file path, file:// or http(s):// URL)."
  )

  @Option(name: .long, help: "Layout: split (two columns), three (three columns), stack or auto (decided by the terminal's size; default: the config's layout).")
  var layout: LayoutOption?

  /// `--config-dir`, `--cache`: `Library.loadWithUI` gives the `Library` (config, urls, cache) and the UI's settings.
  @OptionGroup var options: LibraryOptions

  @Argument(help: "Feeds to open: file paths, file:// or http(s):// URLs.")
  var sources: [String] = []

  func validate() throws { try CommandArguments.validateSources(sources) }

  func run() throws {
    try MainActor.assumeIsolated {
      let (library, configuration) = Library.loadWithUI(paths: options.paths)
      try Application.run(sources: sources, layout: layout, library: library, configuration: configuration)
    }
  }
}

extension LayoutOption: ExpressibleByArgument {}
