import Reader

/// A long list in an order no index serves (title, author: `ArticleSort.walksAnIndex`) is read off the
/// main thread: each page of it reads and sorts every article the list holds (a second or more at a
/// million), so `S`, a page further down, `G` and a refresh would hold every key that long. Its first
/// page and the row of the article kept selected arrive through the one door (`.listPagesRead`); the
/// list says "Sorting…" until then, and a page not yet read shows blank rows until it comes
/// (docs/DECISIONS.md, "Sorting a million, bounded").
extension ArticleListController {
  /// Whether this list's pages are read in the background: its order walks no index and it is longer
  /// than a page (a page or less is as cheap to sort as to read). A list still counting (a search's, a
  /// filter's, a query feed's) holds its first page, read as before, until its count arrives.
  var readsInBackground: Bool {
    guard let scope, !isCounting else { return false }
    return !scope.sort.walksAnIndex && count > Self.pageSize
  }

  /// Asks for `scope`'s first page and the row of `keeping`; until they arrive the list shows no rows.
  func startSorting(_ scope: ItemScope, keeping itemID: Int64?) {
    let asked = session.backgroundCounts.read(
      scope, keeping: itemID, wanted: [0], pageSize: Self.pageSize, count: count, in: session.cache,
      events: session.events, ordering: true)
    sorting = (asked, itemID)
    readsSince = asked
    pagesAsked = [0]
    count = 0
  }

  /// Asks for page `page` once; its rows are blank until it arrives.
  func readInBackground(page: Int, of scope: ItemScope) {
    guard pagesAsked.insert(page).inserted else { return }
    _ = session.backgroundCounts.read(
      scope, keeping: nil, wanted: [page], pageSize: Self.pageSize, count: count, in: session.cache,
      events: session.events)
  }

  /// Pages read in the background arrived: their rows are shown and, for the order's first answer, the
  /// count taken and the kept article selected (the first row when it is no longer listed).
  func took(_ read: ListPages, asked: Int) {
    if let sorting, asked >= sorting.since {
      pages.removeAll()  // the rows shown while the order was read again (`refresh`) are the earlier ones
    } else if pages.count + read.pages.count > Self.keptPages {
      // At most `keptPages` pages, as when they are read on the main thread: those beside the selection stay.
      let selected = selectedIndex / Self.pageSize
      pages = pages.filter { abs($0.key - selected) <= 1 }
    }
    for (page, rows) in read.pages {
      pages[page] = rows
      pagesAsked.remove(page)
      session.flags.take(rows)
    }
    guard let sorting, asked >= sorting.since else { return reloadData() }
    self.sorting = nil
    count = read.count
    reloadData()
    selectRow(read.position ?? 0)
  }
}
