import Foundation

/// One kind of config line: its name, how its value is written, what it does, how a line applies and how
/// the value reads back. `ConfigParser` applies lines through `Setting.all`, and `manual-sections` prints
/// the man page's SETTINGS from the same entries, with each default read from a default `Config`: the page
/// cannot list a setting the parser does not take, nor a default the parser does not use.
struct Setting: Sendable {
  let name: String
  /// The value's form as the man page shows it (`0-365`, `yes|no`, `command`).
  let syntax: String
  /// What the setting does, one sentence or two, for the man page.
  let summary: String
  /// What a config without the line means when `value` has nothing to show (`$BROWSER, else xdg-open`);
  /// nil for repeatable lines, which add to the default rather than replace it.
  let unset: String?
  /// The setting's value in `config`, written as the line's value would be; nil while unset.
  let value: @Sendable (Config) -> String?
  /// Applies the line's values to `config`; returns the problem (and then leaves `config` unchanged).
  let apply: @Sendable ([String], inout Config) -> String?

  /// The default as the man page shows it: the value of a default `Config`, else what no value means.
  var defaultText: String? { value(Config()) ?? unset }

  /// A line of one value (quoted when it has spaces); `set` returns the problem, which gets the name.
  static func single(
    _ name: String, _ syntax: String, _ summary: String, unset: String? = nil,
    value: @escaping @Sendable (Config) -> String?, set: @escaping @Sendable (String, inout Config) -> String?
  ) -> Setting {
    Setting(name: name, syntax: syntax, summary: summary, unset: unset, value: value) { values, config in
      guard values.count == 1, let value = values.first else {
        return "\(name) takes one value, got \(values.count)" + (values.count > 1 ? " (quote a value with spaces)" : "")
      }
      return set(value, &config).map { "\(name): \($0)" }
    }
  }

  static func number(
    _ name: String, _ range: ClosedRange<Int>, _ path: WritableKeyPath<Config, Int> & Sendable, _ summary: String
  ) -> Setting {
    single(name, "\(range.lowerBound)-\(range.upperBound)", summary, value: { "\($0[keyPath: path])" }) { value, config in
      guard let n = Int(value), range.contains(n) else {
        return "expected a whole number from \(range.lowerBound) to \(range.upperBound), got \"\(value)\""
      }
      config[keyPath: path] = n
      return nil
    }
  }

  static func choice<T: RawRepresentable & CaseIterable & SendableMetatype>(
    _ name: String, _ path: WritableKeyPath<Config, T> & Sendable, _ summary: String
  ) -> Setting where T.RawValue == String {
    let names = T.allCases.map(\.rawValue)
    return single(name, names.joined(separator: "|"), summary, value: { $0[keyPath: path].rawValue }) { value, config in
      guard let choice = T.allCases.first(where: { $0.rawValue.lowercased() == value.lowercased() }) else {
        return "expected one of \(names.joined(separator: ", ")), got \"\(value)\""
      }
      config[keyPath: path] = choice
      return nil
    }
  }

  static func flag(_ name: String, _ path: WritableKeyPath<Config, Bool> & Sendable, _ summary: String) -> Setting {
    single(name, "yes|no", summary, value: { $0[keyPath: path] ? "yes" : "no" }) { value, config in
      switch value.lowercased() {
      case "yes", "true", "on": config[keyPath: path] = true
      case "no", "false", "off": config[keyPath: path] = false
      default: return "expected yes or no, got \"\(value)\""
      }
      return nil
    }
  }

  /// A command setting (`browser`, `player`): any non-empty text, nil until set.
  static func command(
    _ name: String, _ path: WritableKeyPath<Config, String?> & Sendable, _ summary: String, unset: String
  ) -> Setting {
    single(name, "command", summary, unset: unset, value: { $0[keyPath: path] }) { value, config in
      guard !value.isEmpty else { return "expected a command" }
      config[keyPath: path] = value
      return nil
    }
  }

  /// A line that may repeat, or take several values, each adding to the configuration.
  static func lines(
    _ name: String, _ syntax: String, _ summary: String, apply: @escaping @Sendable ([String], inout Config) -> String?
  ) -> Setting {
    Setting(name: name, syntax: syntax, summary: summary, unset: nil, value: { _ in nil }, apply: apply)
  }
}
