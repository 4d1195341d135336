import ArgumentParser
import Foundation
import Reader
import ReaderUI

/// `splitfeed manual-sections` (hidden): the man page's KEYS, SETTINGS, ENVIRONMENT and FILES sections
/// in mdoc, which scripts/install adds to the page swift-argument-parser generates. Made from the key
/// map (as the `?` help is), the parser's own table of settings (`Setting.all`, each default read from a
/// default `Config`) and `Paths`, so the page cannot drift from the program.
struct ManualSectionsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "manual-sections",
    abstract: "Print the man page's KEYS, SETTINGS, ENVIRONMENT and FILES sections (mdoc).",
    shouldDisplay: false
  )

  func run() {
    CommandOutput.document(Self.render())
  }

  static func render() -> String {
    var out: [String] = [".Sh KEYS", "Keys in each context, as the ? help lists them; bind-key in the config changes them."]
    for context in KeyContext.allCases {
      let rows = KeyMap.standard.bindings.filter { $0.context == context }
      guard !rows.isEmpty else { continue }
      out += [".Ss \(context.rawValue)", ".Bl -tag -width 18n -compact"]
      for row in rows {
        out += [".It \"" + escaped(row.keys.map(\.description).joined(separator: " ")) + "\"", escaped(row.summary)]
      }
      out.append(".El")
    }
    out += [
      ".Sh SETTINGS",
      "Lines of the config file, one setting and its value each; # starts a comment.",
      ".Bl -tag -width 18n -compact",
    ]
    for setting in Setting.all {
      out += [
        // `\:` after each `|`: a place groff may break a long list of choices (display-mode's is wider
        // than a 100-column page, and groff warns on a line it cannot break).
        ".It Cm \(setting.name) Ar \(setting.syntax.replacingOccurrences(of: "|", with: "|\\:"))",
        escaped(setting.summary + (setting.defaultText.map { " Default: \($0)." } ?? "")),
      ]
    }
    out.append(".El")
    let paths = Paths.resolve(environment: ["HOME": "/HOME"])
    let home = { (path: String) in path.replacingOccurrences(of: "/HOME/", with: "~/") }
    out += [
      ".Sh ENVIRONMENT", ".Bl -tag -width 18n -compact",
      ".It Ev XDG_CONFIG_HOME", "Holds splitfeed/config and splitfeed/urls (default ~/.config).",
      ".It Ev XDG_DATA_HOME", "Holds splitfeed/cache.db (default ~/.local/share).",
      ".It Ev BROWSER", "Opens links when the browser setting is not given (else xdg-open).",
      ".El",
      ".Sh FILES", ".Bl -tag -width 18n -compact",
      ".It Pa \(home(paths.configFile))", "Settings (see SETTINGS).",
      ".It Pa \(home(paths.urlsFile))", "The feeds: an address a line, then tags (newsboat's format).",
      ".It Pa \(home(paths.cacheFile))", "The cache: feeds, articles, read state, stars (SQLite).",
      ".It Pa \(home(paths.cacheFile)).pictures/", "Article pictures kept on disk (64 MiB at most).",
      ".El",
    ]
    return out.joined(separator: "\n") + "\n"
  }

  /// A line that starts with `.` or `'` would be read as a request; `\` starts an escape.
  private static func escaped(_ text: String) -> String {
    let text = text.replacingOccurrences(of: "\\", with: "\\e")
    return text.hasPrefix(".") || text.hasPrefix("'") ? "\\&" + text : text
  }
}
