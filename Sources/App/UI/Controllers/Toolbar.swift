import Reader
import ScreenKit
import TextLayout

/// One toolbar entry (DESIGN §1): a titled button, or a flexible space that takes the room left over.
struct ToolbarItem: Equatable, Sendable {
  enum Kind: Equatable, Sendable {
    case button(id: String, title: String)
    case flexibleSpace
  }
  var kind: Kind

  static func button(_ id: String, _ title: String) -> ToolbarItem { ToolbarItem(kind: .button(id: id, title: title)) }
  static let flexibleSpace = ToolbarItem(kind: .flexibleSpace)
}

/// A one-line toolbar (UIToolbar): items laid out left to right, flexible spaces sharing the rest. The
/// item frames are what popovers anchor to and what clicks are tested against. A value type: the
/// article controller rebuilds it when the display mode changes its left item.
struct Toolbar: Equatable, Sendable {
  var items: [ToolbarItem]

  static func label(_ title: String) -> String { "[" + title + "]" }

  /// Frames of the buttons by id in a one-line `rect` (buttons that do not fit are left out).
  func frames(in rect: Rect) -> [(id: String, title: String, frame: Rect)] {
    let buttonWidths = items.map { item -> Int in
      if case .button(_, let title) = item.kind { return DisplayWidth.of(Self.label(title)) }
      return 0
    }
    let spaces = items.filter { $0.kind == .flexibleSpace }.count
    let gaps = max(0, items.count - 1)
    let free = max(0, rect.width - 2 - buttonWidths.reduce(0, +) - gaps)
    var x = rect.minX + 1
    var result: [(id: String, title: String, frame: Rect)] = []
    var spaceIndex = 0
    for (i, item) in items.enumerated() {
      switch item.kind {
      case .flexibleSpace:
        // Spread the free columns; the first spaces take the remainder.
        x += free / max(1, spaces) + (spaceIndex < free % max(1, spaces) ? 1 : 0)
        spaceIndex += 1
      case .button(let id, let title):
        let frame = Rect(x: x, y: rect.minY, width: buttonWidths[i], height: 1)
        if frame.maxX <= rect.maxX { result.append((id, title, frame)) }
        x += buttonWidths[i]
      }
      x += 1
    }
    return result
  }

  /// The id of the button under `point`.
  func item(at point: Point, in rect: Rect) -> String? {
    frames(in: rect).first { $0.frame.contains(point) }?.id
  }

  func draw(in rect: Rect, style: Style, surface: inout Surface) {
    surface.fill(rect)
    for button in frames(in: rect) {
      surface.put(Self.label(button.title), at: button.frame.origin, style: style, clip: rect)
    }
  }
}
