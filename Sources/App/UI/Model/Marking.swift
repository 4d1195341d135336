import Reader

/// This run's marks: it owns the flag store (`ArticleFlags`), the unread-only filter, the undo stack and
/// the mark writer, and keeps every count right as marks are made, undone and written (`N`, `A`, `C`,
/// `s`, `u`, `U`: docs/ARCHITECTURE.md, "A mark, from key to count").
@MainActor
public final class Marking {
  private let cache: Cache
  private let feedList: FeedList
  private let board: StatusBoard
  private let events: EventQueue
  /// The read and starred flags every view shows (the one store of them).
  public let flags = ArticleFlags()
  /// Lists show only unread articles, and the feed list only feeds with unread articles (`U`,
  /// `show-read-articles`).
  public internal(set) var hidesRead: Bool
  var undoStack = UndoStack()
  /// Writes marks and openings to the cache in order, off the main thread.
  let writer: MarkWriter
  /// Bumped when a batch of marks is written: lists read from the marks in the cache (Starred) re-read
  /// their rows.
  public private(set) var revision = 0

  init(cache: Cache, events: EventQueue, feedList: FeedList, board: StatusBoard, hidesRead: Bool) {
    self.cache = cache
    self.feedList = feedList
    self.board = board
    self.events = events
    self.hidesRead = hidesRead
    writer = MarkWriter(cache: cache, events: events)
  }

  /// The writer's acknowledgement (`.marksWritten`): the next batch starts, the flag store takes the
  /// cache's flags of what was written (`ArticleFlags.written`), and the counts are read again.
  func apply(_ event: Event) {
    if case .queryFeedsCounted(let found) = event { return feedList.queryCountArrived(found, flags: flags) }
    guard case .marksWritten = event else { return }
    writer.batchWritten()
    var written = ArticleFlags.Written()
    do {
      written = try flags.written(through: writer.written, in: cache)
    } catch {
      board.fail(error)
    }
    recount(full: written.wholeFeeds, feeds: written.feeds)
    revision += 1
  }

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
      board.fail(error)
    }
  }

  /// `A` on a feed, `C` (nil: every feed): their unread articles, up to the newest now, become read.
  /// Nothing is read article by article on the key's path: the mark is a range (`WholeFeeds`) its writer
  /// finds the articles of, after the marks before it are written, and lists for `u`.
  func markFeedsRead(_ feedIDs: [Int64]?) {
    let feeds = feedIDs.map(Set.init)
    let count = feeds.map { ids in feedList.feeds.filter { ids.contains($0.id) }.reduce(0) { $0 + $1.unreadCount } } ?? feedList.unreadCount
    guard count > 0 else { return board.line.notify(.nothingUnread) }
    let through: Int64
    do {
      through = try cache.newestItemID()
    } catch {
      return board.fail(error)
    }
    record(Mark(flag: .read, items: [], value: true, whole: WholeFeeds(feeds: feeds, through: through, count: count)))
    board.line.notify(.markedRead(count: count))
  }

  private func recordRead(_ items: [MarkedItem]) {
    guard !items.isEmpty else { return board.line.notify(.nothingUnread) }
    record(Mark(flag: .read, items: items, value: true))
    board.line.notify(.markedRead(count: items.count))
  }

  /// `u`: undoes the last mark, giving its articles back the flag they had.
  func undo() {
    guard let mark = undoStack.pop() else { return board.line.notify(.nothingToUndo) }
    if let whole = mark.whole {
      // Its writer stops if still at work; what it made read is made unread, article by article, and
      // the query feeds are counted again without the range.
      flags.drop(whole)
      let reversal = Mark(flag: .read, items: whole.written.stop(), value: false)
      setRead(false, reversal.items, by: .mark(reversal))
      recount(full: true, feeds: whole.feeds)
      return board.line.notify(.undone(.read, value: true, count: whole.count))
    }
    perform(mark.reversed)
    board.line.notify(.undone(mark.flag, value: mark.value, count: mark.items.count))
  }

  private func record(_ mark: Mark) {
    perform(mark)
    undoStack.push(mark)
  }

  /// Hands the mark to the writer and lays it over the cache until it is written; the counts are read
  /// again with it (derived, never patched: docs/ARCHITECTURE.md, "A mark, from key to count").
  private func perform(_ mark: Mark) {
    if let whole = mark.whole {
      // The query feeds cannot follow a range article by article: counted again with it laid over
      // (and again once it is written).
      flags.setRead(whole, write: writer.enqueue(.mark(mark)))
      return recount(full: true, feeds: whole.feeds)
    }
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
      try feedList.willMark(items, flags: flags, in: cache)
    } catch {
      board.fail(error)
    }
    flags.setRead(value, items, write: writer.enqueue(write))
  }

  /// Reads every count again: the cache's, corrected for the marks not yet written; `full` counts the
  /// query feeds again too (at start and after a reload or sync; marks follow without it), off the main
  /// thread: `.queryFeedsCounted` brings them back. `feeds` limits the feeds' counts to those a mark
  /// touched (the rest are as last read; Starred is always read).
  func recount(full: Bool = false, feeds: Set<Int64>? = nil) {
    let asked: QueryCount?
    do {
      asked = try feedList.recount(from: cache, flags: flags, full: full, only: full ? nil : feeds)
    } catch {
      return board.fail(error)
    }
    guard let asked else { return }
    let (cache, events) = (cache, events)
    Task.detached {
      do {
        events.post(.queryFeedsCounted(try asked.run(in: cache)))
      } catch {
        events.post(.failure("\(error)"))
      }
    }
  }

  /// The lists are about to read their rows again (the session's `dataRevision`): the flag store forgets
  /// the flags of the articles nothing else shows (`shown`: Recent, the open article) or counts (the
  /// query feeds' marks), and reads those again.
  func forgetFlags(keeping shown: Set<Int64>) {
    do {
      try flags.forget(keeping: shown.union(feedList.markedSinceCount), in: cache)
    } catch {
      board.fail(error)
    }
  }

  /// `U`: lists hide read articles and feeds with nothing unread, or show them again (the filter is SQL:
  /// the session has the lists read their rows again).
  func toggleShowRead() {
    hidesRead.toggle()
  }
}
