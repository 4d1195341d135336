import Foundation
import Reader
import TestSupport
import Testing

import TextLayout
@testable import ScreenKit
@testable import ReaderUI
@testable import splitfeed

@Suite("config file")
struct ConfigParserTests {
  @Test func defaultsMatchTheSpec() {
    let config = ConfigParser.parse("").config
    let ui = config.ui
    #expect(ui.regularWidth == 100 && ui.compactHeight == 24 && ui.landscapeMinWidth == 60)
    #expect(ui.metrics == SplitMetrics(preferredPrimaryColumnWidthFraction: 0.35, minimumPrimaryColumnWidth: 24, maximumPrimaryColumnWidth: 60))
    #expect(ui.preferredDisplayMode == .allVisible && ui.popoverStyle == .none && ui.layout == .auto)
    #expect(!ui.reloadOnStart && ui.reloadInterval == 0 && config.engine.reloadThreads == 8 && ui.browser == nil)
    #expect(ui.keyMap == .standard && ui.theme == Theme())
  }

  @Test func everySetting() {
    let text = """
      # comment
      regular-width 120
      compact-height 30
      landscape-min-width 70
      primary-width-fraction 0.4
      primary-min-width 20
      primary-max-width 80
      display-mode primaryOverlay
      popover-adaptive fullscreen
      layout stack
      reload-on-start yes
      reload-interval 15   # minutes
      reload-threads 4
      browser "w3m -o confirm_qq=false"
      color selection black yellow bold reverse
      color unread 208 default
      bind-key ^R reload-all
      bind-key PGDN page-down
      bind-key F5 reload
      """
    let (config, problems) = ConfigParser.parse(text)
    let ui = config.ui
    #expect(problems == [])
    #expect(ui.regularWidth == 120 && ui.compactHeight == 30 && ui.landscapeMinWidth == 70)
    #expect(ui.metrics == SplitMetrics(preferredPrimaryColumnWidthFraction: 0.4, minimumPrimaryColumnWidth: 20, maximumPrimaryColumnWidth: 80))
    #expect(ui.preferredDisplayMode == .primaryOverlay && ui.popoverStyle == .fullScreen && ui.layout == .stack)
    #expect(ui.reloadOnStart && ui.reloadInterval == 15 && config.engine.reloadThreads == 4)
    #expect(ui.browser == "w3m -o confirm_qq=false")
    #expect(ui.theme.selection == Style(foreground: .black, background: .yellow, attributes: [.bold, .reverse]))
    #expect(ui.theme.unread == Style(foreground: .index(208), background: .default))
    #expect(ui.keyMap.action(for: .control("r"), in: .window) == .reloadAll)
    #expect(ui.keyMap.action(for: .pageDown, in: .list) == .pageDown)
    #expect(ui.keyMap.action(for: .function(5), in: .window) == .reload)
  }

  @Test(arguments: [
    ("foo 1", "config line 1: unknown setting \"foo\""),
    ("regular-width wide", "config line 1: regular-width: expected a whole number from 1 to 10000, got \"wide\""),
    ("display-mode sideways", "config line 1: display-mode: expected one of automatic, allVisible, primaryHidden, primaryOverlay, twoBesideSecondary, twoOverSecondary, got \"sideways\""),
    ("reload-on-start maybe", "config line 1: reload-on-start: expected yes or no, got \"maybe\""),
    ("primary-width-fraction 1.5", "config line 1: primary-width-fraction: expected a fraction between 0 and 1 (like 0.35), got \"1.5\""),
    ("browser w3m -dump", "config line 1: browser takes one value, got 2 (quote a value with spaces)"),
    ("browser \"w3m", "config line 1: a quoted value is not closed (missing \")"),
    ("color sidebar red blue", "config line 1: color: unknown element \"sidebar\" (known: list, selection, unread, title-bar, toolbar, popover, status, error, match)"),
    ("color list pink blue", "config line 1: color: \"pink\" is not a colour (default, black, red, green, yellow, blue, magenta, cyan, white, or 0–255)"),
    ("color list red blue blink", "config line 1: color: unknown attribute \"blink\" (known: bold, dim, italic, underline, reverse)"),
    ("bind-key CTRL-X quit", "config line 1: bind-key: unknown key \"CTRL-X\" (use a character, ^X, ENTER, TAB, SPACE, ESC, BACKSPACE, UP, DOWN, LEFT, RIGHT, HOME, END, PGUP, PGDN or F1–F12)"),
    ("bind-key q", "config line 1: bind-key takes a key and an action, got 1 values"),
    ("bind-key x explode", "config line 1: bind-key: unknown action \"explode\" for key x (man splitfeed lists every action under bind-key)"),
  ])
  func badLinesNameTheirLine(line: String, message: String) {
    let (config, problems) = ConfigParser.parse(line)
    #expect(problems.map(\.description) == [message])
    #expect(config == Config())  // the bad line changed nothing
  }

  @Test("an ignore-article expression past the parser's bounds is one short problem naming its line")
  func hostileIgnoreExpressions() {
    let nested = String(repeating: "(", count: 100_000) + "unread" + String(repeating: ")", count: 100_000)
    let terms = (0..<200_000).map { "title = \\\"t\($0)\\\"" }.joined(separator: " or ")
    let (config, problems) = ConfigParser.parse("ignore-article * \"\(nested)\"\nignore-article * \"\(terms)\"\nreload-threads 2\n")
    #expect(problems.map(\.line) == [1, 2])
    #expect(problems[0].description.hasPrefix("config line 1: ignore-article: more than 64 nested parentheses"))
    #expect(problems[1].description.hasPrefix("config line 2: ignore-article: more than 256 comparisons"))
    #expect(problems.allSatisfy { $0.description.count < 300 }, "the expression is not quoted whole")
    #expect(config.engine.reloadThreads == 2 && config.engine.ignoreArticles.isEmpty)
  }

  @Test func reloadPeriodNamesAFeedATagOrEveryFeed() {
    let (config, problems) = ConfigParser.parse(
      "reload-period https://example.com/feed.xml 5\nreload-period tag:weekly 1440\nreload-period * 60\nreload-period * 30\n")
    #expect(problems.isEmpty)
    #expect(
      config.engine.reloadPeriods.rules == [.feed("https://example.com/feed.xml"): 300, .tag("weekly"): 86_400, .all: 1800])
    let (_, wrong) = ConfigParser.parse("reload-period * soon\nreload-period tag:x\nreload-period * -1\n")
    #expect(wrong.count == 3)
  }

  @Test func alwaysFullArticleNamesFeedsTagsOrEveryFeed() {
    let (config, problems) = ConfigParser.parse(
      "always-full-article https://example.com/feed.xml \"https://news.example/rss\" tag:long\nalways-full-article *\n")
    #expect(problems.isEmpty)
    #expect(
      config.ui.alwaysFullArticle == [.feed("https://example.com/feed.xml"), .feed("https://news.example/rss"), .tag("long"), .all])
    let (empty, problem) = ConfigParser.parse("always-full-article\n")
    #expect(
      problem.map(\.description)
        == ["config line 1: always-full-article takes feeds (their addresses as in the urls file), tag:NAME or *"])
    #expect(empty == Config())
  }

  @Test func problemsCarryLineNumbersAndTheRestLoads() {
    let (config, problems) = ConfigParser.parse("reload-threads 2\n\n# x\nbogus\nlayout split\n")
    #expect(problems.map(\.line) == [4])
    #expect(config.engine.reloadThreads == 2 && config.ui.layout == .split)
  }

  @Test(arguments: [
    ("j", Key.character("j")), ("?", .character("?")), ("^R", .control("r")), ("ENTER", .enter), ("tab", .tab),
    ("SPACE", .character(" ")), ("UP", .up), ("PGDN", .pageDown), ("NPAGE", .pageDown), ("PPAGE", .pageUp),
    ("F5", .function(5)), ("ESC", .escape), ("BACKSPACE", .backspace), ("END", .end),
  ])
  func keyNames(text: String, key: Key) {
    #expect(KeyName.parse(text) == key)
  }

  @Test func unknownKeyNames() {
    for text in ["", "F13", "^1", "CTRL", "jj"] { #expect(KeyName.parse(text) == nil, "\(text)") }
  }

  @Test("CRLF config: every setting is read; a problem quotes a short excerpt of a long line")
  func crlfConfig() {
    let (config, problems) = ConfigParser.parse(bytes: Array("\u{FEFF}reload-threads 3\r\nlayout split\r\nbrowser \"firefox %u\"\r\n".utf8))
    #expect(problems.isEmpty)
    #expect(config.engine.reloadThreads == 3 && config.ui.layout == .split && config.ui.browser == "firefox %u")
    let long = String(repeating: "x", count: 100_000)
    let (_, longProblems) = ConfigParser.parse("layout \(long)\nbogus-\(long) 1\n")
    #expect(longProblems.count == 2)
    #expect(longProblems.allSatisfy { $0.message.count <= LineProblem.maxMessageLength })
    #expect(longProblems[0].description.hasPrefix("config line 1: layout: expected one of"))
    let bad = ConfigParser.parse(bytes: Array("reload-threads 2\n".utf8) + [0xFF, 0x0A] + Array("layout stack\n".utf8))
    #expect(bad.config.engine.reloadThreads == 2 && bad.config.ui.layout == .stack)
    #expect(bad.problems.map(\.line) == [2])
  }

  @Test func pathsFollowXDGAndOverrides() {
    let env = ["HOME": "/home/u", "XDG_CONFIG_HOME": "/xdg/config", "XDG_DATA_HOME": "relative/ignored"]
    #expect(Paths.resolve(environment: env) == Paths(configDirectory: "/xdg/config/splitfeed", cacheFile: "/home/u/.local/share/splitfeed/cache.db"))
    #expect(Paths.resolve(environment: ["HOME": "/home/u"]).configFile == "/home/u/.config/splitfeed/config")
    let overridden = Paths.resolve(configDirectory: "~/cfg", cacheFile: "/tmp/c.db", environment: env)
    #expect(overridden == Paths(configDirectory: "/home/u/cfg", cacheFile: "/tmp/c.db"))
    #expect(overridden.urlsFile == "/home/u/cfg/urls")
  }
}

/// The urls file's atomic rewrite (subscribing in a page's place; `import`).
@Suite struct UrlsFileStoreTests {
  @Test func writeReplacesTheSymlinkTargetKeepsItsModeAndLeavesNoTemporaryFile() throws {
    let temporary = try TemporaryDirectory("splitfeed-urls")
    let folder = temporary.url
    let dotfiles = folder.appendingPathComponent("dotfiles")
    let config = folder.appendingPathComponent("conf")
    try FileManager.default.createDirectory(at: dotfiles, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    let target = dotfiles.appendingPathComponent("urls").path
    try Data("https://blog.example/ tag # page\nhttps://b.example/\n".utf8).write(to: URL(fileURLWithPath: target))
    chmod(target, 0o640)
    try FileManager.default.createSymbolicLink(atPath: config.appendingPathComponent("urls").path, withDestinationPath: target)

    let store = UrlsFileStore(paths: Paths(configDirectory: config.path, cacheFile: folder.path + "/c.db"))
    #expect(try store.replaceAddress(of: "https://blog.example/", with: "https://blog.example/feed.xml") == 1)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "https://blog.example/feed.xml tag # page\nhttps://b.example/\n")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: store.path) == target, "still a link")
    var info = stat()
    stat(target, &info)
    #expect(info.st_mode & 0o777 == 0o640)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dotfiles.path).sorted() == [".urls.lock", "urls"], "only the lock, kept")
    #expect(throws: UrlsFileStore.Failure.self) { try store.replaceAddress(of: "https://absent.example/", with: "x") }
  }
}

/// `macro` lines as the config file reads them: one per key, each command checked; a line that cannot
/// run names what it could not take.
@Suite("config file: macro")
struct MacroLineTests {
  @Test func macroLinesAreReadOrNamed() {
    let (config, problems) = ConfigParser.parse("""
      macro v set browser "mpv %u" ; open-in-browser ; set browser firefox
      macro x set reload-threads 3
      macro ^N next-unread
      """)
    #expect(config.ui.macros[.character("v")]?.steps == [.set("browser", "mpv %u"), .action(.openInBrowser), .set("browser", "firefox")])
    #expect(config.ui.macros[.control("n")]?.steps == [.action(.nextUnread)])
    #expect(problems.map(\.line) == [2])
    #expect(problems.first?.message == "macro x: \"set reload-threads\" cannot change while the reader runs (macros may set browser, player)")
  }
}
