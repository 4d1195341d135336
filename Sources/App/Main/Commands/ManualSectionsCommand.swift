import ArgumentParser
import Foundation
import ReaderUI

/// `splitfeed manual-sections` (hidden): the man page's KEYS, SETTINGS, ENVIRONMENT and FILES sections
/// in mdoc, which scripts/install adds to the page swift-argument-parser generates. Made from the key
/// map (as the `?` help is), the config parser's settings with `Config`'s defaults, and `Paths`, so the
/// page cannot drift from the program.
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
    let defaults = leaves(of: Config())
    for name in ConfigParser.settingNames {
      let shown = ["nil": "none", "true": "yes", "false": "no"]
      let value = defaults[fieldNames[name] ?? camelCase(name)].map { shown[$0] ?? $0 } ?? "none"
      out += [".It Cm \(name)", "default: " + escaped(value)]
    }
    out += [
      ".It Cm color Ar element fg bg Op Ar attribute ...",
      "element: " + Theme.Element.allCases.map(\.rawValue).joined(separator: ", "),
      ".It Cm sync-password-command Ar program Op Ar argument ...",
      "run without a shell when a sync needs the password; its first line of output is the password",
      ".It Cm bind-key Ar key action",
      "action: " + Action.allCases.map(\.configName).joined(separator: ", "),
      ".It Cm always-full-article Ar feed ...|*",
      "Opens the articles of these feeds (every feed for *) on the full article extracted from their web page.",
      ".It Cm ignore-article Ar feed|* expression",
      "Hides the articles of feed (every feed for *) that match the expression, everywhere.",
      ".El",
    ]
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
      ".El",
    ]
    return out.joined(separator: "\n") + "\n"
  }

  /// Settings whose field in `Config` is not their name in camel case.
  private static let fieldNames = [
    "primary-width-fraction": "preferredPrimaryColumnWidthFraction",
    "primary-min-width": "minimumPrimaryColumnWidth", "primary-max-width": "maximumPrimaryColumnWidth",
    "display-mode": "preferredDisplayMode", "popover-adaptive": "popoverStyle", "article-sort-order": "articleSort",
    "sync": "service", "sync-url": "url", "sync-user": "user", "sync-password-file": "password", "sync-keep-local": "keepLocal",
  ]

  /// Every stored value of `value`, nested structs flattened, by field name.
  private static func leaves(of value: Any) -> [String: String] {
    var out: [String: String] = [:]
    for child in Mirror(reflecting: value).children {
      guard let label = child.label else { continue }
      let nested = Mirror(reflecting: child.value)
      if nested.displayStyle == .struct, !nested.children.isEmpty {
        out.merge(leaves(of: child.value)) { a, _ in a }
      } else {
        out[label] = "\(child.value)"
      }
    }
    return out
  }

  private static func camelCase(_ name: String) -> String {
    let parts = name.split(separator: "-")
    return (parts.prefix(1) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }).joined()
  }

  /// A line that starts with `.` or `'` would be read as a request; `\` starts an escape.
  private static func escaped(_ text: String) -> String {
    let text = text.replacingOccurrences(of: "\\", with: "\\e")
    return text.hasPrefix(".") || text.hasPrefix("'") ? "\\&" + text : text
  }
}
