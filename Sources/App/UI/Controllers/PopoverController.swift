import Foundation
import Reader
import ScreenKit
import TextLayout

/// The publish-date popover's content (DESIGN §4, the tutorial's PopoverViewController): a bordered window
/// with the arrow of its presentation, or a full-screen page when the presentation adapted to full screen.
@MainActor
final class PopoverController: Controller {
  let lines: [String]
  /// Set by the presenter; read at draw time for the arrow.
  weak var presentation: PopoverPresentation?

  init(lines: [String]) {
    self.lines = lines
    super.init()
  }

  /// The publish-date popover for `item`: the date in `timeZone`, with the feed's own text beside it
  /// when it could not be parsed.
  convenience init(publishDateOf item: Item, timeZone: TimeZone) {
    self.init(lines: ["Publish Date:", Self.dateText(for: item, timeZone: timeZone)])
  }

  static func dateText(for item: Item, timeZone: TimeZone) -> String {
    if let date = item.date {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = timeZone
      formatter.dateFormat = "EEE, dd MMM yyyy HH:mm zzz"
      return formatter.string(from: StoredDate.clamped(date))
    }
    if let raw = item.publishedText ?? item.updatedText, !raw.isEmpty {
      return "\(raw) (not understood)"
    }
    return "Unknown"
  }

  /// Preferred size (DESIGN §4: about 32×4 with the border), grown to fit the longest line.
  var preferredContentSize: Size {
    let widest = lines.map { DisplayWidth.of($0) }.max() ?? 0
    return Size(width: max(32, widest + 4), height: max(4, lines.count + 2))
  }

  override func draw(in surface: inout Surface) {
    let fullScreen = presentation?.adaptiveStyle == .fullScreen
    let inner = surface.drawBox(frame)
    let theme = theme.popover
    if theme != .plain { surface.fill(inner, style: theme) }
    let text = inner.inset(left: 1, right: 1)
    for (i, line) in lines.enumerated() where i < text.height {
      surface.put(line, at: Point(x: text.minX, y: text.minY + i), style: i == 0 ? theme.adding(.bold) : theme, clip: text)
    }
    if fullScreen {
      surface.putCentered("Esc: close", y: inner.maxY - 1, in: inner, style: .dim)
    } else if let placement = presentation?.placement {
      let arrow = placement.arrowDirection == .up ? surface.glyphs.arrowUp : surface.glyphs.arrowDown
      surface.put(arrow, at: placement.arrow)
    }
  }

  override func handle(_ key: Key) -> Bool {
    switch keyMap.action(for: key, in: .popover) {
    case .dismiss, .quit, .publishDate:
      dismiss()
      return true
    default:
      return false
    }
  }

  override func handleMouse(_ event: MouseEvent) -> Bool { true }
}
