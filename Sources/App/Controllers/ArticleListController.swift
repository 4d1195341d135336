import Reader

/// The primary list of articles (the tutorial's TopicsTableViewController, SPEC §1).
@MainActor
final class ArticleListController: Controller {
  let feed: Feed
  private(set) var selectedIndex = 0

  init(feed: Feed) {
    self.feed = feed
    super.init()
    title = feed.title
  }

  override func draw(in surface: inout Surface) {
    surface.fill(frame)
    surface.put(" " + feed.title, at: frame.origin, style: .bold, clip: frame)
    for (row, item) in feed.items.prefix(max(0, frame.height - 1)).enumerated() {
      let y = frame.minY + 1 + row
      let style: Style = row == selectedIndex ? .reverse : .plain
      surface.fill(Rect(x: frame.minX, y: y, width: frame.width, height: 1), style: style)
      surface.put(" " + item.title, at: Point(x: frame.minX, y: y), style: style, clip: frame)
    }
  }

  override func handle(_ key: Key) -> Bool {
    switch key {
    case .character("j"), .down:
      selectedIndex = min(selectedIndex + 1, max(0, feed.items.count - 1))
      return true
    case .character("k"), .up:
      selectedIndex = max(selectedIndex - 1, 0)
      return true
    default:
      return false
    }
  }
}
