import Foundation
import Synchronization

/// The regular expressions of `=~` / `!~` (NSRegularExpression syntax, case ignored, as newsboat's
/// matcher ignores case), run inside SQLite by the `splitfeed_regexp` function. A query compiles its
/// pattern once, not once per row: compiled patterns are kept, a few dozen at most.
enum FilterRegex {
  private static let compiled = Mutex<[String: NSRegularExpressionBox]>([:])
  private static let keep = 64

  /// A wrapper that lets a compiled pattern cross threads: NSRegularExpression is immutable once made,
  /// and matching with it from several threads is documented as safe.
  final class NSRegularExpressionBox: @unchecked Sendable {
    let regex: NSRegularExpression
    init(_ regex: NSRegularExpression) { self.regex = regex }
  }

  static func compile(_ pattern: String) throws -> NSRegularExpression {
    if let box = compiled.withLock({ $0[pattern] }) { return box.regex }
    let regex = try NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
    compiled.withLock { cache in
      if cache.count >= keep { cache.removeAll() }
      cache[pattern] = NSRegularExpressionBox(regex)
    }
    return regex
  }

  /// Whether `text` contains a match of `pattern`; false for a pattern that does not compile (the parser
  /// refuses those, so only a hand-made query meets this).
  static func matches(_ pattern: String, _ text: String) -> Bool {
    guard let regex = try? compile(pattern) else { return false }
    return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
  }
}
