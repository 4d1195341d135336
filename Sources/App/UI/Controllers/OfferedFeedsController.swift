import Reader
import ScreenKit
import TextLayout

/// What opening a feed shows when its address turned out to be a web page that advertises feeds: the
/// fetch error, then the
/// advertised feed addresses as a list. Choosing one subscribes to it in the page's place
/// (`ReadingSession.subscribe`) and shows its articles where the page was; when the page's feed still
/// has articles cached from before it broke, a last row opens them. A user who typed a site's address
/// instead of its feed's is one Enter away from the feed, as in a browser's feed discovery.
@MainActor
final class OfferedFeedsController: Controller {
  let page: CachedFeed
  let session: ReadingSession
  private let list: ChoiceListController
  /// Rows above the list: the error, wrapped, and the prompt.
  private var header: [(text: String, isError: Bool)] = []

  init(page: CachedFeed, session: ReadingSession) {
    self.page = page
    self.session = session
    var rows = page.offeredFeeds
    if page.totalCount > 0 {
      rows.append("Show the \(Notice.counted(page.totalCount, "article")) cached before")
    }
    list = ChoiceListController(rows: rows)
    super.init()
    title = page.displayTitle
    list.onChoose = { [weak self] index in self?.choose(index) }
    addChild(list)
  }

  static let prompt = "Feeds it advertises (Enter subscribes in its place):"

  override var focusedChild: Controller? { list }

  override func layoutChildren() {
    let width = max(1, frame.width - 2)
    let error = page.lastError ?? "\(page.url) is a web page, not a feed."
    let errorLines = TextWrapper.lines(error, width: width, maxLines: max(1, frame.height / 3))
    let promptLines = TextWrapper.lines(Self.prompt, width: width, maxLines: 2)
    header = errorLines.map { ($0, true) } + [("", false)] + promptLines.map { ($0, false) }
    let rows = min(header.count + 1, max(0, frame.height - 1))
    list.frame = frame.dividedTop(rows).1
  }

  override func draw(in surface: inout Surface) {
    let area = frame.dividedTop(min(header.count + 1, max(0, frame.height - 1))).0
    surface.fill(area, style: theme.list)
    for (i, line) in header.enumerated() where i < area.height {
      let style = line.isError ? theme.error : theme.list
      surface.put(line.text, at: Point(x: area.minX + 1, y: area.minY + i), style: style, clip: area)
    }
  }

  private func choose(_ index: Int) {
    guard index < page.offeredFeeds.count else {
      show(ArticleListController(feed: page, session: session))
      return
    }
    guard let feed = session.subscribe(to: page.offeredFeeds[index], inPlaceOf: page),
      let navigation = navigationController
    else { return }
    navigation.pop()  // this list
    let articles = ArticleListController(feed: feed, session: session)
    if let pageList = navigation.top as? ArticleListController, pageList.feedID == page.id {
      navigation.replaceTop(with: articles)  // the single-feed reader opened on the page
    } else {
      if let feedList = navigation.top as? FeedListController {
        feedList.refresh()
        feedList.select(feedID: feed.id)
      }
      navigation.push(articles)
    }
  }
}

/// A plain list of text rows that reports the row chosen; the list part of `OfferedFeedsController` and
/// of the links view (`LinksController`).
@MainActor
final class ChoiceListController: ListController {
  let rows: [String]
  var onChoose: ((Int) -> Void)?

  init(rows: [String]) {
    self.rows = rows
    super.init()
    reloadData()
  }

  override var rowCount: Int { rows.count }
  override func rowText(at index: Int) -> String { rows[index] }
  override func didActivateRow(at index: Int) { onChoose?(index) }
}
