import Reader
import ReaderUI
import ScreenKit

/// Reads the config file: newsboat-like `key value…` lines, `#` comments, quoted values. Pure (text in,
/// `Config` and problems out); every problem names its line and the line is skipped, so the program
/// always starts.
enum ConfigParser {
  static func parse(_ text: String, fileName: String = "config") -> (config: Config, problems: [LineProblem]) {
    parse(bytes: text.utf8, fileName: fileName)
  }

  /// `parse` for the file's bytes as read from disk (see `TextFileLines` for line ends and encodings).
  static func parse(bytes: some Collection<UInt8>, fileName: String = "config") -> (config: Config, problems: [LineProblem]) {
    var config = Config()
    config.fileName = fileName
    var (lines, problems) = TextFileLines.wordLines(bytes, fileName: fileName)
    var syncLine: Int?
    for (number, words) in lines {
      if let message = apply(words[0], Array(words.dropFirst()), to: &config) {
        problems.append(LineProblem(file: fileName, line: number, message: message))
      } else if words[0] == "sync" {
        syncLine = number
      }
    }
    if let syncLine, let reason = config.sync.incompleteReason {
      problems.append(LineProblem(file: fileName, line: syncLine, message: reason))
    }
    return (config, problems.sorted { $0.line < $1.line })
  }

  /// Applies one line; returns the problem, if any (and then leaves `config` unchanged).
  private static func apply(_ name: String, _ values: [String], to config: inout Config) -> String? {
    switch name {
    case "color": return color(values, into: &config)
    case "bind-key": return bindKey(values, into: &config)
    case "ignore-article": return ignoreArticle(values, into: &config)
    case "always-full-article":
      guard !values.isEmpty else { return "always-full-article takes feeds (their addresses as in the urls file) or *" }
      for value in values {
        config.ui.alwaysFullArticle.insert(value == "*" ? "*" : (try? FeedSource(parsing: value).url.absoluteString) ?? value)
      }
      return nil
    case "sync-password-command":
      guard !values.isEmpty, !values[0].isEmpty else { return "sync-password-command: expected a command and its arguments (run without a shell)" }
      config.sync.password = .command(values)
      return nil
    default: break
    }
    guard let setter = settings[name] else {
      return "unknown setting \"\(name)\""
    }
    guard values.count == 1, let value = values.first else {
      return "\(name) takes one value, got \(values.count)" + (values.count > 1 ? " (quote a value with spaces)" : "")
    }
    return setter(value, &config).map { "\(name): \($0)" }
  }

  private typealias Setter = @Sendable (String, inout Config) -> String?

  private static func int(_ range: ClosedRange<Int>, _ path: WritableKeyPath<Config, Int> & Sendable) -> Setter {
    { value, config in
      guard let n = Int(value), range.contains(n) else {
        return "expected a whole number from \(range.lowerBound) to \(range.upperBound), got \"\(value)\""
      }
      config[keyPath: path] = n
      return nil
    }
  }

  private static func choice<T: RawRepresentable & CaseIterable & SendableMetatype>(
    _ path: WritableKeyPath<Config, T> & Sendable
  ) -> Setter where T.RawValue == String {
    { value, config in
      guard let choice = T.allCases.first(where: { $0.rawValue.lowercased() == value.lowercased() }) else {
        return "expected one of \(T.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(value)\""
      }
      config[keyPath: path] = choice
      return nil
    }
  }

  private static func bool(_ path: WritableKeyPath<Config, Bool> & Sendable) -> Setter {
    { value, config in
      switch value.lowercased() {
      case "yes", "true", "on": config[keyPath: path] = true
      case "no", "false", "off": config[keyPath: path] = false
      default: return "expected yes or no, got \"\(value)\""
      }
      return nil
    }
  }

  /// The `name value` settings, sorted (the man page lists them; `color` and `bind-key` come apart).
  static var settingNames: [String] { settings.keys.sorted() }

  private static let settings: [String: Setter] = [
    "regular-width": int(1...10_000, \.ui.regularWidth),
    "compact-height": int(1...10_000, \.ui.compactHeight),
    "landscape-min-width": int(1...10_000, \.ui.landscapeMinWidth),
    "primary-width-fraction": { value, config in
      guard let f = Double(value), f > 0, f < 1 else {
        return "expected a fraction between 0 and 1 (like 0.35), got \"\(value)\""
      }
      config.ui.metrics.preferredPrimaryColumnWidthFraction = f
      return nil
    },
    "primary-min-width": int(1...10_000, \.ui.metrics.minimumPrimaryColumnWidth),
    "primary-max-width": int(1...10_000, \.ui.metrics.maximumPrimaryColumnWidth),
    "display-mode": choice(\.ui.preferredDisplayMode),
    "popover-adaptive": choice(\.ui.popoverStyle),
    "layout": choice(\.ui.layout),
    "reload-on-start": bool(\.ui.reloadOnStart),
    "reload-interval": int(0...525_600, \.ui.reloadInterval),
    "show-read-articles": bool(\.ui.showReadArticles),
    "article-sort-order": choice(\.ui.articleSort),
    "reload-threads": int(1...64, \.reloadThreads),
    "keep-articles-days": int(0...1_000_000, \.ui.pruneRule.keepDays),
    "max-articles-per-feed": int(0...100_000_000, \.ui.pruneRule.maxPerFeed),
    "notify-program": { value, config in
      config.ui.notifyProgram = NotifyProgram(setting: value)
      return nil
    },
    "browser": { value, config in
      guard !value.isEmpty else { return "expected a command" }
      config.ui.browser = value
      return nil
    },
    "sync": { value, config in
      switch value.lowercased() {
      case "none", "off", "no": config.sync.service = nil
      default:
        guard let service = SyncSettings.Service(rawValue: value.lowercased()) else {
          return "expected greader (the Google Reader API of FreshRSS, Miniflux, Inoreader, The Old Reader) or none, got \"\(value)\""
        }
        config.sync.service = service
      }
      return nil
    },
    "sync-url": { value, config in
      switch SyncSettings.apiURL(value) {
      case .success(let url): config.sync.url = url
      case .failure(let problem): return problem.message
      }
      return nil
    },
    "sync-user": { value, config in
      guard !value.isEmpty else { return "expected the user name on the server" }
      config.sync.user = value
      return nil
    },
    "sync-password-file": { value, config in
      guard !value.isEmpty else { return "expected the path of a file holding the password" }
      config.sync.password = .file(value)
      return nil
    },
    "sync-keep-local": bool(\.sync.keepLocal),
    "player": { value, config in
      guard !value.isEmpty else { return "expected a command" }
      config.ui.player = value
      return nil
    },
  ]

  /// `color ELEMENT FG BG [ATTR…]`.
  private static func color(_ values: [String], into config: inout Config) -> String? {
    guard values.count >= 3 else { return "color takes an element, a foreground and a background, then attributes" }
    guard let element = Theme.Element(rawValue: values[0]) else {
      return "color: unknown element \"\(values[0])\" (known: \(Theme.Element.allCases.map(\.rawValue).joined(separator: ", ")))"
    }
    var style = Style()
    for (index, path) in [(1, \Style.foreground), (2, \Style.background)] {
      guard let color = colorValue(values[index]) else {
        return "color: \"\(values[index])\" is not a colour (default, black, red, green, yellow, blue, magenta, cyan, white, or 0–255)"
      }
      style[keyPath: path] = color
    }
    for name in values.dropFirst(3) {
      guard let attribute = attributes[name.lowercased()] else {
        return "color: unknown attribute \"\(name)\" (known: bold, dim, italic, underline, reverse)"
      }
      style.attributes.insert(attribute)
    }
    config.ui.theme[element] = style
    return nil
  }

  private static let attributes: [String: Style.Attributes] = [
    "bold": .bold, "dim": .dim, "italic": .italic, "underline": .underline, "reverse": .reverse, "standout": .reverse,
  ]

  private static let colorNames: [String: Color] = [
    "default": .default, "black": .black, "red": .red, "green": .green, "yellow": .yellow, "blue": .blue,
    "magenta": .magenta, "cyan": .cyan, "white": .white,
  ]

  /// A colour name, `0`…`255`, or newsboat's `color0`…`color255`.
  static func colorValue(_ text: String) -> Color? {
    let lower = text.lowercased()
    if let named = colorNames[lower] { return named }
    let digits = lower.hasPrefix("color") ? String(lower.dropFirst(5)) : lower
    guard let n = Int(digits), (0...255).contains(n) else { return nil }
    return .index(UInt8(n))
  }

  /// `ignore-article FEED|* "expression"` (newsboat's killfile): the feed's address as in the urls file, or
  /// `*` for every feed; the expression in the query language.
  private static func ignoreArticle(_ values: [String], into config: inout Config) -> String? {
    guard values.count == 2 else {
      return "ignore-article takes a feed (or *) and a quoted expression, got \(values.count) values"
    }
    let feed = values[0] == "*" ? nil : (try? FeedSource(parsing: values[0]).url.absoluteString) ?? values[0]
    do {
      config.ui.ignoreRules.append(IgnoreRule(feedURL: feed, expression: try FilterExpression(parsing: values[1])))
    } catch {
      // Quoted in full up to a screen's width: the message is one line on every command's stderr.
      let shown = values[1].count > 80 ? values[1].prefix(80) + "…" : values[1]
      return "ignore-article: \(error.message) in \"\(shown)\""
    }
    return nil
  }

  /// `bind-key KEY ACTION`.
  private static func bindKey(_ values: [String], into config: inout Config) -> String? {
    guard values.count == 2 else { return "bind-key takes a key and an action, got \(values.count) values" }
    guard let key = KeyName.parse(values[0]) else {
      return "bind-key: unknown key \"\(values[0])\" (use a character, ^X, ENTER, TAB, SPACE, ESC, BACKSPACE, UP, DOWN, LEFT, RIGHT, HOME, END, PGUP, PGDN or F1–F12)"
    }
    guard let action = Action(configName: values[1]) else {
      return "bind-key: unknown action \"\(values[1])\" for key \(values[0]) (the README's key table names every action)"
    }
    config.ui.keyMap.bind(key, to: action)
    return nil
  }
}
