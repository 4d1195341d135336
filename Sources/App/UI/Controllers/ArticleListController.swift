import Foundation
import Reader
import ScreenKit

/// The list of a feed's articles (DESIGN §1, the tutorial's TopicsTableViewController), of the starred or
/// unread articles, of a tag's feeds, of a query feed, of a search, or of the Recent tab: titles wrapped
/// to three lines, unread ones emphasized, starred ones marked, a date column when the list is wide
/// enough; opening one goes through the session and `showDetail`.
///
/// Rows are read from the cache a page at a time as they come into view (light `ItemSummary` rows, never
/// bodies; filtered, searched and sorted in SQL), so a 100,000-article list opens as fast as a short one.
/// `F` limits the list by an expression, `S` cycles its sort and a search (`/`) narrows it to the
/// articles that match, whose words are marked in the titles.
@MainActor
final class ArticleListController: ListController {
  /// What the list shows (its title, empty text and scope are the source's).
  let source: ListSource
  let session: ReadingSession
  /// `/`: only the articles matching this, their words marked.
  private(set) var search: SearchQuery?
  /// `F`: only the articles matching this expression.
  private(set) var filter: FilterExpression?
  /// `S`: the order of the rows (`article-sort-order` to start with).
  private(set) var sort: ArticleSort
  var count = 0
  /// What the cache is asked for (nil for Recent), fixed when the count is read so pages match it.
  private(set) var scope: ItemScope?
  var pages: [Int: [ItemSummary]] = [:]
  static let pageSize = 200
  /// The most pages a list keeps read (past it, it keeps the pages beside the one it reads).
  static let keptPages = 64
  /// The list's count is being read in the background (a search's, a filter's, a query feed's): until it
  /// arrives the list holds its first page.
  private(set) var isCounting = false
  /// The article to select once the count arrives (it was past the first page when the rows were re-read).
  private var pendingSelection: Int64?
  /// `F` was answered while the count was being read: its notice waits for the count.
  private var announcesFilterCount = false
  /// The order is being read in the background (`readsInBackground`): the request whose answer brings
  /// the first page and the row of the article kept selected (`keeping`). The list says "Sorting…"
  /// until then.
  var sorting: (since: Int, keeping: Int64?)?
  /// Answers to requests from this one on are taken (earlier ones read an order or data since left).
  var readsSince = 0
  /// Pages asked in the background and not yet in.
  var pagesAsked: Set<Int> = []

  /// For a search's results, the title of the list searched (nil: every feed).
  let searchedTitle: String?

  /// The list of `source`, titled as the source says unless `title` is given (a search's results).
  init(
    source: ListSource, session: ReadingSession, title: String? = nil, search: SearchQuery? = nil,
    searchedTitle: String? = nil
  ) {
    self.source = source
    self.session = session
    self.search = search
    self.searchedTitle = searchedTitle
    self.sort = session.configuration.articleSort
    super.init()
    seenSelection = session.reading.revision
    self.title = title ?? source.title(in: session.feedList) ?? ""
    loadCount()
    if readsInBackground, let scope { startSorting(scope, keeping: nil) }
    reloadData()
  }

  convenience init(feed: CachedFeed, session: ReadingSession) {
    self.init(source: .feed(feed.id), session: session, title: feed.displayTitle)
  }

  var feedID: Int64? {
    if case .feed(let id) = source { return id }
    return nil
  }

  /// Whether `S`, `F` and `/` can narrow or order this list (`ListSource.isQueryable`).
  var isQueryable: Bool { source.isQueryable }

  /// The rows follow the feeds' data; Starred's follow the marks written too (`ListSource.followsMarks`),
  /// Recent's the articles opened.
  override var dataRevision: Int {
    session.dataRevision + (source.followsMarks ? session.marks.revision : 0)
      + (source == .recent ? session.reading.revision : 0)
  }

  /// The opening Recent last caught up with: it then selects the article opened.
  private var seenSelection = 0

  /// Reads the rows again when their data changed (`ListController.catchUp`); Recent then selects the
  /// article just opened, and a search's results take their count once it arrived in the background.
  @discardableResult
  override func catchUp() -> Bool {
    let opened = source == .recent && seenSelection != session.reading.revision
    if source == .recent { seenSelection = session.reading.revision }
    let refreshed = super.catchUp()
    if opened, let id = session.selected?.id { select(itemID: id) }
    if isCounting, let scope, let count = session.backgroundCounts.count(of: scope) { counted(count) }
    if let scope {
      for answer in session.backgroundCounts.takePages(of: scope, since: readsSince) { took(answer.pages, asked: answer.asked) }
    }
    return refreshed
  }

  /// What the cache is asked for, without the search, filter and sort of this list (the scope a search
  /// from here searches).
  var baseScope: ItemScope? { source.scope(hidesRead: session.marks.hidesRead) }

  private func loadCount() {
    pages.removeAll()
    pagesAsked.removeAll()
    sorting = nil
    isCounting = false
    guard var asked = baseScope else {
      scope = nil
      count = session.recent.items.count
      return
    }
    if case .feed(let id) = source, search == nil, let feed = session.feeds.first(where: { $0.id == id }),
      !feed.displayTitle.isEmpty
    {
      title = feed.displayTitle
    }
    asked.search = search
    asked.filter = filter
    asked.sort = sort
    scope = asked
    if search != nil || filter != nil || Self.isQuery(asked) {
      readFirstPage(of: asked)
      return
    }
    do {
      count = try session.cache.count(in: asked)
    } catch {
      session.status.notify(.failure("\(error)"))
      count = 0
    }
  }

  /// Whether the list is a query feed's: its count reads every article its expression tests (an
  /// author at a million articles: a third of a second), as a search's or a filter's does.
  private static func isQuery(_ scope: ItemScope) -> Bool {
    if case .query = scope.source { return true }
    return false
  }

  /// A search's results, a filtered list or a query feed's: the first page is read now and, when it is
  /// full, the count is read in the background (`.listCounted`), so the list shows without waiting for
  /// every article to be counted. Until it arrives the list ends after the first page.
  private func readFirstPage(of scope: ItemScope) {
    do {
      let first = try session.cache.items(in: scope, limit: Self.pageSize, offset: 0)
      pages[0] = first
      session.flags.take(first)
      count = first.count
      if first.count == Self.pageSize {
        isCounting = true
        session.backgroundCounts.count(scope, in: session.cache, events: session.events)
      }
    } catch {
      session.status.notify(.failure("\(error)"))
      count = 0
    }
  }

  /// `F`'s notice of how many articles match: now, or when the count read in the background arrives.
  func announceFilterCount() {
    if isCounting { announcesFilterCount = true } else { session.status.notify(.filtered(count: count)) }
  }

  /// The count of the list's articles arrived.
  private func counted(_ count: Int) {
    isCounting = false
    if announcesFilterCount {
      announcesFilterCount = false
      session.status.notify(.filtered(count: count))
    }
    guard count != self.count else { return }
    self.count = count
    reloadData()
    if let id = pendingSelection {
      pendingSelection = nil
      select(itemID: id)
    }
  }

  /// What the rows are read with (search, filter and sort included; nil for Recent).
  var listedScope: ItemScope? { scope }

  /// A new search text for these results (typing in the prompt): the rows are re-read, from the top.
  func setSearch(_ query: SearchQuery, title: String) {
    search = query
    self.title = title
    loadCount()
    reloadData()
    selectRow(0)
  }

  /// `F`: limits the rows to those matching `expression` (nil: all of them again), keeping the selection
  /// on the same article where it is still listed.
  func setFilter(_ expression: FilterExpression?) {
    filter = expression
    refresh()
  }

  /// `S`: the next sort order, keeping the selected article selected.
  func cycleSort() {
    sort = sort.next
    refresh(reordered: true)
  }

  /// The row at `index` (read from the cache on first sight of its page; in a list sorted in the
  /// background, asked for and nil until it arrives, unless `waiting`).
  func item(at index: Int, waiting: Bool = false) -> ItemSummary? {
    catchUp()
    guard index >= 0, index < count else { return nil }
    guard let scope else { return session.recent.items[index] }
    let page = index / Self.pageSize
    if pages[page] == nil, readsInBackground, !waiting {
      // While the order is read again, the rows shown are the earlier ones: no page of them is asked for.
      if sorting == nil { readInBackground(page: page, of: scope) }
      return nil
    }
    if pages[page] == nil {
      // Paging down reads on from the previous page's last row (an index seek); a jump (G, a
      // restored position) reads at its offset, from the list's nearer end.
      let previousLast = pages[page - 1].flatMap { $0.count == Self.pageSize ? $0.last : nil }
      if pages.count > Self.keptPages {
        let kept = pages[page - 1]
        pages.removeAll()
        pages[page - 1] = kept
      }
      let rows: [ItemSummary]?
      do {
        rows =
          if let previousLast {
            try session.cache.items(in: scope, limit: Self.pageSize, after: previousLast.id)
          } else {
            try session.cache.items(in: scope, limit: Self.pageSize, offset: page * Self.pageSize, of: count)
          }
      } catch {
        session.status.notify(.failure("\(error)"))
        rows = nil
      }
      pages[page] = rows ?? []
      session.flags.take(rows ?? [])
    }
    let rows = pages[page] ?? []
    let offset = index - page * Self.pageSize
    return offset < rows.count ? rows[offset] : nil
  }

  /// Re-reads the rows, keeping the selection on the same article.
  override func refresh() { refresh(reordered: false) }

  /// `refresh`; `reordered`: for a new order (`S`), whose kept article's row in a long list is a count
  /// of up to half the list in any order, read in the background too.
  ///
  /// The same order read again because the data under it changed (a reload's feeds, one after another)
  /// keeps the rows read before on screen until the new ones arrive, instead of "Sorting…" each time.
  private func refresh(reordered: Bool) {
    let selectedID = sorting?.keeping ?? item(at: selectedIndex)?.id
    let shown = (pages: pages, count: count)
    loadCount()
    if readsInBackground || (reordered && !isCounting && count > Self.pageSize), let scope {
      startSorting(scope, keeping: selectedID)
      if !reordered { (pages, count) = shown }
      return super.refresh()
    }
    super.refresh()
    if let selectedID, !select(itemID: selectedID), search != nil { pendingSelection = selectedID }
  }

  /// Moves the selection to article `itemID` (when it is in this list).
  @discardableResult
  func select(itemID: Int64) -> Bool {
    let index: Int?
    if let scope {
      do {
        index = try session.cache.position(ofItem: itemID, in: scope, of: isCounting ? nil : count)
      } catch {
        session.status.notify(.failure("\(error)"))
        index = nil
      }
    } else {
      index = session.recent.items.firstIndex { $0.id == itemID }
    }
    guard let index, index < count else { return false }
    selectRow(index)
    return true
  }

  // MARK: Triage

  /// `{` / `}`: every article above (below) the selected row becomes read, as one mark `u` undoes
  /// (`Marking`, the one writer of marks; the counts follow it).
  override func handle(_ key: Key) -> Bool {
    switch keyMap.action(for: key, in: .list) {
    case .markAboveRead: markRead(above: true)
    case .markBelowRead: markRead(above: false)
    default: return super.handle(key)
    }
    return true
  }

  /// The rows above or below the selection, read from the cache in the list's own order, filter and
  /// search (its scope), so what is marked is exactly what the list shows there. Below goes to the
  /// scope's end, not to `count`: a search's results hold their first page until their count arrives.
  private func markRead(above: Bool) {
    catchUp()
    let range = above ? 0..<min(selectedIndex, count) : min(selectedIndex + 1, count)..<count
    guard !range.isEmpty || (!above && isCounting) else { return session.status.notify(.nothingUnread) }
    guard let scope else { return session.marks.markRead(Array(session.recent.items[range])) }
    do {
      let rows = try session.cache.items(in: scope, limit: above ? range.count : -1, offset: range.lowerBound)
      session.flags.take(rows)
      session.marks.markRead(rows)
    } catch {
      session.status.notify(.failure("\(error)"))
    }
  }

  override var rowCount: Int {
    catchUp()
    return count
  }
  override func rowText(at index: Int) -> String {
    guard let title = item(at: index)?.title else { return pagesAsked.contains(index / Self.pageSize) ? "…" : "" }
    return title.isEmpty ? "(untitled)" : title
  }
  override func rowStyle(at index: Int, theme: Theme) -> Style {
    guard let item = item(at: index) else { return theme.list }
    return session.flags.isRead(item.id) ? theme.list : theme.unread
  }
  override func rowMark(at index: Int) -> String? {
    guard let item = item(at: index), session.flags.isStarred(item.id) else { return nil }
    return glyphs.star
  }
  /// The sort when it is not newest first, whether `F` limits the list, and whether read articles are
  /// hidden (Recent lists what was opened, read by definition: `U` leaves it alone). The sort comes
  /// first and is one word, so a narrow bar that keeps only the first word still shows it. A feed's
  /// list ends with what the poller remembers of it (`gone`, `waiting`, `moved`: DESIGN §8).
  override var titleMarker: String? {
    let feed = feedID.flatMap { id in session.feeds.first { $0.id == id } }
    let parts = [
      sort == .date ? nil : (sorting == nil ? "sort:" : "sorting:") + sort.rawValue, filter == nil ? nil : "filtered",
      scope?.unreadOnly == true && !source.isUnreadOnly ? "unread only" : nil, feed?.poll.marker(at: Date()),
    ].compactMap { $0 }
    return parts.isEmpty ? nil : parts.joined(separator: " ")
  }
  override var highlight: Highlight { Highlight(search?.highlightTerms ?? []) }
  override var highlightPlace: HighlightRule.Place? { .articlelist }
  /// The date column (DESIGN §1, "Dates in narrow lists"): whole from 40 columns, in its short form
  /// (`09:15`, `Mon`, `2 Mar`, `2024`) below, down to `shortDatesMinWidth`: every split's list (the
  /// primary is at least 24 columns, so an 80×24 split's 28-column list has one) and the stack of any
  /// terminal 24 columns wide keeps a date, and the title keeps at least 15 columns beside it.
  private var showsShortDates: Bool { frame.width < 40 }
  /// The narrowest list that still shows a date, the primary's least width (`primary-min-width`'s
  /// default): the short date and its gap take 7 of its columns. Narrower, three lines of title matter more.
  static let shortDatesMinWidth = 24
  override var accessoryWidth: Int { showsShortDates ? CompactDate.shortMaxWidth : CompactDate.maxWidth }
  override var accessoryMinWidth: Int { Self.shortDatesMinWidth }
  override func rowAccessory(at index: Int, theme: Theme) -> (text: String, style: Style)? {
    guard let date = item(at: index)?.date else { return nil }
    let text = CompactDate.string(date, now: Date(), timeZone: session.configuration.timeZone, short: showsShortDates)
    return (text, theme.list.adding(.dim))
  }
  override var emptyText: String {
    if sorting != nil { return "Sorting…" }
    let feed = feedID.flatMap { id in session.feeds.first { $0.id == id } }
    return source.emptyText(
      search: search, filtered: filter != nil, unreadOnly: scope?.unreadOnly == true, feed: feed, keyMap: keyMap)
  }

  /// This list's feed when its address gave a web page advertising feeds (the single-feed reader opens
  /// straight on it, so the offer starts here).
  private var pageOfferingFeeds: CachedFeed? {
    guard let id = feedID, let feed = session.feeds.first(where: { $0.id == id }), !feed.offeredFeeds.isEmpty
    else { return nil }
    return feed
  }

  override func didActivateEmptyList() {
    if let page = pageOfferingFeeds { show(OfferedFeedsController(page: page, session: session)) }
  }

  override func didActivateRow(at index: Int) {
    guard let item = item(at: index), let article = session.open(item) else { return }
    let detail = ArticleController(articleID: article.id, session: session, highlight: highlight)
    detail.openedFrom = self
    showDetail(detail)
    // `always-full-article`: the next articles of this list, the ones `J` opens, have their page fetched ahead.
    if session.reading.opensFullArticle(article) {
      session.reading.fetchPagesAhead((1...ArticlePages.ahead).compactMap { self.item(at: index + $0)?.id })
    }
  }
}
