import Foundation
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
    if let syncLine, let reason = config.engine.sync.incompleteReason {
      problems.append(LineProblem(file: fileName, line: syncLine, message: reason))
    }
    return (config, problems.sorted { $0.line < $1.line })
  }

  /// Applies one line through its entry of `Setting.all`; returns the problem, if any (and then leaves
  /// `config` unchanged).
  private static func apply(_ name: String, _ values: [String], to config: inout Config) -> String? {
    guard let setting = Setting.named[name] else {
      return "unknown setting \"\(name)\""
    }
    return setting.apply(values, &config)
  }

  /// `color ELEMENT FG BG [ATTR…]`.
  static func color(_ values: [String], into config: inout Config) -> String? {
    guard values.count >= 3 else { return "color takes an element, a foreground and a background, then attributes" }
    guard let element = Theme.Element(rawValue: values[0]) else {
      return "color: unknown element \"\(values[0])\" (known: \(Theme.Element.allCases.map(\.rawValue).joined(separator: ", ")))"
    }
    let style: Style
    switch Self.style(values[1...], setting: "color") {
    case .success(let parsed): style = parsed
    case .failure(let problem): return problem.message
    }
    config.ui.theme[element] = style
    return nil
  }

  /// `highlight article|articlelist|feedlist REGEX FG BG [ATTR…]` (newsboat's): the regex is checked
  /// here, so a line that cannot match is named at start rather than silently painting nothing.
  static func highlight(_ values: [String], into config: inout Config) -> String? {
    guard values.count >= 4 else {
      return "highlight takes a place (article, articlelist or feedlist), a regular expression, a foreground and a background, then attributes"
    }
    guard let place = HighlightRule.Place(rawValue: values[0].lowercased()) else {
      return "highlight: unknown place \"\(values[0])\" (known: \(HighlightRule.Place.allCases.map(\.rawValue).joined(separator: ", ")))"
    }
    do {
      _ = try NSRegularExpression(pattern: values[1], options: [.caseInsensitive])
    } catch {
      return "highlight: \"\(values[1].prefix(80))\" is not a regular expression"
    }
    switch style(values[2...], setting: "highlight") {
    case .success(let style): config.ui.theme.highlights.append(HighlightRule(place: place, pattern: values[1], style: style))
    case .failure(let problem): return problem.message
    }
    return nil
  }

  struct StyleProblem: Error { var message: String }

  /// `FG BG [ATTR…]` of a `color` or `highlight` line as a style, or the problem naming `setting`.
  static func style(_ values: ArraySlice<String>, setting: String) -> Result<Style, StyleProblem> {
    var style = Style()
    let start = values.startIndex
    for (index, path) in [(start, \Style.foreground), (start + 1, \Style.background)] {
      guard let color = colorValue(values[index]) else {
        return .failure(StyleProblem(message: "\(setting): \"\(values[index])\" is not a colour (default, black, red, green, yellow, blue, magenta, cyan, white, or 0–255)"))
      }
      style[keyPath: path] = color
    }
    for name in values.dropFirst(2) {
      guard let attribute = attributes[name.lowercased()] else {
        return .failure(StyleProblem(message: "\(setting): unknown attribute \"\(name)\" (known: bold, dim, italic, underline, reverse)"))
      }
      style.attributes.insert(attribute)
    }
    return .success(style)
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

  /// `ignore-article FEED|tag:TAG|* "expression"` (newsboat's killfile): the feed's address as in the urls
  /// file, a tag's feeds, or `*` for every feed (`FeedSelector`, as every per-feed setting); the expression
  /// in the query language.
  static func ignoreArticle(_ values: [String], into config: inout Config) -> String? {
    guard values.count == 2 else {
      return "ignore-article takes a feed (or tag:NAME, or *) and a quoted expression, got \(values.count) values"
    }
    do {
      config.engine.ignoreArticles.append(
        IgnoreArticleLine(selector: FeedSelector(parsing: values[0]), expression: try FilterExpression(parsing: values[1])))
    } catch {
      // Quoted in full up to a screen's width: the message is one line on every command's stderr.
      let shown = values[1].count > 80 ? values[1].prefix(80) + "…" : values[1]
      return "ignore-article: \(error.message) in \"\(shown)\""
    }
    return nil
  }

  /// `action NAME [--show] COMMAND [ARG…]`: a user action, which a later `bind-key` line can bind by name.
  static func action(_ values: [String], into config: inout Config) -> String? {
    do {
      let action = try UserAction(line: values)
      if Action(configName: action.name) != nil { return "action: \"\(action.name)\" is already the name of a built-in action" }
      config.ui.userActions[action.name] = action
      return nil
    } catch {
      return error.message
    }
  }

  /// `macro KEY COMMAND [; COMMAND…]` (newsboat's): run with `,` then KEY (`Macro`).
  static func macro(_ values: [String], into config: inout Config) -> String? {
    guard values.count >= 2 else { return "macro takes a key, then commands separated by ; (an action, or set SETTING VALUE)" }
    guard let key = KeyName.parse(values[0]) else { return "macro: unknown key \"\(values[0])\"" }
    switch Macro.parse(values.dropFirst()) {
    case .success(let macro): config.ui.macros[key] = macro
    case .failure(let problem): return "macro \(values[0]): \(problem.message)"
    }
    return nil
  }

  /// `bind-key KEY ACTION` (a built-in action, or an `action` line's name given above it).
  static func bindKey(_ values: [String], into config: inout Config) -> String? {
    guard values.count == 2 else { return "bind-key takes a key and an action, got \(values.count) values" }
    guard let key = KeyName.parse(values[0]) else {
      return "bind-key: unknown key \"\(values[0])\" (use a character, ^X, ENTER, TAB, SPACE, ESC, BACKSPACE, UP, DOWN, LEFT, RIGHT, HOME, END, PGUP, PGDN or F1–F12)"
    }
    if Action(configName: values[1]) == nil, config.ui.userActions[values[1]] != nil {
      config.ui.keyMap.bindUser(key, to: values[1])
      return nil
    }
    guard let action = Action(configName: values[1]) else {
      return "bind-key: unknown action \"\(values[1])\" for key \(values[0]) (man splitfeed lists every action under bind-key)"
    }
    config.ui.keyMap.bind(key, to: action)
    return nil
  }
}

extension ConfigParser {
  /// The problem of one config line, nil when it is taken (an unknown action in a bind-key line is a
  /// problem too): how newsboat's lines are checked before `import-newsboat` appends them.
  static func problem(in line: String) -> String? { parse(line).problems.first?.message }
}

extension NewsboatConfigPlan {
  /// The plan with each candidate line checked by `ConfigParser`.
  init(newsboat text: String, existing: String) {
    self.init(newsboat: text, existing: existing, check: ConfigParser.problem(in:))
  }
}
