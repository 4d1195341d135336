import Reader
import ReaderUI
import ScreenKit

extension Setting {
  /// Every line the config file takes, in the man page's order. Defaults are not written here: each is
  /// read from `Config()` (see `defaultText`), so changing a default in the types changes the page too.
  static let all: [Setting] = [
    .number("regular-width", 1...10_000, \.ui.regularWidth, "The horizontal size class is regular from this many columns."),
    .number("compact-height", 1...10_000, \.ui.compactHeight, "The vertical size class is compact under this many rows."),
    .number("landscape-min-width", 1...10_000, \.ui.landscapeMinWidth, "The two-pane landscape rule needs this many columns."),
    .single(
      "primary-width-fraction", "fraction", "The list pane's width as a fraction of the terminal (like 0.35).",
      value: { "\($0.ui.metrics.preferredPrimaryColumnWidthFraction)" }
    ) { value, config in
      guard let f = Double(value), f > 0, f < 1 else {
        return "expected a fraction between 0 and 1 (like 0.35), got \"\(value)\""
      }
      config.ui.metrics.preferredPrimaryColumnWidthFraction = f
      return nil
    },
    .number("primary-min-width", 1...10_000, \.ui.metrics.minimumPrimaryColumnWidth, "The list pane's least width in columns."),
    .number("primary-max-width", 1...10_000, \.ui.metrics.maximumPrimaryColumnWidth, "The list pane's greatest width in columns."),
    .number(
      "three-column-min-width", 0...10_000, \.ui.metrics.tripleColumnMinWidth,
      "A split this many columns wide shows three columns: feeds, articles, the article; 0: never."),
    .number("feed-column-max-width", 1...10_000, \.ui.metrics.maximumFeedColumnWidth, "The feed column's greatest width at three columns."),
    .number("list-column-max-width", 1...10_000, \.ui.metrics.maximumListColumnWidth, "The article list column's greatest width at three columns."),
    .number("text-width", 0...10_000, \.ui.textWidth, "The article's text is wrapped to at most this many columns, pictures too; 0: the pane's width."),
    .choice("display-mode", \.ui.preferredDisplayMode, "Which panes show when the terminal is wide enough for two."),
    .choice("popover-adaptive", \.ui.popoverStyle, "none keeps the popover floating when narrow; fullscreen covers the screen."),
    .choice("layout", \.ui.layout, "Side by side (split), one above the other (stack), or by the terminal's size; --layout wins."),
    .flag("reload-on-start", \.ui.reloadOnStart, "Fetch every feed when the reader starts."),
    .number("reload-interval", 0...525_600, \.ui.reloadInterval, "Minutes between automatic reloads in the reader; 0: never."),
    .number("reload-threads", 1...64, \.engine.reloadThreads, "Feeds fetched at once."),
    .number(
      "keep-articles-days", 0...1_000_000, \.engine.pruneRule.keepDays,
      "After each reload, read articles older than this many days leave the cache (never unread, starred or Recent ones); 0: keep them."),
    .number(
      "max-articles-per-feed", 0...100_000_000, \.engine.pruneRule.maxPerFeed,
      "After each reload, read articles beyond a feed's newest this many leave the cache (never unread, starred or Recent ones); 0: no limit."),
    .single(
      "notify-program", "command",
      "Run without a shell after a reload that brought new articles, with --, the count and the titles of the feeds that gained them as arguments.",
      unset: "none", value: { $0.engine.notifyProgram?.command.joined(separator: " ") }
    ) { value, config in
      config.engine.notifyProgram = NotifyProgram(setting: value)
      return nil
    },
    .flag("show-read-articles", \.ui.showReadArticles, "no starts the reader with read articles (and feeds with nothing unread) hidden; U toggles it."),
    .flag("confirm-exit", \.ui.confirmExit, "q at the feed list asks before quitting (y quits, any other key stays)."),
    .choice(
      "inline-images", \.ui.inlineImages,
      "Pictures in the article: auto asks the terminal at start which it is and draws with what it draws best: kitty placeholders (kitty 0.28+, Ghostty), iTerm2 inline images (iTerm2, WezTerm), sixel, kitty direct placements (older kitty, Konsole), else character cells; kitty, sixel or cells draws that way (inside tmux without allow-passthrough: cells); off shows their alt text; i toggles them."),
    .choice(
      "fetch-pictures", \.ui.fetchPictures,
      "When the article's pictures are fetched (a fetch tells their server the article was read): on-open; on-key, only once i is pressed in the article; never. Pictures declared 2 pixels wide or tall or less (tracking pixels) are never fetched."),
    .choice("article-sort-order", \.ui.articleSort, "The order article lists start in; S cycles it per list."),
    .command("browser", \.ui.browser, "Opens links (o); %u is replaced by the address, else the address is appended.", unset: "$BROWSER, else xdg-open"),
    .command("player", \.ui.player, "Opens enclosures (e), run as the browser is.", unset: "the browser command"),
    .lines(
      "always-full-article", "feed|tag:name|* ...",
      "Opens the articles of these feeds (every feed of the tag, every feed for *) on the full article extracted from their web page."
    ) { values, config in
      guard !values.isEmpty else {
        return "always-full-article takes feeds (their addresses as in the urls file), tag:NAME or *"
      }
      for value in values { config.ui.alwaysFullArticle.insert(FeedSelector(parsing: value)) }
      return nil
    },
    .flag(
      "fetch-local-links", \.ui.fetchLocalLinks,
      "yes lets the articles of a feed on the internet fetch pages and pictures from your own network (loopback, private, link-local addresses); a local feed's always may."),
    .lines(
      "reload-period", "feed|tag:name|* minutes",
      "Fetches the feed (every feed of the tag, every feed for *) at most once in so many minutes when reloading what is due; the feed's own line wins over its tags', a tag's over *."
    ) { values, config in
      guard values.count == 2, let minutes = Double(values[1]), minutes >= 0, minutes <= 525_600 else {
        return "reload-period takes a feed (or tag:NAME, or *) and minutes from 0 to 525600, like reload-period tag:news 60"
      }
      config.engine.reloadPeriods.rules[FeedSelector(parsing: values[0])] = minutes * 60
      return nil
    },
    .lines(
      "ignore-article", "feed|tag:name|* expression",
      "Hides the articles of feed (every feed of the tag, every feed for *) that match the expression, everywhere.",
      apply: ConfigParser.ignoreArticle),
    .lines(
      "color", "element fg bg [attribute ...]", "element: " + Theme.Element.allCases.map(\.rawValue).joined(separator: ", "),
      apply: ConfigParser.color),
    .lines(
      "action", "name [--show] program [argument ...]",
      "Defines an action bind-key can bind (give it above the bind-key line): the program runs without a shell on the open article, %u its address and %t its title, the article as JSON on its stdin; --show shows its output in the article pane.",
      apply: ConfigParser.action),
    .number("action-timeout", 1...3600, \.ui.actionTimeout, "Seconds an action or pipe-to may run before it is stopped."),
    .single(
      "save-path", "folder", "The folder save offers for the file (~ is your home).", unset: "the current folder",
      value: { $0.ui.savePath }
    ) { value, config in
      guard !value.isEmpty else { return "expected a folder" }
      config.ui.savePath = value
      return nil
    },
    .lines(
      "highlight", "place regex fg bg [attribute ...]",
      "place: " + HighlightRule.Place.allCases.map(\.rawValue).joined(separator: ", "), apply: ConfigParser.highlight),
    .lines(
      "bind-key", "key action", "action: " + Action.allCases.map(\.configName).joined(separator: ", "), apply: ConfigParser.bindKey),
    .lines(
      "macro", "key command [; command ...]",
      "Run with , then key: each command an action (as bind-key names it) or set browser|player VALUE.",
      apply: ConfigParser.macro),
    .single(
      "sync", "greader|none", "The server that keeps the feeds, read state and stars: the Google Reader API (FreshRSS, Miniflux, Inoreader, The Old Reader).",
      value: { $0.engine.sync.service?.rawValue ?? "none" }
    ) { value, config in
      switch value.lowercased() {
      case "none", "off", "no": config.engine.sync.service = nil
      default:
        guard let service = SyncSettings.Service(rawValue: value.lowercased()) else {
          return "expected greader (the Google Reader API of FreshRSS, Miniflux, Inoreader, The Old Reader) or none, got \"\(value)\""
        }
        config.engine.sync.service = service
      }
      return nil
    },
    .single("sync-url", "address", "The API's address (FreshRSS: https://host/api/greader.php).", unset: "none", value: { $0.engine.sync.url?.absoluteString }) {
      value, config in
      switch SyncSettings.apiURL(value) {
      case .success(let url): config.engine.sync.url = url
      case .failure(let problem): return problem.message
      }
      return nil
    },
    .single("sync-user", "name", "The user name on the server.", unset: "none", value: { $0.engine.sync.user }) { value, config in
      guard !value.isEmpty else { return "expected the user name on the server" }
      config.engine.sync.user = value
      return nil
    },
    .single(
      "sync-password-file", "path", "A file whose first line is the password (relative to the config folder).", unset: "none",
      value: { if case .file(let path) = $0.engine.sync.password { path } else { nil } }
    ) { value, config in
      guard !value.isEmpty else { return "expected the path of a file holding the password" }
      config.engine.sync.password = .file(value)
      return nil
    },
    Setting(
      name: "sync-password-command", syntax: "program [argument ...]",
      summary: "Run without a shell when a sync needs the password; its first line of output is the password.", unset: "none",
      value: { if case .command(let words) = $0.engine.sync.password { words.map(LineTokenizer.quote).joined(separator: " ") } else { nil } }
    ) { values, config in
      guard !values.isEmpty, !values[0].isEmpty else { return "sync-password-command: expected a command and its arguments (run without a shell)" }
      config.engine.sync.password = .command(values)
      return nil
    },
    .flag("sync-keep-local", \.engine.sync.keepLocal, "The urls file's feeds stay alongside the server's, fetched directly."),
  ]

  /// `all` by name, for the parser.
  static let named: [String: Setting] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
}
