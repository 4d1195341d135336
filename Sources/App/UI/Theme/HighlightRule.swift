import Foundation
import Reader
import ScreenKit

/// A config `highlight` line (newsboat's `highlight article|articlelist|feedlist REGEX FG BG [ATTR…]`):
/// the text `pattern` matches in one place of the screen, drawn in `style` over the place's own style.
/// The pattern is a filter's regular expression (`FilterRegex`: case ignored), bounded as filters are —
/// a pattern that backtracks for ever costs a line 10–20 ms of CPU once, never a frozen screen.
public struct HighlightRule: Equatable, Sendable {
  /// Where a rule applies, by newsboat's names.
  public enum Place: String, CaseIterable, Sendable {
    /// The opened article's text.
    case article
    /// The rows of article lists.
    case articlelist
    /// The rows of the feed list.
    case feedlist
  }

  public var place: Place
  public var pattern: String
  public var style: Style

  public init(place: Place, pattern: String, style: Style) {
    self.place = place
    self.pattern = pattern
    self.style = style
  }
}

extension Theme {
  /// The style the `highlight` rules of `place` give each Character of `text` (nil where none matches; a
  /// later rule wins where two do, as newsboat's later line does), or nil when no rule matches at all —
  /// the common case, which costs one bounded search per rule.
  func highlightStyles(of text: String, in place: HighlightRule.Place) -> [Style?]? {
    let rules = highlights.filter { $0.place == place }
    guard !rules.isEmpty, !text.isEmpty else { return nil }
    var styles: [Style?]?
    for rule in rules {
      for found in FilterRegex.ranges(of: rule.pattern, in: text) {
        guard let range = Range(found, in: text) else { continue }
        if styles == nil { styles = Array(repeating: nil, count: text.count) }
        let start = text.distance(from: text.startIndex, to: range.lowerBound)
        let end = start + text[range].count
        for i in start..<min(end, styles!.count) { styles![i] = rule.style }
      }
    }
    return styles
  }

  /// `text` (Characters `offset…` of the line `styles` was made for) cut where the rules' styles change,
  /// each piece in its rule's style layered over `base` (`base` where no rule matched).
  func highlightPieces(_ text: some StringProtocol, base: Style, styles: [Style?], offset: Int) -> [(text: String, style: Style)] {
    var pieces: [(text: String, style: Style)] = []
    var current: Style?? = .none
    var index = offset
    for character in text {
      let style = index < styles.count ? styles[index] : nil
      if case .some(let last) = current, last == style {
        pieces[pieces.count - 1].text.append(character)
      } else {
        pieces.append((String(character), style.map { Self.layer($0, over: base) } ?? base))
        current = .some(style)
      }
      index += 1
    }
    return pieces
  }
}
