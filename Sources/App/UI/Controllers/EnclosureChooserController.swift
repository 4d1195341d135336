import Reader
import ScreenKit
import TextLayout

/// `e` on an article with several enclosures: a centred box listing them; a digit, or Enter on the
/// highlighted one, opens it in the player. Modal like the help: other keys are swallowed.
@MainActor
final class EnclosureChooserController: Controller {
  let enclosures: [Enclosure]
  let session: ReadingSession
  private(set) var selectedIndex = 0

  init(enclosures: [Enclosure], session: ReadingSession) {
    self.enclosures = enclosures
    self.session = session
    super.init()
    title = "Enclosures"
  }

  private var lines: [String] {
    enclosures.enumerated().map { "\($0.offset + 1). " + TerminalText.sanitized(EnclosureDescription.text($0.element)) }
  }

  private var box: Rect {
    let width = min(frame.width, max(40, (lines.map { DisplayWidth.of($0) }.max() ?? 0) + 4))
    let height = min(frame.height, lines.count + 4)
    return Rect(
      x: frame.minX + (frame.width - width) / 2, y: frame.minY + (frame.height - height) / 2, width: width,
      height: height)
  }

  override func draw(in surface: inout Surface) {
    let inner = surface.drawBox(box).inset(left: 1, right: 1)
    surface.put(" Play which? ", at: Point(x: box.minX + 2, y: box.minY), style: .bold, clip: box)
    for (i, line) in lines.prefix(max(0, inner.height - 2)).enumerated() {
      let style = i == selectedIndex ? theme.selected(.plain) : .plain
      let row = Rect(x: inner.minX, y: inner.minY + i, width: inner.width, height: 1)
      if i == selectedIndex { surface.fill(row, style: style) }
      let shown = TextWrapper.truncate(line, width: inner.width, ellipsis: glyphs.ellipsis)
      surface.put(shown, at: row.origin, style: style, clip: inner)
    }
    surface.putCentered("1-9 or Enter plays, Esc closes", y: inner.maxY - 1, in: inner, style: .dim)
  }

  override func handle(_ key: Key) -> Bool {
    if case .character(let c) = key, let n = c.wholeNumberValue, enclosures.indices.contains(n - 1) {
      play(n - 1)
      return true
    }
    switch keyMap.action(for: key, in: .list) {
    case .moveDown: selectedIndex = min(enclosures.count - 1, selectedIndex + 1)
    case .moveUp: selectedIndex = max(0, selectedIndex - 1)
    case .open: play(selectedIndex)
    default:
      if [.back, .quit].contains(keyMap.action(for: key, in: .window)) { dismiss() }
    }
    return true
  }

  private func play(_ index: Int) {
    dismiss()
    session.outside.openMedia(enclosures[index].url)
  }

  override func handleMouse(_ event: MouseEvent) -> Bool {
    dismiss()
    return true
  }
}
