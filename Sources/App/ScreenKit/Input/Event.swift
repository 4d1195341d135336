/// A decoded keypress, independent of ncurses key codes, so key maps and tests speak in these terms.
public enum Key: Hashable, Sendable, CustomStringConvertible {
  case character(Character)
  case up, down, left, right
  case home, end, pageUp, pageDown
  case enter, tab, backTab, backspace, delete, escape
  case function(Int)
  /// Ctrl plus a letter (Ctrl-A … Ctrl-Z except those with their own case: Tab, Enter, Backspace).
  case control(Character)

  public var description: String {
    switch self {
    case .character(" "): return "Space"
    case .character(let c): return String(c)
    case .up: return "↑"
    case .down: return "↓"
    case .left: return "←"
    case .right: return "→"
    case .home: return "Home"
    case .end: return "End"
    case .pageUp: return "PgUp"
    case .pageDown: return "PgDn"
    case .enter: return "Enter"
    case .tab: return "Tab"
    case .backTab: return "Shift-Tab"
    case .backspace: return "Backspace"
    case .delete: return "Delete"
    case .escape: return "Esc"
    case .function(let n): return "F\(n)"
    case .control(let c): return "Ctrl-\(c.uppercased())"
    }
  }

  /// Decodes a character the terminal sent as text (control bytes included).
  public static func fromScalar(_ value: UInt32) -> Key? {
    switch value {
    case 0x1B: return .escape
    case 0x0D, 0x0A: return .enter
    case 0x09: return .tab
    case 0x7F, 0x08: return .backspace
    case 0x01...0x1A:
      return .control(Character(Unicode.Scalar(value + 0x60)!))
    default:
      // NUL, the other C0 codes and C1 controls are no keys a reader binds: nothing.
      guard let scalar = Unicode.Scalar(value), value >= 0x20, !(0x7F...0x9F).contains(value) else { return nil }
      return .character(Character(scalar))
    }
  }
}

/// A mouse action in screen cells.
public struct MouseEvent: Hashable, Sendable {
  public enum Kind: Hashable, Sendable { case press, scrollUp, scrollDown }
  public var kind: Kind
  public var point: Point
  public init(kind: Kind, point: Point) {
    self.kind = kind
    self.point = point
  }
}

/// What the terminal reports: the input half of the UI's events (the reader adds its own background ones).
public enum InputEvent: Sendable, Equatable {
  case key(Key)
  case mouse(MouseEvent)
  case resize(Size)
  /// Text the terminal marked as pasted (bracketed paste): never keys.
  case paste(String)
}
