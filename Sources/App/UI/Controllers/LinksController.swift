import Reader
import ScreenKit
import TextLayout

/// `L` in an article (newsboat's `show-urls`): every link of the article (`ArticleLinks`) in a box over
/// the screen, a chooser in DESIGN §5's terms — it takes every key while it is open. Enter opens the
/// highlighted link in the browser, `y` copies its address (OSC 52, written by the terminal backend:
/// `Outside.copy`), Back/Esc/`q` closes. The box leaves the status line's row uncovered, so what `y`
/// and the browser say stays readable.
@MainActor
final class LinksController: Controller {
  let links: [ArticleLink]
  let session: ReadingSession
  private let list: ChoiceListController

  init(links: [ArticleLink], session: ReadingSession) {
    self.links = links
    self.session = session
    list = ChoiceListController(rows: links.map(\.row))
    super.init()
    title = "Links"
    list.onChoose = { [weak self] index in self?.open(index) }
    addChild(list)
  }

  override var focusedChild: Controller? { list }

  /// The box: as wide as the screen less a margin, as tall as the rows need, never over the last row.
  private var box: Rect {
    let room = max(0, frame.height - 1)
    let height = min(room, links.count + 4)
    let width = max(0, frame.width - 4)
    return Rect(x: frame.minX + (frame.width - width) / 2, y: frame.minY + (room - height) / 2, width: width, height: height)
  }

  override func layoutChildren() {
    list.frame = box.inset(top: 1, left: 1, bottom: 2, right: 1)
  }

  override func draw(in surface: inout Surface) {
    let box = self.box
    surface.drawBox(box)
    surface.put(" Links (\(links.count)) ", at: Point(x: box.minX + 2, y: box.minY), style: .bold, clip: box)
    let hint = "Enter opens, y copies the address, Esc closes"
    surface.putCentered(hint, y: box.maxY - 2, in: box.inset(left: 1, right: 1), style: .dim)
  }

  override func handle(_ key: Key) -> Bool {
    if keyMap.action(for: key, in: .popover) == .copyAddress {
      if links.indices.contains(list.selectedIndex) { session.outside.copy(links[list.selectedIndex].address) }
    } else if [.back, .quit].contains(keyMap.action(for: key, in: .window)) {
      dismiss()
    }
    return true
  }

  private func open(_ index: Int) {
    dismiss()
    session.outside.openInBrowser(links[index].address)
  }

  override func handleMouse(_ event: MouseEvent) -> Bool {
    if box.contains(event.point) { return list.handleMouse(event) }
    dismiss()
    return true
  }
}
