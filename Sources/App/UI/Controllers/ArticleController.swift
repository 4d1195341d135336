import Foundation
import Reader
import ScreenKit
import TextLayout

/// The detail pane (SPEC §1, the tutorial's TutorialViewController): a title bar, the article text
/// scrolled by the keys, and a toolbar on its last line whose left item follows the split's display
/// mode and whose right item opens the publish-date popover. With no item it is the placeholder:
/// "No article selected", centred, with no toolbar.
///
/// The text is the article's full page text once fetched (`f`, or Enter on a summary-only article),
/// else its content, else its summary.
///
/// The article itself lives in the session (`selected`); this controller shows it while it is the one
/// selected. The scroll offset is kept as set (clamped only when drawn), so a resize that briefly leaves
/// less text room does not lose the reader's place; the same instance moves between the split's secondary
/// and the navigation stack, carrying it.
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
  private(set) var scrollOffset = 0
  /// The rendered article, built once (the HTML is parsed on first layout, not on every resize), and
  /// whether it was built from the fetched page.
  private var styledText: StyledText?
  private var renderedFullContent: Bool?
  private var bodyCache: (width: Int, lines: [StyledLine])?

  static let displayModeItemID = "displayMode"
  static let publishDateItemID = "publishDate"

  /// The detail of the session's selected article `articleID` (nil: the placeholder).
  init(articleID: Int64?, session: ReadingSession?) {
    self.articleID = articleID
    self.session = session
    self.configuration = session?.configuration ?? UIConfiguration()
    super.init()
    title = article.map { $0.item.title.isEmpty ? "(untitled)" : $0.item.title } ?? ""
  }

  var isEmptyDetail: Bool { item == nil }

  // MARK: Geometry

  /// Inside a navigation stack the bar above shows the title, so no title bar of our own.
  private var showsTitleBar: Bool { item != nil && navigationController == nil }
  private var showsToolbar: Bool { item != nil }

  private var titleBarFrame: Rect { showsTitleBar ? frame.dividedTop(NavigationController.barHeight).0 : .zero }
  private var toolbarFrame: Rect { showsToolbar ? frame.dividedBottom(1).1 : .zero }
  var bodyFrame: Rect {
    frame.inset(
      top: showsTitleBar ? NavigationController.barHeight : 0, left: 1, bottom: showsToolbar ? 1 : 0, right: 1)
  }

  /// The toolbar for the current display mode (SPEC §1): `◧ Hide list` while both panes show,
  /// `Articles` while the list is hidden or floating; no mode item when collapsed (the bar has `‹ Back`).
  /// Derived on each layout, so it always follows `willChangeTo(displayMode)`.
  func toolbar(glyphs: Glyphs = .unicode) -> Toolbar {
    var items: [ToolbarItem] = []
    if let split = splitController, !split.isCollapsed {
      let title = split.displayMode == .allVisible ? glyphs.hideList + " Hide list" : "Articles"
      items.append(.button(Self.displayModeItemID, title))
    }
    items += [.flexibleSpace, .button(Self.publishDateItemID, "Publish Date")]
    return Toolbar(items: items)
  }

  override func anchorFrame(for id: String) -> Rect? {
    guard showsToolbar else { return nil }
    return toolbar(glyphs: glyphs).frames(in: toolbarFrame).first { $0.id == id }?.frame
  }

  // MARK: Text

  /// The article text wrapped to the body width (cached per width): a byline, the link, then the HTML
  /// rendered by the reader's `StyledText`.
  func bodyLines() -> [StyledLine] {
    let width = max(1, bodyFrame.width)
    if let cache = bodyCache, cache.width == width { return cache.lines }
    var lines: [StyledLine] = []
    if let item {
      var meta: [String] = []
      if let author = item.author, !author.isEmpty { meta.append("By " + author) }
      if let link = item.link { meta.append(link) }
      for line in meta {
        lines += TextWrap.lines(line, width: width).map { StyledLine(runs: [StyledRun($0, .dim)]) }
      }
      if !meta.isEmpty { lines.append(StyledLine()) }
      let html = article?.fullContent ?? item.body ?? ""
      let text = styledText ?? StyledText(html: html, baseURL: item.link.flatMap(URL.init(string:)))
      styledText = text
      lines += text.wrap(width: width)
    }
    bodyCache = (width, lines)
    return lines
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

  func scroll(to offset: Int) { scrollOffset = min(max(0, offset), maxScrollOffset) }

  // MARK: Layout and drawing

  /// The fetched page replaces the feed's text, from the top; the lines are wrapped for this width. The
  /// title (this pane's bar, or the navigation bar above) carries the star of a starred article.
  override func layoutChildren() {
    if let article, let session {
      let plain = article.item.title.isEmpty ? "(untitled)" : article.item.title
      title = session.isStarred(article) ? glyphs.star + " " + plain : plain
    }
    let full = article?.fullContent != nil
    if renderedFullContent != full {
      if renderedFullContent != nil { scrollOffset = 0 }
      renderedFullContent = full
      styledText = nil
      bodyCache = nil
    }
    _ = bodyLines()
  }

  override func draw(in surface: inout Surface) {
    surface.fill(frame)
    guard let item else {
      surface.putCentered("No article selected", y: frame.minY + frame.height / 2, in: frame, style: .dim)
      return
    }
    if showsTitleBar {
      let bar = titleBarFrame
      let shown = TextWrap.truncate(TerminalText.sanitized(title), width: max(0, bar.width - 2), ellipsis: glyphs.ellipsis)
      surface.put(shown, at: Point(x: bar.minX + 1, y: bar.minY), style: theme.titleBar, clip: bar)
      if bar.height > 1 { surface.drawRule(Rect(x: bar.minX, y: bar.minY + 1, width: bar.width, height: 1)) }
    }
    let body = bodyFrame
    let lines = bodyCache?.lines ?? []
    let offset = min(scrollOffset, max(0, lines.count - body.height))
    if body.height > 0, offset < lines.count {
      for (i, line) in lines[offset..<min(lines.count, offset + body.height)].enumerated() {
        var x = body.minX + line.indent
        for run in line.runs {
          x += surface.put(run.text, at: Point(x: x, y: body.minY + i), style: Self.style(for: run.style), clip: body)
        }
      }
    }
    toolbar(glyphs: glyphs).draw(in: toolbarFrame, style: theme.toolbar, surface: &surface)
  }

  // MARK: Keys and mouse

  override func handle(_ key: Key) -> Bool {
    if let action = keyMap.action(for: key, in: .article), item != nil {
      let page = max(1, bodyFrame.height - 1)
      switch action {
      case .moveDown: scroll(to: scrollOffset + 1)
      case .moveUp: scroll(to: min(scrollOffset, maxScrollOffset) - 1)
      case .pageDown: scroll(to: scrollOffset + page)
      case .pageUp: scroll(to: min(scrollOffset, maxScrollOffset) - page)
      case .first: scroll(to: 0)
      case .last: scroll(to: maxScrollOffset)
      case .fullArticle: fetchFullArticle()
      default: return false
      }
      return true
    }
    if keyMap.action(for: key, in: .window) == .publishDate {
      return togglePublishDatePopover()
    }
    return false
  }

  override func handleMouse(_ event: MouseEvent) -> Bool {
    switch event.kind {
    case .scrollDown: scroll(to: scrollOffset + 3)
    case .scrollUp: scroll(to: min(scrollOffset, maxScrollOffset) - 3)
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

  /// `f` / Enter: the article's page text, fetched once and kept in the cache.
  private func fetchFullArticle() {
    guard article != nil else { return }
    session?.fetchFullArticle()
  }

  // MARK: Popover (SPEC §4)

  /// `p`: presents the publish-date popover anchored to the toolbar item, or closes it.
  @discardableResult
  func togglePublishDatePopover() -> Bool {
    guard let item else { return false }
    if presentedController is PopoverController {
      dismiss()
      return true
    }
    let content = PopoverController(publishDateOf: item, timeZone: configuration.timeZone)
    let presentation = PopoverPresentation(
      anchorID: Self.publishDateItemID, preferredContentSize: content.preferredContentSize)
    presentation.delegate = self
    content.presentation = presentation
    present(content, style: .popover(presentation))
    return true
  }

  /// The presenting controller is the popover's delegate and keeps it floating (`none`) unless the
  /// configuration asks for full screen — the tutorials' point.
  func adaptivePresentationStyle(for presentation: PopoverPresentation, traitCollection: TraitCollection)
    -> AdaptivePresentationStyle
  {
    configuration.popoverStyle
  }
}
