import Foundation
import Reader
import ScreenKit

/// The status line's text fields and what they do to the lists: `/` searches and `F` limits the list on
/// screen by an expression. The container owns it and hands it the keys while a field is open.
///
/// A search's results are an article list pushed onto the navigation stack the search began in, so they
/// work in both layouts, keep their place across resizes like any list, and Back returns to where the
/// search began. They follow the typing after a short pause (`TypingPause`); Enter keeps them and records
/// the text in the cache's search history, which ↑/↓ walk; Esc takes them away again.
@MainActor
final class Finder {
  private let session: ReadingSession
  private let pause: TypingPause

  /// The search being typed: where it began, what it searches, and its results once shown.
  private struct Search {
    weak var navigation: NavigationController?
    var source: ArticleListController.Source
    /// The searched list's title (nil: every feed), for the results' title.
    var scopeTitle: String?
    var results: ArticleListController?
  }

  private var search: Search?
  /// The list an `F` expression is being typed for.
  private weak var filtering: ArticleListController?

  init(session: ReadingSession) {
    self.session = session
    pause = TypingPause(events: session.events)
  }

  private var prompt: Prompt? {
    get { session.status.prompt }
    set { session.status.prompt = newValue }
  }

  // MARK: Opening a field

  /// `/` on `list` (the feed list or nil: every feed), with results pushed onto `navigation`.
  func beginSearch(in navigation: NavigationController, from list: ListController?) {
    // From a search's results, a new search of the list they came from.
    let articles = (list as? ArticleListController).flatMap { $0.isQueryable ? $0 : nil }
    let scopeTitle = articles?.search == nil ? articles?.title : articles?.searchedTitle
    search = Search(navigation: navigation, source: articles?.source ?? .all, scopeTitle: scopeTitle, results: nil)
    var history: [String] = []
    do {
      history = try session.cache.searchHistory(limit: 100)
    } catch {
      session.status.notify(error: "\(error)")
    }
    prompt = Prompt(field: .search, label: "Search: ", history: history)
  }

  /// `F` on `list`: its current expression to edit; Enter on an empty line shows every article again.
  func beginFilter(on list: ArticleListController) {
    filtering = list
    prompt = Prompt(field: .filter, label: "Filter: ", typed: list.filter?.text ?? "")
  }

  // MARK: Keys while a field is open

  /// A key for the open field; false when no field is open (the key goes on to the controllers).
  func handle(_ key: Key) -> Bool {
    guard var prompt, let field = prompt.field else { return false }
    let edit = prompt.edit(key)
    self.prompt = prompt
    switch (edit, field) {
    case (.changed, .search): pause.restart()
    case (.submitted, .search): submitSearch()
    case (.cancelled, .search): cancelSearch()
    case (.submitted, .filter): submitFilter()
    case (.cancelled, .filter): self.prompt = nil
    case (.changed, .filter), (.ignored, _): break
    }
    return true
  }

  /// Pasted text goes into the open field; false when none is open.
  func paste(_ text: String) -> Bool {
    guard var prompt, let field = prompt.field else { return false }
    if prompt.paste(text) == .changed, field == .search { pause.restart() }
    self.prompt = prompt
    return true
  }

  /// Typing paused: the results follow the text.
  func paused(_ generation: Int) {
    guard pause.arrived(generation), prompt?.field == .search else { return }
    runSearch()
  }

  // MARK: Search

  /// Shows the results of the text typed: pushes the results list the first time, then updates it. An
  /// empty text takes the results away; a malformed one says why after the text.
  @discardableResult
  private func runSearch() -> Bool {
    guard let typed = prompt?.typed, var search, let navigation = search.navigation else { return false }
    let text = typed.trimmingCharacters(in: .whitespaces)
    guard !text.isEmpty else {
      removeResults()
      return true
    }
    let query: SearchQuery
    do {
      query = try SearchQuery(parsing: text)
    } catch {
      prompt?.problem = error.message
      return false
    }
    let title = "Search: " + text + (search.scopeTitle.map { " (\($0))" } ?? "")
    if let results = search.results, navigation.stack.contains(where: { $0 === results }) {
      results.setSearch(query, title: title)
    } else {
      let results = ArticleListController(
        source: search.source, title: title, session: session, search: query, searchedTitle: search.scopeTitle)
      navigation.push(results)
      search.results = results
      self.search = search
    }
    return true
  }

  /// Enter: the results stay (the list takes the keys) and the text joins the history; a malformed text
  /// keeps the field open with its problem, so nothing typed is lost.
  private func submitSearch() {
    pause.cancel()
    guard runSearch() else { return }
    let text = prompt?.typed.trimmingCharacters(in: .whitespaces) ?? ""
    prompt = nil
    search = nil
    guard !text.isEmpty, !session.cache.isReadOnly else { return }
    let (cache, events) = (session.cache, session.events)
    Task.detached {
      do { try cache.recordSearch(text) } catch { events.post(.failure("\(error)")) }
    }
  }

  /// Esc: back to where the search began.
  private func cancelSearch() {
    pause.cancel()
    removeResults()
    prompt = nil
    search = nil
  }

  private func removeResults() {
    guard let results = search?.results, let navigation = search?.navigation else { return }
    while navigation.stack.contains(where: { $0 === results }), navigation.pop() != nil {}
    search?.results = nil
  }

  // MARK: Filter

  /// Enter on `F`'s field: limits the list (an empty line shows all again); a malformed expression keeps
  /// the field open with its problem.
  private func submitFilter() {
    guard let list = filtering, let typed = prompt?.typed else {
      prompt = nil
      return
    }
    let text = typed.trimmingCharacters(in: .whitespaces)
    if text.isEmpty {
      list.setFilter(nil)
      prompt = nil
      session.status.notify("Filter cleared: every article shows.")
      return
    }
    do {
      list.setFilter(try FilterExpression(parsing: text))
    } catch {
      prompt?.problem = error.message
      return
    }
    prompt = nil
    let count = list.rowCount
    session.status.notify("Filter: \(count) article\(count == 1 ? " matches" : "s match").")
  }
}
