import Foundation
import ScreenKit

/// What a key asks for, independent of the key (newsboat's Operation). `bind-key KEY ACTION` names an
/// action by `configName` (the raw value in kebab case, `reload-all`) or by a newsboat alias (`up`).
public enum Action: String, CaseIterable, Sendable {
  case moveDown, moveUp, pageDown, pageUp, first, last
  case open, back, dismiss, focusOtherPane, toggleDisplayMode, publishDate
  case feedsTab, recentTab, help, quit
  case reload, reloadAll, forceReloadAll, nextUnread, previousUnread, openInBrowser, fullArticle, showErrors
  case nextArticle, previousArticle, openEnclosure, toggleImages
  case toggleArticleRead, markFeedRead, markAllFeedsRead, undo, toggleStar, toggleShowRead
  case openSearch, setFilter, cycleSort, openTagArticles, nextMatch, previousMatch
  case showUrls, gotoUrl, copyAddress, markAboveRead, markBelowRead
  case pipeTo, save
  case saveSearch

  /// The name a config file uses: `moveDown` → `move-down`.
  public var configName: String {
    rawValue.reduce(into: "") { name, c in
      if c.isUppercase { name += "-" + c.lowercased() } else { name.append(c) }
    }
  }

  /// newsboat's names for the same operations, so a newsboat user's muscle memory carries over.
  public static let aliases: [String: Action] = [
    "up": .moveUp, "down": .moveDown, "pageup": .pageUp, "pagedown": .pageDown, "home": .first, "end": .last,
    "open-in-browser": .openInBrowser, "next-unread": .nextUnread, "prev-unread": .previousUnread,
    "reload-all": .reloadAll,
    "next": .nextArticle, "prev": .previousArticle,
    "toggle-show-read-feeds": .toggleShowRead,
    "open-search": .openSearch, "set-filter": .setFilter, "sort": .cycleSort,
  ]

  /// The action a config file names, if any.
  public init?(configName: String) {
    if let alias = Self.aliases[configName] {
      self = alias
      return
    }
    guard let action = Self.allCases.first(where: { $0.configName == configName }) else { return nil }
    self = action
  }

  /// Every name `bind-key` accepts.
  public static var configNames: Set<String> { Set(allCases.map(\.configName)).union(aliases.keys) }
}

/// Where a binding applies; the help overlay lists bindings under these headings.
public enum KeyContext: String, CaseIterable, Sendable {
  case list = "Lists"
  case article = "Article"
  case window = "Everywhere"
  case popover = "Popover"

  /// The contexts a key press can reach while this one is active: the window's bindings apply in lists
  /// and the article, which ask first; a presented popover takes every key itself.
  var overlapping: [KeyContext] {
    switch self {
    case .window: [.window, .list, .article]
    case .list, .article: [self, .window]
    case .popover: [.popover]
    }
  }
}

/// One row of the key map: keys, the action, its context and the text the help overlay shows.
public struct KeyBinding: Equatable, Sendable {
  public var keys: [Key]
  public var action: Action
  public var context: KeyContext
  public var summary: String
}

/// Key → Action per context (DESIGN §5; newsboat's per-dialog keymaps). Controllers ask it instead of
/// matching keys, and the `?` overlay is generated from `bindings`, so help never drifts from behaviour.
public struct KeyMap: Equatable, Sendable {
  public var bindings: [KeyBinding]
  /// Keys bound to the config's `action` lines, by the action's name (`bindUser`).
  public var userBindings: [Key: String] = [:]

  /// The user action `key` runs, if any: it works wherever an article is open or beside the list.
  public func userAction(for key: Key) -> String? { userBindings[key] }

  /// Binds `key` to the user action `name` (a `bind-key` line naming an `action`): the key stops doing
  /// what it did in every context but the popover's, since the action applies wherever an article is.
  public mutating func bindUser(_ key: Key, to name: String) {
    for i in bindings.indices where bindings[i].context != .popover { bindings[i].keys.removeAll { $0 == key } }
    userBindings[key] = name
  }

  public func action(for key: Key, in context: KeyContext) -> Action? {
    bindings.first { $0.context == context && $0.keys.contains(key) }?.action
  }

  /// The keys bound to `action` in any context, in binding order (for hints that name a key).
  public func keys(for action: Action) -> [Key] {
    bindings.filter { $0.action == action }.flatMap(\.keys)
  }

  /// Whether `key` does anything in some context.
  public func isBound(_ key: Key) -> Bool { userBindings[key] != nil || bindings.contains { $0.keys.contains(key) } }

  /// Why a bound key did nothing where it was pressed, for the status line (DESIGN §5: no key is silent):
  /// the article's own keys (`J`, `f`, `e`, `]`) work only in an open article, a list's only in a list
  /// that has that key, a chooser's (the links view's `y`) only in it. Nil for a key the window binds:
  /// its action says why itself where it must.
  public func whyIdle(_ key: Key) -> Notice? {
    let rows = bindings.filter { $0.keys.contains(key) }
    guard let first = rows.first, rows.allSatisfy({ $0.context == first.context }) else { return nil }
    switch first.context {
    case .article, .list, .popover: return .boundElsewhere(key, first.context, summary: first.summary)
    case .window: return nil
    }
  }

  public static let standard = KeyMap(bindings: [
    KeyBinding(keys: [.character("j"), .down], action: .moveDown, context: .list, summary: "next row"),
    KeyBinding(keys: [.character("k"), .up], action: .moveUp, context: .list, summary: "previous row"),
    KeyBinding(keys: [.pageDown, .character(" ")], action: .pageDown, context: .list, summary: "page down"),
    KeyBinding(keys: [.pageUp], action: .pageUp, context: .list, summary: "page up"),
    KeyBinding(keys: [.character("g"), .home], action: .first, context: .list, summary: "first row"),
    KeyBinding(keys: [.character("G"), .end], action: .last, context: .list, summary: "last row"),
    KeyBinding(
      keys: [.enter, .character("l"), .right], action: .open, context: .list,
      summary: "open (feed → articles, article → detail)"),
    KeyBinding(
      keys: [.character("T")], action: .openTagArticles, context: .list,
      summary: "a tag's articles as one list"),
    KeyBinding(
      keys: [.character("{")], action: .markAboveRead, context: .list, summary: "mark every article above read"),
    KeyBinding(
      keys: [.character("}")], action: .markBelowRead, context: .list, summary: "mark every article below read"),
    KeyBinding(keys: [.character("j"), .down], action: .moveDown, context: .article, summary: "scroll down"),
    KeyBinding(keys: [.character("k"), .up], action: .moveUp, context: .article, summary: "scroll up"),
    KeyBinding(keys: [.pageDown, .character(" ")], action: .pageDown, context: .article, summary: "page down"),
    KeyBinding(keys: [.pageUp], action: .pageUp, context: .article, summary: "page up"),
    KeyBinding(keys: [.character("g"), .home], action: .first, context: .article, summary: "top"),
    KeyBinding(keys: [.character("G"), .end], action: .last, context: .article, summary: "bottom"),
    KeyBinding(
      keys: [.character("f")], action: .fullArticle, context: .article,
      summary: "the web page / the feed's text (fetched once)"),
    KeyBinding(keys: [.character("J")], action: .nextArticle, context: .article, summary: "next article"),
    KeyBinding(keys: [.character("K")], action: .previousArticle, context: .article, summary: "previous article"),
    KeyBinding(
      keys: [.character("e")], action: .openEnclosure, context: .article, summary: "play the enclosure (player)"),
    KeyBinding(
      keys: [.character("i")], action: .toggleImages, context: .article, summary: "pictures / their alt text"),
    KeyBinding(keys: [.character("L")], action: .showUrls, context: .article, summary: "every link of the article"),
    KeyBinding(keys: [.character("#")], action: .gotoUrl, context: .article, summary: "open link N (asks N)"),
    KeyBinding(keys: [.character("]")], action: .nextMatch, context: .article, summary: "next search match"),
    KeyBinding(keys: [.character("[")], action: .previousMatch, context: .article, summary: "previous search match"),
    KeyBinding(
      keys: [.character("h"), .left, .backspace, .escape], action: .back, context: .window,
      summary: "back / dismiss"),
    KeyBinding(keys: [.tab], action: .focusOtherPane, context: .window, summary: "focus the other pane"),
    KeyBinding(
      keys: [.character("t")], action: .toggleDisplayMode, context: .window, summary: "toggle the list pane"),
    KeyBinding(keys: [.character("p")], action: .publishDate, context: .window, summary: "publish-date popover"),
    KeyBinding(keys: [.character("1")], action: .feedsTab, context: .window, summary: "Feeds tab"),
    KeyBinding(keys: [.character("2")], action: .recentTab, context: .window, summary: "Recent tab"),
    KeyBinding(keys: [.character("r")], action: .reload, context: .window, summary: "reload this feed"),
    KeyBinding(keys: [.character("R")], action: .reloadAll, context: .window, summary: "reload all feeds (those due)"),
    KeyBinding(
      keys: [.control("r")], action: .forceReloadAll, context: .window,
      summary: "reload all feeds, also those not due"),
    KeyBinding(keys: [.character("n")], action: .nextUnread, context: .window, summary: "next unread"),
    KeyBinding(
      keys: [.character("P")], action: .previousUnread, context: .window, summary: "previous unread (in a list)"),
    KeyBinding(keys: [.character("o")], action: .openInBrowser, context: .window, summary: "open the row's or the article's link"),
    KeyBinding(
      keys: [.character("E")], action: .showErrors, context: .window, summary: "list every problem of the run"),
    KeyBinding(
      keys: [.character("N")], action: .toggleArticleRead, context: .window, summary: "article read / unread"),
    KeyBinding(
      keys: [.character("A")], action: .markFeedRead, context: .window, summary: "mark the feed (the list) read"),
    KeyBinding(
      keys: [.character("C")], action: .markAllFeedsRead, context: .window, summary: "mark everything read (asks)"),
    KeyBinding(keys: [.character("u")], action: .undo, context: .window, summary: "undo the last mark"),
    KeyBinding(keys: [.character("s")], action: .toggleStar, context: .window, summary: "star / unstar the article"),
    KeyBinding(
      keys: [.character("U")], action: .toggleShowRead, context: .window, summary: "unread only / show read"),
    KeyBinding(
      keys: [.character("/")], action: .openSearch, context: .window,
      summary: "search this list (the feed list: every feed)"),
    KeyBinding(
      keys: [.character("F")], action: .setFilter, context: .window,
      summary: "limit the list by an expression"),
    KeyBinding(keys: [.character("S")], action: .cycleSort, context: .window, summary: "cycle the list's sort order"),
    KeyBinding(
      keys: [.character("|")], action: .pipeTo, context: .window, summary: "pipe the article to a command"),
    KeyBinding(keys: [.character("w")], action: .save, context: .window, summary: "save the article to a file"),
    KeyBinding(
      keys: [.character("W")], action: .saveSearch, context: .window,
      summary: "save the search as a query feed (urls file)"),
    KeyBinding(keys: [.character("?")], action: .help, context: .window, summary: "this help"),
    KeyBinding(keys: [.character("q")], action: .quit, context: .window, summary: "back, or quit at the root"),
    KeyBinding(
      keys: [.escape, .character("p")], action: .dismiss, context: .popover, summary: "close the popover"),
    KeyBinding(keys: [.character("q")], action: .quit, context: .popover, summary: "close the popover"),
    KeyBinding(
      keys: [.character("y")], action: .copyAddress, context: .popover,
      summary: "links view: copy the address (OSC 52)"),
  ])

  /// Binds `key` to `action` (a `bind-key` line; a later line wins): the key performs the action
  /// wherever the action has bindings, and stops doing what it did in every context that can be active
  /// there. A list or the article asks its own context before the window's (the responder chain), so
  /// `bind-key SPACE next-unread` must take Space out of the list and article contexts too, or their
  /// page-down would keep it.
  public mutating func bind(_ key: Key, to action: Action) {
    let contexts = Set(bindings.filter { $0.action == action }.flatMap { $0.context.overlapping })
    userBindings[key] = nil
    for i in bindings.indices where contexts.contains(bindings[i].context) {
      bindings[i].keys.removeAll { $0 == key }
      if bindings[i].action == action && !bindings[i].keys.contains(key) { bindings[i].keys.append(key) }
    }
  }

  /// The help overlay's text: one heading per context, then `keys  summary` rows, in binding order.
  public var helpLines: [String] {
    var lines: [String] = []
    for context in KeyContext.allCases {
      let rows = bindings.filter { $0.context == context }
      guard !rows.isEmpty else { continue }
      if !lines.isEmpty { lines.append("") }
      lines.append(context.rawValue)
      for row in rows {
        let keys = row.keys.map(\.description).joined(separator: " ")
        lines.append("  " + keys.padding(toLength: 22, withPad: " ", startingAt: 0) + row.summary)
      }
    }
    if !userBindings.isEmpty {
      lines += ["", "Your actions (config)"]
      for (key, name) in userBindings.sorted(by: { $0.value < $1.value }) {
        lines.append("  " + key.description.padding(toLength: 22, withPad: " ", startingAt: 0) + name)
      }
    }
    return lines
  }
}
