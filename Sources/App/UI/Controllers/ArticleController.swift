import Foundation
import Pixels
import Reader
import ScreenKit
import TextLayout

/// The detail pane (DESIGN §1, the tutorial's TutorialViewController): a title bar, a header (author and
/// date, the link, the enclosures), the article text scrolled by the keys, and a toolbar on its last line
/// whose left item follows the split's display mode and whose right item opens the publish-date popover.
/// With no item it is the placeholder: "No article selected", centred, with no toolbar.
///
/// The text is the feed's (content, else summary); `f` switches to the fetched page and back, both kept.
///
/// The article itself lives in the session (`selected`); this controller shows it while it is the one
/// selected. The reading place is a position in the text (`anchor`), not a line number: at any width the
/// line holding it comes first, so a resize or `t` keeps the same words at the top. The same instance
/// moves between the split's secondary and the navigation stack, carrying it.
@MainActor
final class ArticleController: Controller, SecondaryContent, PopoverPresentationDelegate {
  /// The article shown (nil: the placeholder).
  let articleID: Int64?
  let session: ReadingSession?
  let configuration: UIConfiguration
  var article: CachedArticle? {
    guard let articleID, let selected = session?.selected, selected.id == articleID else { return nil }
    return selected
  }
  var item: Item? { article?.item }
  /// The first line shown at the current width (worked out from `anchor` on each layout).
  private(set) var scrollOffset = 0
  /// Where the first line shown starts in the text: what is kept through resizes.
  private(set) var anchor = TextPosition()
  /// The line `]` / `[` last jumped to, as a place in the text (nil once the keys scroll elsewhere).
  private var matchAnchor: TextPosition?
  /// `f`: the fetched page rather than the feed's text (the page shows once it is there).
  private(set) var showsPage = false
  /// The rendered article (header and text), built once per text shown, and its lines at one width.
  private var styledText: (page: Bool, text: StyledText)?
  /// The lines at one width and pane height, pictures laid in, for one picture revision and `i` state.
  private var bodyCache: (key: BodyKey, body: ArticleBody)?
  private struct BodyKey: Equatable {
    var width: Int
    var height: Int
    var pictures: Int?
    var cellPixels: PixelSize?
    var output: Int
  }
  /// The `UserActions.revision` this pane last laid out.
  private var outputRevision = 0
  /// `i` turned pictures the other way from `inline-images` in this article.
  var picturesToggled = false
  /// The words of the search this article was opened from, marked in its text (`]`/`[` jump to them).
  let highlight: Highlight
  /// The list this article was opened from, which `J`, `K` and `n` move through (DESIGN §5); nil once
  /// that list has closed.
  weak var openedFrom: ArticleListController?

  static let displayModeItemID = "displayMode"
  static let publishDateItemID = "publishDate"

  /// The detail of the session's selected article `articleID` (nil: the placeholder).
  init(articleID: Int64?, session: ReadingSession?, highlight: Highlight = Highlight([])) {
    self.articleID = articleID
    self.session = session
    self.highlight = highlight
    self.configuration = session?.configuration ?? UIConfiguration()
    super.init()
    title = article.map { $0.item.title.isEmpty ? "(untitled)" : $0.item.title } ?? ""
    if let article, let session, session.reading.opensFullArticle(article) {
      showsPage = true
      if article.fullArticle == nil { session.reading.fetchFullArticle() }
    }
  }

  var isEmptyDetail: Bool { item == nil }
  var openedFromList: Controller? { openedFrom }

  // MARK: Geometry

  /// Inside a navigation stack the bar above shows the title, so no title bar of our own.
  private var showsTitleBar: Bool { item != nil && navigationController == nil }
  private var showsToolbar: Bool { item != nil }

  private var titleBarFrame: Rect { showsTitleBar ? frame.dividedTop(NavigationController.barHeight).0 : .zero }
  private var toolbarFrame: Rect { showsToolbar ? frame.dividedBottom(1).1 : .zero }
  /// The text's frame: the pane inside its margins, no wider than `text-width` (DESIGN §3a: a readable
  /// measure on a wide column; the text and its pictures are laid out to this width).
  var bodyFrame: Rect {
    let inside = frame.inset(
      top: showsTitleBar ? NavigationController.barHeight : 0, left: 1, bottom: showsToolbar ? 1 : 0, right: 1)
    let measure = configuration.textWidth
    guard measure > 0, inside.width > measure else { return inside }
    return Rect(x: inside.minX, y: inside.minY, width: measure, height: inside.height)
  }

  /// The toolbar for the current display mode (DESIGN §1): `◧ Hide list` while both panes show
  /// (`◧ Hide lists` beside both list columns, DESIGN §3a), `Articles` while the list is hidden or floating; no mode item when collapsed (the bar has `‹ Back`).
  /// Derived on each layout, so it always follows `willChangeTo(displayMode)`.
  func toolbar(glyphs: Glyphs = .unicode) -> Toolbar {
    var items: [ToolbarItem] = []
    if let split = splitController, !split.isCollapsed {
      let title =
        switch split.displayMode {
        case .allVisible: glyphs.hideList + " Hide list"
        case .twoBesideSecondary: glyphs.hideList + " Hide lists"
        default: "Articles"
        }
      items.append(.button(Self.displayModeItemID, title))
    }
    items += [.flexibleSpace, .button(Self.publishDateItemID, "Publish Date")]
    return Toolbar(items: items)
  }

  override func anchorFrame(for id: String) -> Rect? {
    guard showsToolbar else { return nil }
    return toolbar(glyphs: glyphs).frames(in: toolbarFrame).first { $0.id == id }?.frame
  }

  /// The placeholder's text: it says how to bring back a hidden list, which would be a dead end.
  private func placeholderText() -> [String] {
    guard let split = splitController, !split.isCollapsed, split.displayMode == .primaryHidden,
      let key = keyMap.keys(for: .toggleDisplayMode).first
    else { return ["No article selected"] }
    return ["No article selected"] + TextWrapper.lines("\(key) shows the list", width: max(1, frame.width - 2))
  }

  // MARK: Text

  /// The page is shown when asked for and fetched.
  var pageShown: Bool { showsPage && article?.fullArticle != nil }

  /// The header and the text wrapped to the body width, pictures laid in (cached per width, pane height
  /// and picture revision: a picture arriving lays the text out again, the reading place kept).
  func bodyLines() -> [StyledLine] { body().lines }

  private func body() -> ArticleBody {
    let images = picturesShown ? session?.pages.images : nil
    let key = BodyKey(
      width: max(1, bodyFrame.width), height: max(1, bodyFrame.height), pictures: images?.revision,
      cellPixels: pictureMode.placesPixels ? cellPixels : nil, output: session?.actions.revision ?? 0)
    if let cache = bodyCache, cache.key == key { return cache.body }
    var body = ArticleBody()
    if let output = shownOutput {
      body = ArticleBody.layout(
        Self.outputText(output), width: key.width, paneRows: key.height, cellPixels: nil, graphics: nil, picture: nil)
    } else if let article {
      let page = pageShown
      let text = styledText.flatMap { $0.page == page ? $0.text : nil } ?? ArticleHeader.text(
        of: article, page: page, timeZone: configuration.timeZone)
      styledText = (page, text)
      let refusing = session?.reading.refusesLocalLinks(of: article) ?? true
      body = ArticleBody.layout(
        text, width: key.width, paneRows: key.height, cellPixels: key.cellPixels,
        graphics: terminalDraws ? images.map { images in { self.picture(of: $0, fitting: $1, in: images) } } : nil,
        picture: images.map { images in
          {
            ArticleImages.isTracker($0)
              ? .skipped
              : images.state(of: $0.url, refusingLocal: self.session?.reading.refusesLocal($0.url, refusing: refusing) ?? true)
          }
        })
      if let images, pictureMode == .kitty { Self.giveKittyIDs(in: &body, from: images) }
    }
    bodyCache = (key, body)
    return body
  }

  /// The surface style for a run of the rendered article.
  static func style(for text: TextStyle) -> Style {
    var attributes: Style.Attributes = []
    if text.contains(.bold) || text.contains(.heading) { attributes.insert(.bold) }
    if text.contains(.italic) { attributes.insert(.italic) }
    if text.contains(.underline) || text.contains(.link) { attributes.insert(.underline) }
    if text.contains(.dim) || text.contains(.quote) || text.contains(.code) { attributes.insert(.dim) }
    return Style(attributes: attributes)
  }

  private var maxScrollOffset: Int { max(0, bodyLines().count - bodyFrame.height) }

  /// The line holding `anchor` at the current width: the last one starting at or before it.
  private func line(of anchor: TextPosition, in lines: [StyledLine]) -> Int {
    var low = 0
    var high = lines.count
    while low < high {
      let mid = (low + high) / 2
      if lines[mid].source <= anchor { low = mid + 1 } else { high = mid }
    }
    return max(0, low - 1)
  }

  /// Scrolls so line `offset` is at the top, and keeps its place in the text.
  func scroll(to offset: Int) {
    let lines = bodyLines()
    scrollOffset = min(max(0, offset), maxScrollOffset)
    anchor = scrollOffset < lines.count ? lines[scrollOffset].source : TextPosition()
  }

  /// The reading place as text: the words of the first line shown (tests, the end-to-end checks).
  /// The address of the picture whose rows or caption are on the pane's top line: what `o` opens instead
  /// of the article's link (docs/MANUAL.md "Pictures").
  var pictureAtTop: String? {
    guard let lines = bodyCache?.body.lines, scrollOffset < lines.count, let text = styledText?.text else { return nil }
    let block = lines[scrollOffset].source.block
    guard text.blocks.indices.contains(block), case .image(let reference) = text.blocks[block].kind else { return nil }
    return reference.url
  }
  var topLineText: String { bodyCache.flatMap { scrollOffset < $0.body.lines.count ? $0.body.lines[scrollOffset].text : nil } ?? "" }

  // MARK: Layout and drawing

  /// The text shown changed (the page arrived or `f` went back): it is rebuilt and read from the top.
  /// Then the lines are wrapped for this width and the anchor's line comes first. The title (this pane's
  /// bar, or the navigation bar above) carries the star of a starred article.
  override func layoutChildren() {
    if let article, let session {
      let plain = article.item.title.isEmpty ? "(untitled)" : article.item.title
      title = session.flags.isStarred(article.id) ? glyphs.star + " " + plain : plain
    }
    if let revision = session?.actions.revision, revision != outputRevision {
      outputRevision = revision  // the output came or went: read it, or the article again, from the top
      anchor = TextPosition()
      matchAnchor = nil
    }
    if let shown = styledText, shown.page != pageShown {
      styledText = nil
      bodyCache = nil
      anchor = TextPosition()
      matchAnchor = nil
    }
    let lines = bodyLines()
    scrollOffset = min(line(of: anchor, in: lines), maxScrollOffset)
  }

  override func draw(in surface: inout Surface) {
    surface.fill(frame)
    guard item != nil else {
      // Read as it is drawn: whether the list is hidden can change without this pane's frame changing.
      for (i, line) in placeholderText().enumerated() {
        surface.putCentered(line, y: frame.minY + frame.height / 2 + i, in: frame, style: .dim)
      }
      return
    }
    if showsTitleBar {
      let bar = titleBarFrame
      let shown = TextWrapper.truncate(title, width: max(0, bar.width - 2), ellipsis: glyphs.ellipsis)
      // The focused pane's title in the title-bar style, the other one's dim.
      surface.put(shown, at: Point(x: bar.minX + 1, y: bar.minY), style: hasFocus ? theme.titleBar : .dim, clip: bar)
      if bar.height > 1 { surface.drawRule(Rect(x: bar.minX, y: bar.minY + 1, width: bar.width, height: 1)) }
    }
    let body = bodyFrame
    let lines = bodyCache?.body.lines ?? []
    let offset = scrollOffset
    if body.height > 0, offset < lines.count {
      for (i, line) in lines[offset..<min(lines.count, offset + body.height)].enumerated() {
        var x = body.minX + line.indent
        let point = { (x: Int) in Point(x: x, y: body.minY + i) }
        if let shown = bodyCache?.body,
          drawGraphics(line: offset + i, of: shown, at: Point(x: x, y: body.minY + i), shown: offset..<offset + body.height, clip: body, in: &surface)
        {
          continue
        }
        if let cells = bodyCache?.body.pictures[offset + i] {
          Self.drawPicture(cells, x: x, y: body.minY + i, clip: body, in: &surface)
          continue
        }
        let ruleStyles = theme.highlightStyles(of: line.runs.map(\.text).joined(), in: .article)
        if highlight.isEmpty && ruleStyles == nil {
          for run in line.runs { x += surface.put(run.text, at: point(x), style: Self.style(for: run.style), clip: body) }
          continue
        }
        let runPieces = highlight.isEmpty
          ? line.runs.map { [(text: $0.text, isMatch: false)] } : highlight.pieces(ofRuns: line.runs.map(\.text))
        var offset = 0
        for (run, pieces) in zip(line.runs, runPieces) {
          let style = Self.style(for: run.style)
          for piece in pieces {
            let parts = ruleStyles.map { theme.highlightPieces(piece.text, base: style, styles: $0, offset: offset) }
              ?? [(piece.text, style)]
            for part in parts {
              x += surface.put(part.text, at: point(x), style: piece.isMatch ? theme.matched(part.style) : part.style, clip: body)
            }
            offset += piece.text.count
          }
        }
      }
    }
    toolbar(glyphs: glyphs).draw(in: toolbarFrame, style: theme.toolbar, surface: &surface)
  }

  // MARK: Keys and mouse

  override func handle(_ key: Key) -> Bool {
    if shownOutput != nil, keyMap.action(for: key, in: .article) == .fullArticle || keyMap.action(for: key, in: .window) == .back {
      session?.actions.hideOutput()
      return true
    }
    if let action = keyMap.action(for: key, in: .article), item != nil {
      let page = max(1, bodyFrame.height - 1)
      if action != .nextMatch && action != .previousMatch { matchAnchor = nil }
      switch action {
      case .moveDown: scroll(to: scrollOffset + 1)
      case .moveUp: scroll(to: scrollOffset - 1)
      case .pageDown: scroll(to: scrollOffset + page)
      case .pageUp: scroll(to: scrollOffset - page)
      case .first: scroll(to: 0)
      case .last: scroll(to: maxScrollOffset)
      case .fullArticle: toggleFullArticle()
      case .openEnclosure: openEnclosure()
      case .toggleImages: toggleImages()
      case .nextMatch: jumpToMatch(step: 1)
      case .previousMatch: jumpToMatch(step: -1)
      case .showUrls: showLinks()
      case .gotoUrl: askLinkNumber()
      default: return false
      }
      return true
    }
    if keyMap.action(for: key, in: .window) == .publishDate {
      return togglePublishDatePopover()
    }
    if keyMap.action(for: key, in: .window) == .openInBrowser, let address = pictureAtTop {
      session?.outside.openInBrowser(address)
      return true
    }
    return false
  }

  override func handleMouse(_ event: MouseEvent) -> Bool {
    matchAnchor = nil
    switch event.kind {
    case .scrollDown: scroll(to: scrollOffset + 3)
    case .scrollUp: scroll(to: scrollOffset - 3)
    case .press:
      let id = toolbar(glyphs: glyphs).item(at: event.point, in: toolbarFrame)
      if id == Self.displayModeItemID {
        splitController?.performDisplayModeAction()
      } else if id == Self.publishDateItemID {
        togglePublishDatePopover()
      }
    }
    return true
  }

  /// `]` / `[`: scrolls the next (previous) line holding a word of the search to the top, and says which
  /// match it is. The walk goes from the last match jumped to, not from the top line: near the end the
  /// text cannot scroll further, yet the matches below it are still the next ones.
  private func jumpToMatch(step: Int) {
    guard !highlight.isEmpty else {
      session?.status.notify(.noSearchHere)
      return
    }
    let lines = bodyLines()
    let matching = lines.indices.filter { highlight.matches(lines[$0].text) }
    let from = matchAnchor.map { line(of: $0, in: lines) } ?? scrollOffset
    guard let target = step > 0 ? matching.first(where: { $0 > from }) : matching.last(where: { $0 < from }) else {
      session?.status.notify(.noMoreMatches(below: step > 0))
      return
    }
    scroll(to: target)
    matchAnchor = lines[target].source
    // The notice below takes the pane's last row: a match on it would be hidden, so the text goes one
    // line further (the next layout clamps it, the pane one row shorter by then).
    if target >= scrollOffset + bodyFrame.height - 1, scrollOffset + 1 < lines.count {
      anchor = lines[scrollOffset + 1].source
    }
    let index = (matching.firstIndex(of: target) ?? 0) + 1
    session?.status.notify(.match(index, of: matching.count))
  }

  /// `f`: the extracted article and the feed's text in turn; the article is fetched the first time (and kept
  /// in the cache), and shows when it arrives. While it is not there (being fetched, or the page had no
  /// article) the feed's text shows and `f` asks again.
  private func toggleFullArticle() {
    guard let article, let session else { return }
    if pageShown {
      showsPage = false
    } else {
      showsPage = true
      if article.fullArticle == nil { session.reading.fetchFullArticle() }
    }
  }

  // MARK: Links

  /// The text shown (header and body) as the pane numbers its links, built if not yet drawn.
  var shownText: StyledText? {
    _ = body()
    return styledText?.text
  }
}
