import ScreenKit

/// A line of text typed after a label on the status line (`/` search, `F` filter), with ↑/↓ walking
/// earlier entries: the editing model of a `FieldController`, which owns it while the field is open.
public struct Prompt: Equatable, Sendable {
  /// What typed text is for.
  public enum Field: Equatable, Sendable {
    case search
    case filter
    /// `#`: the number of the link to open.
    case linkNumber
    /// `pipe-to`'s command line, `save`'s path.
    case command
    case path
  }

  /// The label before the text (`Search: `).
  public var question: String
  /// The field being typed in.
  public let field: Field
  /// Why the typed text cannot be used (a malformed search), shown after it until the next key.
  public var problem: String?
  /// The text typed so far (fields).
  public private(set) var typed = ""
  /// Earlier entries, newest first, that ↑ walks back through.
  public private(set) var history: [String] = []
  /// The entry of `history` shown (nil: what the user is typing, kept in `draft`).
  private var historyIndex: Int?
  private var draft = ""

  /// A text field labelled `label` (`/`), starting with `typed`.
  public init(field: Field, label: String, typed: String = "", history: [String] = []) {
    self.question = label
    self.field = field
    self.typed = typed
    self.history = history
  }

  /// The label, what is typed, and the problem with it if any.
  public var text: String { question + typed + (problem.map { "  ← " + $0 } ?? "") }

  /// What a key did to a field.
  public enum Edit: Equatable, Sendable {
    /// The text changed (typed, erased, or an entry of the history shown).
    case changed
    /// Enter: done with this text.
    case submitted
    /// Esc: given up.
    case cancelled
    /// Nothing to do with this key (it stays on the field, so a list key never fires while typing).
    case ignored
  }

  /// Applies a key to a field: characters are typed, Backspace erases, ↑/↓ walk the history (↓ past the
  /// newest brings back what was being typed), Ctrl-U clears, Enter submits, Esc cancels.
  public mutating func edit(_ key: Key) -> Edit {
    problem = nil
    switch key {
    case .enter: return .submitted
    case .escape: return .cancelled
    case .backspace:
      guard !typed.isEmpty else { return .ignored }
      typed.removeLast()
      historyIndex = nil
      return .changed
    case .control("u"):
      guard !typed.isEmpty else { return .ignored }
      typed = ""
      historyIndex = nil
      return .changed
    case .up: return walkHistory(by: 1)
    case .down: return walkHistory(by: -1)
    case .character(let c):
      typed.append(c)
      historyIndex = nil
      return .changed
    default: return .ignored
    }
  }

  /// Pasted text goes into a field as one line: line breaks and tabs become spaces, other control
  /// characters are dropped.
  public mutating func paste(_ text: String) -> Edit {
    let line = String(
      text.map { $0.isNewline || $0 == "\t" ? " " : $0 }
        .filter { !$0.unicodeScalars.contains { $0.properties.generalCategory == .control } })
    guard !line.isEmpty else { return .ignored }
    problem = nil
    typed += line
    historyIndex = nil
    return .changed
  }

  /// `step` 1: an older entry; -1: a newer one, then the draft.
  private mutating func walkHistory(by step: Int) -> Edit {
    let current = historyIndex ?? -1
    let next = current + step
    guard next >= -1, next < history.count, next != current else { return .ignored }
    if historyIndex == nil { draft = typed }
    historyIndex = next == -1 ? nil : next
    typed = next == -1 ? draft : history[next]
    return .changed
  }
}
