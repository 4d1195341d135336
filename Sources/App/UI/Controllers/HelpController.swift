import Reader
import ScreenKit
import TextLayout

/// The `?` overlay (SPEC §5): every binding of the `KeyMap`, generated from it so it never drifts. It is
/// presented full screen but draws a centred box, and it is modal: keys other than the closing ones
/// scroll it or are swallowed.
@MainActor
final class HelpController: Controller {
  let lines: [String]
  private var offset = 0

  init(keyMap: KeyMap = .standard) {
    lines = keyMap.helpLines + ["", "Esc, q or ? closes this help."]
    super.init()
    title = "Keys"
  }

  private var box: Rect {
    let width = min(frame.width, max(40, (lines.map { DisplayWidth.of($0) }.max() ?? 0) + 4))
    let height = min(frame.height, lines.count + 2)
    return Rect(
      x: frame.minX + (frame.width - width) / 2, y: frame.minY + (frame.height - height) / 2, width: width,
      height: height)
  }

  override func draw(in surface: inout Surface) {
    let inner = surface.drawBox(box).inset(left: 1, right: 1)
    surface.put(" Keys ", at: Point(x: box.minX + 2, y: box.minY), style: .bold, clip: box)
    offset = min(offset, max(0, lines.count - inner.height))
    for (i, line) in lines.dropFirst(offset).prefix(inner.height).enumerated() {
      let heading = !line.hasPrefix(" ") && !line.isEmpty
      surface.put(line, at: Point(x: inner.minX, y: inner.minY + i), style: heading ? .bold : .plain, clip: inner)
    }
  }

  override func handle(_ key: Key) -> Bool {
    switch keyMap.action(for: key, in: .window) {
    case .help, .quit, .back: dismiss()
    default:
      switch keyMap.action(for: key, in: .list) {
      case .moveDown: offset += 1
      case .moveUp: offset = max(0, offset - 1)
      default: break
      }
    }
    return true
  }

  override func handleMouse(_ event: MouseEvent) -> Bool {
    dismiss()
    return true
  }
}
