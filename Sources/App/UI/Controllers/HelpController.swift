import Reader
import ScreenKit
import TextLayout

/// A modal box of text over the screen: the `?` overlay (DESIGN §5), every binding of the `KeyMap`,
/// generated from it so it never drifts, and the `E` list of failed feeds. It is presented full screen
/// but draws a centred box; keys other than the closing ones scroll it or are swallowed. Lines wider
/// than the box wrap, keeping their indent.
@MainActor
final class HelpController: Controller {
  let lines: [String]
  /// `lines` wrapped to the box (layout).
  private var shown: [String] = []
  private var offset = 0

  init(title: String, lines: [String]) {
    self.lines = lines
    super.init()
    self.title = title
  }

  convenience init(keyMap: KeyMap = .standard) {
    self.init(title: "Keys", lines: keyMap.helpLines + ["", "Esc, q or ? closes this help."])
  }

  /// The box's width: the longest line and its margins, at least 40 columns, at most the screen.
  private var boxWidth: Int { min(frame.width, max(40, (lines.map { DisplayWidth.of($0) }.max() ?? 0) + 4)) }

  private var box: Rect {
    let height = min(frame.height, shown.count + 2)
    return Rect(
      x: frame.minX + (frame.width - boxWidth) / 2, y: frame.minY + (frame.height - height) / 2, width: boxWidth,
      height: height)
  }

  /// Wraps each line to the text's width inside the box (its borders and a column of margin each side).
  override func layoutChildren() {
    let width = max(1, boxWidth - 4)
    shown = lines.flatMap { Self.wrap($0, width: width) }
    offset = min(offset, max(0, shown.count - max(0, box.height - 2)))
  }

  /// A line wider than `width` wraps under its own text: a key row's summary under the summary column
  /// (the text after the first gap of two spaces), so the keys stay a column of their own; any other
  /// line two columns in from its indent.
  static func wrap(_ line: String, width: Int) -> [String] {
    guard DisplayWidth.of(line) > width else { return [line] }
    let indent = line.prefix { $0 == " " }
    let rest = line.dropFirst(indent.count)
    if let gap = rest.range(of: "  "), let start = rest[gap.upperBound...].firstIndex(where: { $0 != " " }) {
      let head = String(line[..<start])
      let column = DisplayWidth.of(head)
      if column <= width / 2 {
        let parts = TextWrapper.lines(String(line[start...]), width: width - column)
        let pad = String(repeating: " ", count: column)
        return parts.enumerated().map { (i, part) in (i == 0 ? head : pad) + part }
      }
    }
    let parts = TextWrapper.lines(String(rest), width: max(1, width - indent.count - 2))
    return parts.enumerated().map { (i, part) in indent + (i == 0 ? "" : "  ") + part }
  }

  override func draw(in surface: inout Surface) {
    let inner = surface.drawBox(box).inset(left: 1, right: 1)
    surface.put(" \(title) ", at: Point(x: box.minX + 2, y: box.minY), style: .bold, clip: box)
    for (i, line) in shown.dropFirst(offset).prefix(inner.height).enumerated() {
      let heading = !line.hasPrefix(" ") && !line.isEmpty
      surface.put(line, at: Point(x: inner.minX, y: inner.minY + i), style: heading ? .bold : .plain, clip: inner)
    }
  }

  override func handle(_ key: Key) -> Bool {
    switch keyMap.action(for: key, in: .window) {
    case .help, .quit, .back, .showErrors: dismiss()
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
