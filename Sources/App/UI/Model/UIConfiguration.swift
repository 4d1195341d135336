import Foundation
import Reader
import ScreenKit

/// Settings of the interactive UI (DESIGN §2–§5 defaults); the config file's lines set them directly.
/// The engine's settings are Reader's (`EngineSettings`), held here as one value.
public struct UIConfiguration: Equatable, Sendable {
  public var layout = LayoutOption.auto
  public var preferredDisplayMode = DisplayMode.allVisible
  /// `none` keeps the popover floating in a compact width (DESIGN §4); `fullScreen` covers the screen.
  public var popoverStyle = AdaptivePresentationStyle.none
  public var regularWidth = 100
  public var compactHeight = 24
  /// The container's landscape rule needs at least this many columns (DESIGN §2).
  public var landscapeMinWidth = 60
  public var metrics = SplitMetrics()
  /// newsboat's `text-width`: the article's measure in columns (DESIGN §3a); 0: the pane's width.
  public var textWidth = 0
  public var timeZone = TimeZone.current
  public var theme = Theme()
  public var keyMap = KeyMap.standard
  /// The config's `macro` lines by their key (`Macro`).
  public var macros: [Key: Macro] = [:]
  /// The `browser` setting (nil: `$BROWSER`, else xdg-open).
  public var browser: String?
  /// The `player` setting for enclosures (nil: the browser command).
  public var player: String?
  /// Fetch every feed when the reader starts (feeds never fetched are fetched anyway).
  public var reloadOnStart = false
  /// Minutes between automatic reloads of every feed; 0: never.
  public var reloadInterval = 0
  /// The engine's settings (prune rule, `notify-program`, sync…): the reader's reloads obey them as
  /// `splitfeed reload` does.
  public var engine = EngineSettings()
  /// Lists start showing read articles (`show-read-articles`); `U` toggles it while reading.
  public var showReadArticles = true
  /// `confirm-exit`: `q` at the root asks "Quit splitfeed? (y/n)" first (newsboat's setting of that name).
  public var confirmExit = false
  /// The order article lists start in (`article-sort-order`); `S` cycles it per list.
  public var articleSort = ArticleSort.date
  /// `inline-images`: pictures in the article as character cells, or their alt text (`off`); `i` toggles.
  public var inlineImages = InlineImages.auto
  /// `fetch-pictures`: when the article's pictures are fetched (on open, on `i`, never).
  public var fetchPictures = FetchPictures.onOpen
  /// `always-full-article` lines: the feeds (addresses as in the urls file, `tag:NAME`, `*`) whose articles
  /// open on the extracted web page, as if `f` had been pressed (for feeds that carry only a summary).
  public var alwaysFullArticle: Set<FeedSelector> = []
  /// `fetch-local-links`: the pages and pictures of a feed on the internet may be fetched from the
  /// user's own network (loopback, private, link-local addresses), which is refused by default
  /// (`LocalNetwork`); a local feed's links always may.
  public var fetchLocalLinks = false
  /// The feeds are a sync server's (`sync greader`): the feed list is always the root (the server may
  /// bring feeds at any sync), and feeds of the urls file carry the `[local]` marker.
  public var isSynced = false
  /// The config's `action` lines by name (`bind-key` binds them, `KeyMap.userBindings`).
  public var userActions: [String: UserAction] = [:]
  /// `action-timeout`: seconds a user action or `pipe-to` may run before it is killed.
  public var actionTimeout = 30
  /// `save-path` (newsboat's): the folder `save` offers; nil: the current directory.
  public var savePath: String?

  public init() {}
}
