import Foundation
import Reader
import ScreenKit

/// `/`: the status line's search field, presented while it is open (DESIGN §5). It owns the search being
/// typed: where it began, what it searches, and its results once shown.
///
/// The results are an article list pushed onto the navigation stack the search began in, so they work in
/// both layouts, keep their place across resizes like any list, and Back returns to where the search
/// began. They follow the typing after a short pause (`TypingPause`), the field saying how many articles
/// match; Enter keeps them and records the text in the cache's search history, which ↑/↓ walk; Esc takes
/// them away again.
@MainActor
final class SearchFieldController: FieldController {
  private let session: ReadingSession
  private let pause: TypingPause
  private weak var navigation: NavigationController?
  private let source: ListSource
  /// The searched list's title (nil: every feed), for the results' title.
  private let scopeTitle: String?
  private var results: ArticleListController?
  /// The text whose results `results` shows: Enter on the same text keeps them, and the count they
  /// have, instead of searching again and showing the first page's `200+`.
  private var resultsText: String?

  /// A search of `list` (the feed list or nil: every feed), its results pushed onto `navigation`.
  init(session: ReadingSession, navigation: NavigationController, from list: ListController?) {
    self.session = session
    self.navigation = navigation
    pause = TypingPause(events: session.events)
    // From a search's results, a new search of the list they came from.
    let articles = (list as? ArticleListController).flatMap { $0.isQueryable ? $0 : nil }
    source = articles?.source ?? .all
    scopeTitle = articles?.search == nil ? articles?.title : articles?.searchedTitle
    var history: [String] = []
    do {
      history = try session.cache.searchHistory(limit: 100)
    } catch {
      session.status.notify(.failure("\(error)"))
    }
    super.init(prompt: Prompt(field: .search, label: "Search: ", history: history))
  }

  override func didEdit(_ edit: Prompt.Edit) {
    switch edit {
    case .changed: pause.restart()
    case .submitted: submit()
    case .cancelled: cancel()
    case .ignored: break
    }
  }

  override func typingPaused(_ generation: Int) {
    if pause.arrived(generation) { runSearch() }
  }

  /// How many articles match, once the results show (`+`: the first page, until the count arrives), and
  /// what the search could not look at yet: a result list never claims to be whole when the indexer
  /// has a backlog (`Indexing`).
  override var note: String? {
    guard let results = shownResults else { return nil }
    return "   (\(Notice.matches(results.rowCount, counting: results.isCounting))\(notSearched.map { "; " + $0.text } ?? ""))"
  }

  /// `4,000 new articles not searched yet` while the index lags behind the cache.
  private var notSearched: Notice.SearchGap? { session.indexing.notSearchedYet }

  private var shownResults: ArticleListController? {
    guard let results, navigation?.stack.contains(where: { $0 === results }) == true else { return nil }
    return results
  }

  /// Shows the results of the text typed: pushes the results list the first time, then updates it. An
  /// empty text takes the results away; a malformed one says why after the text.
  @discardableResult
  private func runSearch() -> Bool {
    guard let navigation else { return false }
    let text = prompt.typed.trimmingCharacters(in: .whitespaces)
    guard !text.isEmpty else {
      removeResults()
      return true
    }
    if shownResults != nil, text == resultsText { return true }
    let query: SearchQuery
    do {
      query = try SearchQuery(parsing: text)
    } catch {
      prompt.problem = error.message
      return false
    }
    let title = ListSource.searchTitle(text, searched: scopeTitle)
    if notSearched != nil { session.indexing.searchedDuringBacklog = true }
    if let results = shownResults {
      results.setSearch(query, title: title)
    } else {
      let results = ArticleListController(
        source: source, session: session, title: title, search: query, searchedTitle: scopeTitle)
      navigation.push(results)
      self.results = results
    }
    resultsText = text
    session.jobs.rebuildSearchIndexIfDamaged()  // the results were read above: they found out
    return true
  }

  /// Enter: the results stay (the list takes the keys), the status line says how many matched, and the
  /// text joins the history; a malformed text keeps the field open with its problem, so nothing typed is
  /// lost.
  private func submit() {
    pause.cancel()
    guard runSearch() else { return }
    dismiss()
    let text = prompt.typed.trimmingCharacters(in: .whitespaces)
    guard !text.isEmpty else { return }
    if let results = shownResults {
      session.status.notify(.searched(matches: results.rowCount, counting: results.isCounting, text: text, gap: notSearched))
    }
    guard !session.cache.isReadOnly else { return }
    let (cache, events) = (session.cache, session.events)
    Task.detached {
      do { try cache.recordSearch(text) } catch { events.post(.failure("\(error)")) }
    }
  }

  /// Esc: back to where the search began.
  private func cancel() {
    pause.cancel()
    removeResults()
    dismiss()
  }

  private func removeResults() {
    guard let results, let navigation else { return }
    while navigation.stack.contains(where: { $0 === results }), navigation.pop() != nil {}
    self.results = nil
  }
}

/// `F`: the status line's filter field over one article list, its current expression to edit; Enter on
/// an empty line shows every article again, a malformed expression keeps the field open with its problem.
@MainActor
final class FilterFieldController: FieldController {
  private let session: ReadingSession
  private weak var list: ArticleListController?

  init(session: ReadingSession, list: ArticleListController) {
    self.session = session
    self.list = list
    super.init(prompt: Prompt(field: .filter, label: "Filter: ", typed: list.filter?.text ?? ""))
  }

  override func didEdit(_ edit: Prompt.Edit) {
    switch edit {
    case .submitted: submit()
    case .cancelled: dismiss()
    case .changed, .ignored: break
    }
  }

  private func submit() {
    guard let list else { return dismiss() }
    let text = prompt.typed.trimmingCharacters(in: .whitespaces)
    if text.isEmpty {
      list.setFilter(nil)
      dismiss()
      session.status.notify(.filterCleared)
      return
    }
    do {
      list.setFilter(try FilterExpression(parsing: text))
    } catch {
      prompt.problem = error.message
      return
    }
    dismiss()
    list.announceFilterCount()
  }
}
