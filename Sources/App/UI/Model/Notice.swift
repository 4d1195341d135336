import Foundation
import ScreenKit
import Reader

/// One thing the status line says (DESIGN §1, "The status line"), as the facts it is about: counts, a
/// feed's title, a key, an error's own words. The UI and the session post a `Notice`; its English is made
/// here and only here, with one plural rule (`Notice.counted`), so a sentence is changed, tested
/// (the table in NoticeTests) and kept consistent in one place, and no controller composes one.
///
/// Whether it shows as an error is a fact of the notice too (`isError`), not of the call that posted it.
public enum Notice: Sendable {
  // MARK: Work in progress (`StatusLine.progress`, `StatusLine.indexing`)

  /// `Reloading 3/12…`.
  case reloading(done: Int, total: Int)
  /// `Syncing…`, then the sync's own progress line (`SyncProgress.text`, `Reloading 1/2…` for its
  /// local feeds) as the sync reports it.
  case syncing(progress: String?)
  /// `f`: the open article's page being fetched.
  case fetching(URL)
  /// The search indexer's progress (`Indexing`).
  case indexing(indexed: Int, total: Int)

  // MARK: A run's summary (`StatusLine.summary`)

  /// A reload ended: what it brought and what failed; `errorsKey` lists the failures (`E`).
  case reloaded(ReloadReport, errorsKey: String)
  /// A sync ended (with its local feeds' reload, if any).
  case synced(SyncRun, errorsKey: String)

  // MARK: Errors

  /// A failure in the words of the error that says it (the cache's, a fetch's, a program's): nothing
  /// to add to them.
  case failure(String)
  /// The problems found at start-up (config and urls lines): the first, and how many more `errorsKey` lists.
  case startupProblems(first: String, count: Int, errorsKey: String)
  case articleGone
  case readOnlyCache(ReadOnlyRefusal)
  case noLink
  /// `f` on an article whose link is not an http or https address.
  case noWebPage
  /// The page was fetched, but holds no article: the feed's text stays.
  case noArticleOnPage
  /// The page was fetched, but its article could not be extracted (`reason`: the extractor's error).
  case pageNotExtracted(reason: String)
  /// The article's page could not be fetched (`reason`: the fetch's error).
  case pageNotFetched(reason: String)
  /// A send of marks failed (`reason`): `pending` of them wait for the next sync.
  case marksKept(reason: String, pending: Int)
  /// The login check at start-up failed.
  case loginFailed(reason: String)
  /// `address` (chosen from a web page's advertised feeds) could not be added to the cache.
  case notAdded(address: String)

  // MARK: Answers to a key

  case reloadRunning
  /// `r` where nothing can be reloaded; `reloadAllKey` reloads every feed.
  case nothingToReload(reloadAllKey: Key?)
  case alreadySubscribed(address: String, page: String)
  /// `address` replaced `page` on line `line` of the urls file `file`.
  case subscribed(address: String, inPlaceOf: String, line: Int, file: String)
  /// `page` came from the command line: `address` shows for this run only.
  case subscribedForSession(address: String, inPlaceOf: String)
  /// The indexer caught up after a search said what it had not searched.
  case searchCaughtUp
  /// The server answered again after failed sends: `sent` kept marks reached it.
  case serverAnsweredAgain(sent: Int)
  case nothingUnread
  /// `A`, `C`: `count` articles made read.
  case markedRead(count: Int)
  case nothingToUndo
  /// `u` undid a mark of `flag` to `value` on `count` articles.
  case undone(Mark.Flag, value: Bool, count: Int)
  /// `T` with no tag selected.
  case selectTagFirst(key: Key)
  /// `]` / `[` in an article not opened from a search.
  case noSearchHere
  /// The macro prefix was pressed: the keys that name a macro.
  case macroPrefix(keys: [Key])
  /// The key after the macro prefix names no macro.
  case noMacro(Key)
  /// `W` where no search's results are listed.
  case noSearchToSave(searchKey: Key?)
  /// `W`: the search is a query feed now, on `line` of `file` (nil: for this session only).
  case searchSaved(title: String, line: Int?, file: String?)
  case noMoreMatches(below: Bool)
  /// `]` / `[`: the match jumped to, counted from 1.
  case match(Int, of: Int)
  case noEnclosure
  /// `L`, `#` on an article with no links at all.
  case noLinks
  /// `#`: no link numbered `number` (`count` are).
  case noSuchLink(number: String, count: Int)
  /// The links view's `y`: the address went to the terminal as OSC 52.
  case addressSent(String)
  case addressTooLongToCopy
  /// `S` or `F` (`sorting`) where no article list is.
  case notAnArticleList(sorting: Bool)
  case sorted(ArticleSort)
  case selectArticleFirst
  /// `E` with nothing to list.
  case noProblems
  /// A question on the status line answered with anything but `y`.
  case cancelled
  /// `J` (`next`) / `K` past the end of the list titled `list` (nil: in feed order, past every feed).
  case noNeighbour(next: Bool, list: String?)
  /// `n` at the end of a list that does not go on into the next feed.
  case noMoreUnread(list: String)
  case noUnread
  /// `P` with no article list to walk.
  case previousUnreadNeedsList
  case noUnreadAbove(list: String)
  /// A key bound to nothing; `helpKey` opens the help.
  case unbound(Key, helpKey: String)
  /// A key bound only where the focus is not (`KeyMap.whyIdle`): what it does there.
  case boundElsewhere(Key, KeyContext, summary: String)
  /// A search submitted: how many articles match `text` (`counting`: the first page, the count to
  /// come), and what it could not look at yet.
  case searched(matches: Int, counting: Bool, text: String, gap: SearchGap?)
  case filterCleared
  /// `F`: how many articles the filter keeps.
  case filtered(count: Int)
  /// A user action or `pipe-to` (`name`: the action's, or the program's) was started.
  case actionStarted(name: String)
  /// It ended, and how (`ActionRun.Outcome`).
  case actionEnded(name: String, ActionRun.Outcome)
  /// `save` wrote the article to `path`.
  case saved(path: String)
  /// `save` could not write `path`; nothing was changed there.
  case notSaved(path: String, reason: String)
  /// `i` with `fetch-pictures never`: the article's pictures are not fetched (docs/MANUAL.md "Pictures").
  case picturesNeverFetched

  /// What a read-only cache refuses.
  public enum ReadOnlyRefusal: Sendable {
    case reload, sync, subscribe

    var participle: String {
      switch self {
      case .reload: "reloaded"
      case .sync: "synced"
      case .subscribe: "subscribed to"
      }
    }
  }

  /// What a search does not cover yet: the index is being built again after damage (the search
  /// scanned every article), or `backlog` new articles are not indexed yet (`Indexing`).
  public enum SearchGap: Equatable, Sendable {
    case damaged
    case backlog(Int)

    /// `4,000 new articles not searched yet`.
    public var text: String {
      switch self {
      case .damaged: "search index damaged, rebuilding: this search scanned every article"
      case .backlog(let count): Notice.counted(count, "new article", grouped: true) + " not searched yet"
      }
    }
  }

  /// Shown in the error style.
  public var isError: Bool {
    switch self {
    case .reloaded(let report, _): report.failed > 0 || report.pruneError != nil
    case .synced(let run, _): run.failed || run.local.map { ReloadReport($0).failed > 0 } == true
    case .failure, .startupProblems, .articleGone, .readOnlyCache, .noLink, .noWebPage, .noArticleOnPage,
      .pageNotExtracted, .pageNotFetched, .marksKept, .loginFailed, .notAdded, .noSuchLink, .addressTooLongToCopy,
      .notSaved:
      true
    case .actionEnded(_, let outcome): outcome.isFailure
    default: false
    }
  }

  /// The English the status line shows.
  public var text: String {
    switch self {
    case .reloading(let done, let total): "Reloading \(done)/\(total)…"
    case .syncing(let progress): progress ?? "Syncing…"
    case .fetching(let url): "Fetching \(url.absoluteString)…"
    case .indexing(let indexed, let total):
      "Indexing \(Self.grouped(indexed)) of \(Self.grouped(total)) articles for search…"
    case .reloaded(let report, let key): report.statusText(errorsKey: key)
    case .synced(let run, let key): run.statusText(errorsKey: key)
    case .failure(let text): text
    case .startupProblems(let first, let count, let key):
      count > 1 ? "\(count) problems (\(key) lists them); first: \(first)" : first
    case .articleGone: "That article is no longer in the cache."
    case .readOnlyCache(let refusal):
      "The cache is read-only in this run: nothing can be \(refusal.participle)."
    case .noLink: "This article has no link."
    case .noWebPage: "This article has no web page to fetch."
    case .noArticleOnPage: "No article found on this page; the feed's text stays."
    case .pageNotExtracted(let reason): "The article's page: \(reason)."
    case .pageNotFetched(let reason): "Could not fetch the article's page: \(reason)"
    case .marksKept(let reason, let pending): "\(reason) \(Self.counted(pending, "mark")) kept for the next sync."
    case .loginFailed(let reason): "Login check at start-up: " + reason
    case .notAdded(let address): "\(address) could not be added to the cache."
    case .reloadRunning: "A reload is already running."
    case .nothingToReload(let key): "No feed here to reload\(key.map { ": \($0) reloads every feed" } ?? "")."
    case .alreadySubscribed(let address, let page): "\(address) is already in your feeds; \(page) stays as it is."
    case .subscribed(let address, let page, let line, let file):
      "Subscribed to \(address) in place of \(page) (line \(line) of \(file))."
    case .subscribedForSession(let address, let page):
      "Showing \(address) for this session only: \(page) came from the command line, no urls file was changed."
    case .searchCaughtUp: "Search now covers every article: the results are up to date."
    case .serverAnsweredAgain(let sent): "The server answered again: \(Self.counted(sent, "kept mark")) sent."
    case .nothingUnread: "Nothing unread here."
    case .markedRead(let count): "Marked \(Self.counted(count, "article")) read; u undoes it."
    case .nothingToUndo: "Nothing to undo."
    case .undone(let flag, let value, let count):
      "Undone: \(flag == .starred ? (value ? "star" : "unstar") : (value ? "mark read" : "mark unread")) of "
        + "\(Self.counted(count, "article"))."
    case .selectTagFirst(let key): "Select a tag first: \(key) lists every article of its feeds."
    case .noSearchHere: "No search here: open an article from a search's results (/)."
    case .macroPrefix(let keys): "Macro: \(keys.map(\.description).sorted().joined(separator: " "))"
    case .noMacro(let key): "No macro on \(key)."
    case .noSearchToSave(let key): "No search to save: search first (\(key?.description ?? "open-search")), then save its results."
    case .searchSaved(let title, let line, let file):
      if let line, let file { "Saved the search as the query feed “\(title)” (line \(line) of \(file))." } else {
        "Saved the search as the query feed “\(title)” for this session (the feeds are not the urls file's)."
      }
    case .noMoreMatches(let below): below ? "No more matches below." : "No more matches above."
    case .match(let index, let count): "Match \(index) of \(count)."
    case .noEnclosure: "This article has no enclosure."
    case .picturesNeverFetched: "Pictures are never fetched (fetch-pictures never)."
    case .noLinks: "This article has no links."
    case .noSuchLink(let number, let count):
      count == 0 ? "No link \(number): this article's text has no numbered links."
        : "No link \(number): this article's links are numbered 1 to \(count)."
    case .addressSent(let address):
      "Sent \(TerminalText.sanitized(address)) to the terminal's clipboard (OSC 52; some terminals ignore it)."
    case .addressTooLongToCopy: "This address is too long to copy through the terminal."
    case .notAnArticleList(let sorting):
      sorting
        ? "Only an article list can be sorted (Recent keeps the order you read in)."
        : "Only an article list can be filtered (Recent keeps what you read)."
    case .sorted(let sort):
      "Sorted by \([ArticleSort.date: "date, newest first", .dateAsc: "date, oldest first"][sort] ?? sort.rawValue)."
    case .selectArticleFirst: "Select an article first."
    case .noProblems: "No feed failed to load. No other problems in this run."
    case .cancelled: "Cancelled."
    case .noNeighbour(let next, let list):
      "This is the \(next ? "last" : "first") article\(list.map { " of \($0)" } ?? "")."
    case .noMoreUnread(let list): "No more unread articles in \(list)."
    case .noUnread: "No unread articles."
    case .previousUnreadNeedsList: "Previous unread works in an article list, or an article opened from one."
    case .noUnreadAbove(let list): "No unread articles above in \(list)."
    case .unbound(let key, let help): "\(key): not bound — \(help) for help"
    case .boundElsewhere(let key, let context, let summary):
      context == .article ? "\(key) works in an open article: \(summary)" : "\(key) does nothing here: \(summary)"
    case .searched(let matches, let counting, let text, let gap):
      "\(Self.matches(matches, counting: counting)) match “\(text)”\(gap.map { "; " + $0.text } ?? "")."
    case .filterCleared: "Filter cleared: every article shows."
    case .filtered(let count): "Filter: \(Self.counted(count, "article")) \(Self.plural(count, "matches", "match"))."
    case .actionStarted(let name): "Running \(name)…"
    case .actionEnded(let name, let outcome): outcome.text(name)
    case .saved(let path): "Saved to \(path)."
    case .notSaved(let path, let reason): "Could not save \(path): \(reason). Nothing was written."
    }
  }

  // MARK: English

  /// The one plural rule: `one` for exactly one, `many` otherwise (none included: "0 articles").
  static func plural(_ count: Int, _ one: String, _ many: String) -> String { count == 1 ? one : many }

  /// `1 article`, `3 articles`; `grouped`: `12,000 articles`. The UI's other counted nouns (the offered
  /// feeds, `E`'s headings) use it too, so the app has one plural rule.
  static func counted(_ count: Int, _ noun: String, grouped: Bool = false) -> String {
    "\(grouped ? Self.grouped(count) : String(count)) \(plural(count, noun, noun + "s"))"
  }

  /// A search's matches so far: `3 articles`, `50+ articles` while the count is still coming.
  static func matches(_ count: Int, counting: Bool) -> String {
    "\(count)\(counting ? "+" : "") \(plural(count, "article", "articles"))"
  }

  /// `12000` as `12,000`.
  static func grouped(_ number: Int) -> String {
    var digits = String(number.magnitude)
    var groups: [Substring] = []
    while digits.count > 3 {
      groups.insert(digits.suffix(3), at: 0)
      digits.removeLast(3)
    }
    groups.insert(Substring(digits), at: 0)
    return (number < 0 ? "-" : "") + groups.joined(separator: ",")
  }
}
