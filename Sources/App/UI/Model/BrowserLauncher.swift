import Foundation
import Reader
import ScreenKit

/// Opens an article's link in the user's browser (DESIGN §5 `o`) without ever involving a shell: the URL
/// reaches the browser as exactly one argument, so quotes, spaces, `;`, `$(…)` or a leading `-` in a
/// feed's link are never interpreted. Only http and https URLs are opened.
public struct BrowserLauncher: Sendable {
  /// Why a link was not opened, as one sentence for the status line.
  public enum Failure: Error, Equatable, CustomStringConvertible {
    case notWeb(String)
    case noBrowser
    case spawnFailed(command: String, code: Int32)
    case exited(command: String, status: Int32)

    public var description: String {
      switch self {
      case .notWeb(let url):
        return "Not opening \(url): only http and https links are opened."
      case .noBrowser:
        return "No browser: set $BROWSER or the 'browser' setting."
      case .spawnFailed(let command, let code):
        return "Could not start \(command): \(String(cString: strerror(code)))."
      case .exited(let command, let status):
        return "\(command) exited with status \(status)."
      }
    }
  }

  /// The browser command as words (`["w3m"]`, `["firefox", "--new-tab"]`); a `%u` word is replaced by the
  /// URL, else the URL is appended.
  public var command: [String]

  /// The browser from the config setting, else `$BROWSER`, else `xdg-open`.
  public static func resolve(setting: String?, environment: [String: String] = ProcessInfo.processInfo.environment)
    -> BrowserLauncher
  {
    let text = [setting, environment["BROWSER"]].compactMap { $0 }.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    // $BROWSER may list alternatives separated by ':' (the convention of sensible-browser); take the first.
    let first = text.map { $0.split(separator: ":", omittingEmptySubsequences: true).first.map(String.init) ?? $0 }
    let words = first.map { $0.split(whereSeparator: \.isWhitespace).map(String.init) } ?? []
    return BrowserLauncher(command: words.isEmpty ? ["xdg-open"] : words)
  }

  /// The argument vector for `url`, or why it is refused. Pure, so the rules are tested without spawning.
  public func arguments(for raw: String) throws(Failure) -> [String] {
    let url = Self.percentEncodingControls(raw)
    guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
      scheme == "http" || scheme == "https", parsed.host?.isEmpty == false
    else { throw .notWeb(raw) }
    guard let program = command.first, !program.isEmpty else { throw .noBrowser }
    if command.contains("%u") { return command.map { $0 == "%u" ? url : $0 } }
    return command + [url]
  }

  /// `url` with its control, whitespace and bidi-control characters percent-encoded (as UTF-8): a browser
  /// that echoes its URL to the terminal must not receive ESC, BEL, C1 controls or newlines from a feed,
  /// nor an override that makes the link read differently from where it goes.
  static func percentEncodingControls(_ url: String) -> String {
    var out = ""
    for scalar in url.unicodeScalars {
      guard needsEncoding(scalar) else {
        out.unicodeScalars.append(scalar)
        continue
      }
      for byte in String(scalar).utf8 { out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2) }
    }
    return out
  }

  private static func needsEncoding(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0...0x20, 0x7F...0xA0: return true  // C0, space, DEL, C1, no-break space
    case 0x061C, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2069, 0xFEFF: return true  // bidi and invisible
    default: return scalar.properties.isWhitespace
    }
  }

  /// Runs the browser and waits for it; `suspend`/`resume` hand the terminal over and take it back, so a
  /// text-mode browser can use it. Returns nil on success.
  public func open(_ url: String, suspend: () -> Void = {}, resume: () -> Void = {}) -> Failure? {
    let argv: [String]
    do { argv = try arguments(for: url) } catch { return error }
    suspend()
    defer { resume() }
    return Self.run(argv)
  }

  /// Runs `argv` (no shell: `argv[0]` is looked up on PATH, every other word is one argument) and waits
  /// for it; nil when it exits with status 0. With `silenced` its stdin, stdout and stderr are /dev/null,
  /// so a program run behind the screen cannot draw on it.
  public static func run(_ argv: [String], silenced: Bool = false) -> Failure? {
    switch ChildProgram.run(argv, silenced: silenced) {
    case nil: return nil
    case .empty: return .noBrowser
    case .spawnFailed(let command, let code): return .spawnFailed(command: command, code: code)
    case .exited(let command, let status): return .exited(command: command, status: status)
    }
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
