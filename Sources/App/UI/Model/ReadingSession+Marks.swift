import Reader
import ScreenKit

/// Marks by hand (`N`, `A`, `C`, `s`, `u`) and the unread-only filter (`U`): each mark changes the read
/// state or the stars, the counts and the undo stack at once, and goes to the cache writer.
extension ReadingSession {
  // MARK: Marks

  /// `N`: the article becomes unread when it is read, read when it is not.
  func toggleRead(_ item: MarkedItem) {
    record(Mark(flag: .read, items: [item], value: !flags.isRead(item.id)))
  }

  /// `s`: stars the article, or takes its star away.
  func toggleStar(_ item: MarkedItem) {
    record(Mark(flag: .starred, items: [item], value: !flags.isStarred(item.id)))
  }

  /// `A` on a list that is not one feed (Recent, Starred): its unread articles become read.
  func markRead(_ items: [ItemSummary]) {
    let unread = items.filter { !flags.isRead($0.id) }.map(MarkedItem.init)
    recordRead(unread)
  }

  /// `A` on a list that is not one whole feed (Starred, a tag, a query feed, a search's results): the
  /// unread articles it lists become read.
  func markRead(in scope: ItemScope) {
    var unread = scope
    unread.unreadOnly = true
    do {
      let rows = try cache.items(in: unread)
      flags.take(rows)
      markRead(rows)
    } catch {
      status.notify(.failure("\(error)"))
    }
  }

  /// `A` on a feed, `C` (nil: every feed): their unread articles become read. The articles are read from
  /// the cache first, so `u` can make exactly these unread again.
  func markFeedsRead(_ feedIDs: [Int64]?) {
    let found: [(id: Int64, feedID: Int64)]
    do {
      found = try cache.unreadItems(feedIDs: feedIDs)
    } catch {
      status.notify(.failure("\(error)"))
      return
    }
    // The cache may lag behind this run's marks: what this run made read is read already, and what it
    // made unread is unread.
    var items = found.filter { !flags.isMadeRead($0.id) }.map { MarkedItem(id: $0.id, feedID: $0.feedID) }
    let listed = Set(items.map(\.id))
    items += flags.madeUnread(inFeeds: feedIDs.map(Set.init)).filter { !listed.contains($0.id) }
    recordRead(items)
  }

  private func recordRead(_ items: [MarkedItem]) {
    guard !items.isEmpty else {
      status.notify(.nothingUnread)
      return
    }
    record(Mark(flag: .read, items: items, value: true))
    status.notify(.markedRead(count: items.count))
  }

  /// `u`: undoes the last mark, giving its articles back the flag they had.
  func undo() {
    guard let mark = undoStack.pop() else {
      status.notify(.nothingToUndo)
      return
    }
    apply(mark.reversed)
    status.notify(.undone(mark.flag, value: mark.value, count: mark.items.count))
  }

  private func record(_ mark: Mark) {
    apply(mark)
    undoStack.push(mark)
  }

  /// Hands the mark to the writer and lays it over the cache until it is written; the counts are read
  /// again with it (derived, never patched: docs/ARCHITECTURE.md, "A mark, from key to count").
  private func apply(_ mark: Mark) {
    switch mark.flag {
    case .read: setRead(mark.value, mark.items, by: .mark(mark))
    case .starred: flags.setStarred(mark.value, mark.items.map(\.id), write: writer.enqueue(.mark(mark)))
    }
    // A star changes only the Starred count, which every recount reads.
    recount(feeds: mark.flag == .read ? Set(mark.items.map(\.feedID)) : [])
  }

  /// Gives `items` read flag `value` until `write` is done. The query feeds' counts note the flags
  /// the articles had first, before the write can land.
  func setRead(_ value: Bool, _ items: [MarkedItem], by write: MarkWriter.Write) {
    do {
      try feedList.willMark(items, flags: flags, in: cache, queries: queryFeeds.map(\.expression))
    } catch {
      status.notify(.failure("\(error)"))
    }
    flags.setRead(value, items, write: writer.enqueue(write))
  }

  /// Reads every count again: the cache's, corrected for the marks not yet written; `full` counts the
  /// query feeds again too (at start and after a reload or sync; marks follow without it). `feeds`
  /// limits the feeds' counts to those a mark touched (the rest are as last read; Starred is always read).
  func recount(full: Bool = false, feeds: Set<Int64>? = nil) {
    do {
      try feedList.recount(
        from: cache, flags: flags,
        queries: full ? queryFeeds.map(\.expression) : nil, only: full ? nil : feeds)
    } catch {
      status.notify(.failure("\(error)"))
    }
  }

  /// A batch of marks is in the cache: their overlays go and the flag store takes the cache's flags of
  /// those articles (`ArticleFlags.written`); lists read from the marks (Starred) re-read their rows on
  /// `marksRevision`.
  func marksWritten() {
    var feeds: Set<Int64> = []
    do {
      feeds = try flags.written(through: writer.written, in: cache)
    } catch {
      status.notify(.failure("\(error)"))
    }
    recount(feeds: feeds)
    marksRevision += 1
  }

  /// The lists are about to read their rows again (`dataRevision`): the flag store forgets the flags of
  /// the articles nothing else shows (Recent, the open article) or counts (the query feeds' marks), and
  /// reads those again.
  func forgetUnshownFlags() {
    var kept = Set(recent.items.map(\.id)).union(feedList.markedSinceCount)
    if let id = selected?.id { kept.insert(id) }
    do {
      try flags.forget(keeping: kept, in: cache)
    } catch {
      status.notify(.failure("\(error)"))
    }
  }

  // MARK: Quit (the question, with confirm-exit, is the container's)

  /// Ends the reader: the run loop stops once this turn is drawn.
  func quit() {
    quitRequested = true
  }

  /// Called by the run loop once the terminal is given back, before the process ends: the marks not
  /// yet in the cache are written (`MarkWriter.finishBeforeExit`), and the heavy lane's waiting work is
  /// dropped (`HeavyWork.cancelAll`). A sync, reload or indexing still
  /// running is left: each commits in transactions of its own and the next run goes on from the last.
  public func finishBeforeExit() {
    heavy.cancelAll()  // no page is extracted, no picture decoded, past the quit
    writer.finishBeforeExit()
  }

  // MARK: Unread only

  /// `U`: lists hide read articles and feeds with nothing unread, or show them again. Lists re-read their
  /// rows (the filter is SQL), keeping their selection where it is still listed.
  func toggleShowRead() {
    hidesRead.toggle()
    dataRevision += 1
  }
}
