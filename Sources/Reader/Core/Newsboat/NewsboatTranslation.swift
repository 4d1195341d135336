import Foundation

/// Which of newsboat's urls lines splitfeed's urls file gains. Pure, for tests. Lines are copied as
/// written (tags, `"~title"`, `"!"` and query lines included), so nothing newsboat knew is lost even
/// where splitfeed does not act on it yet; a feed already listed (as a cache key) is not added again.
public struct NewsboatUrlsPlan {
  /// The lines to append, verbatim.
  public var lines: [String] = []
  /// Cache keys of every feed newsboat lists, added or not: its articles are brought over.
  public var feedURLs: [String] = []
  public var addedFeeds = 0
  public var alreadyListed = 0
  public var tagged = 0
  public var titled = 0
  public var hidden = 0
  /// `query:` lines kept (query feeds of the Feeds tab).
  public var queries = 0
  /// `exec:` and `filter:` lines copied (run at each reload as feeds).
  public var commands = 0
  /// Of those, the ones whose command is shell syntax (newsboat runs it with `sh -c`, splitfeed runs no
  /// shell): `urls line N: "…"` with the characters that need one. They fail here until the user
  /// puts the pipeline in a script.
  public var shellCommands: [String] = []
  public var problems: [String] = []

  public init(newsboat text: String, existing: String, newsboatFolder: String, configDirectory: String) {
    let existingLines = Set(existing.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
    var seen = Set(UrlsFile.parse(existing, currentDirectory: configDirectory).entries.map(\.url))
    for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces)
      guard case .success(let words) = LineTokenizer.words(raw) else {
        problems.append("urls line \(offset + 1): an unclosed quote; skipped")
        continue
      }
      guard let address = words.first else { continue }
      if ["query:", "exec:", "filter:"].contains(where: address.hasPrefix) {
        if existingLines.contains(line) {
          alreadyListed += 1
        } else {
          lines.append(line)
          if address.hasPrefix("query:") {
            queries += 1
          } else {
            commands += 1
            let shell = Self.shellSyntax(in: address)
            if !shell.isEmpty {
              shellCommands.append("urls line \(offset + 1): \"\(UrlsFile.oneLine(String(address.prefix(80))))\" uses \(shell), which needs a shell")
            }
          }
        }
        continue
      }
      guard let source = try? FeedSource(parsing: address, currentDirectory: newsboatFolder) else {
        problems.append("urls line \(offset + 1): \"\(address)\" is not a feed address; skipped")
        continue
      }
      let key = source.url.absoluteString
      if !feedURLs.contains(key) { feedURLs.append(key) }
      guard seen.insert(key).inserted else {
        alreadyListed += 1
        continue
      }
      lines.append(line)
      addedFeeds += 1
      let tags = words.dropFirst()
      if tags.contains(where: { $0.hasPrefix("~") }) { titled += 1 }
      if tags.contains("!") { hidden += 1 }
      if tags.contains(where: { !$0.hasPrefix("~") && $0 != "!" }) { tagged += 1 }
    }
  }
}

extension NewsboatUrlsPlan {
  /// The characters of an `exec:`/`filter:` address that only a shell reads (pipes, redirections,
  /// variables, substitutions, globs, `;` and `&`), each once, as `|, $`; empty when none is there. A
  /// filter's URL after its command is not looked at.
  static func shellSyntax(in address: String) -> String {
    var command = Substring(address.drop { $0 != ":" }.dropFirst())
    if address.hasPrefix("filter:"), let colon = command.firstIndex(of: ":") { command = command[..<colon] }
    var found: [Character] = []
    for c in command where "|&;<>$`*?(){}".contains(c) && !found.contains(c) { found.append(c) }
    return found.map(String.init).joined(separator: ", ")
  }
}

/// Which of newsboat's config lines have a splitfeed equivalent, written as splitfeed lines (each
/// checked by the config file's reader), and why the others were left. Pure, for tests.
public struct NewsboatConfigPlan {
  /// Lines for splitfeed's config, in newsboat's order, without those it already has.
  public var lines: [String] = []
  /// The setting names taken (one per line).
  public var taken: [String] = []
  /// `setting: reason` per line left behind.
  public var notTaken: [String] = []
  /// Lines left out on purpose, and why (not a failure to take them).
  public var notes: [String] = []

  /// newsboat's colour elements and what they paint here.
  public static let colorElements: [String: [String]] = [
    "listnormal": ["list"], "listfocus": ["selection"], "listnormal_unread": ["unread"],
    "listfocus_unread": ["selection"], "info": ["title-bar", "toolbar", "status"],
  ]

  /// `check` is the config file's reader: a candidate line's problem, or nil when splitfeed takes it.
  public init(newsboat text: String, existing: String, check: (String) -> String?) {
    let existingLines = Set(existing.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
    var autoReload = false
    var reloadTime = 60
    var candidates: [(name: String, line: String)] = []
    for raw in text.split(separator: "\n") {
      guard case .success(let words) = LineTokenizer.words(raw), let name = words.first else { continue }
      let values = Array(words.dropFirst())
      let quoted = values.map(LineTokenizer.quote)
      switch name {
      case "bind-key" where values.count == 2 && values[0] == "u":
        // `u` is undo here, the one way back from a mark (DESIGN §5); newsboat's `u` (show-urls) has its
        // own key, so a line giving `u` away is left out and said.
        notes.append("bind-key u \(values[1]): left out, u stays undo here")
      case "bind-key" where values.count == 2:
        candidates.append((name, "bind-key " + quoted.joined(separator: " ")))
      case "bind-key":
        notTaken.append("bind-key \(values.joined(separator: " ")): bound in one newsboat dialog only")
      case "color":
        guard let element = values.first, let targets = Self.colorElements[element] else {
          notTaken.append("color \(values.first ?? ""): no such part of the screen here")
          continue
        }
        for target in targets { candidates.append((name, (["color", target] + quoted.dropFirst()).joined(separator: " "))) }
      case "browser", "reload-threads", "show-read-articles", "confirm-exit", "save-path", "text-width":
        candidates.append((name, ([name] + quoted).joined(separator: " ")))
      case "refresh-on-startup":
        candidates.append((name, "reload-on-start " + quoted.joined(separator: " ")))
      case "auto-reload":
        autoReload = values.first.map { ["yes", "true", "on"].contains($0.lowercased()) } ?? false
      case "reload-time":
        reloadTime = values.first.flatMap { Int($0) } ?? reloadTime
      case "keep-articles-days", "ignore-article", "highlight":
        candidates.append((name, ([name] + quoted).joined(separator: " ")))
      case "max-items":
        candidates.append((name, (["max-articles-per-feed"] + quoted).joined(separator: " ")))
      case "macro":
        candidates.append((name, ([name] + quoted).joined(separator: " ")))
      case "notify-program":
        notTaken.append("notify-program: splitfeed passes the count and feed titles, not a message; set it by hand")
      default:
        notTaken.append("\(name): no equivalent")
      }
    }
    if autoReload { candidates.append(("auto-reload", "reload-interval \(reloadTime)")) }
    var seen = Set<String>()
    for candidate in candidates {
      // An unknown action in a bind-key line is one of the parser's problems too.
      if let problem = check(candidate.line) {
        notTaken.append("\(candidate.line): \(problem)")
        continue
      }
      guard !existingLines.contains(candidate.line), seen.insert(candidate.line).inserted else { continue }
      lines.append(candidate.line)
      taken.append(candidate.name)
    }
  }
}
