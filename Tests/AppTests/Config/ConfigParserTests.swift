import Foundation
import Reader
import Testing

@testable import App

@Suite("config file")
struct ConfigParserTests {
  @Test func defaultsMatchTheSpec() {
    let config = ConfigParser.parse("").config
    #expect(config.regularWidth == 100 && config.compactHeight == 24 && config.landscapeMinWidth == 60)
    #expect(config.primaryWidthFraction == 0.35 && config.primaryMinWidth == 24 && config.primaryMaxWidth == 60)
    #expect(config.displayMode == .allVisible && config.popoverAdaptive == .none && config.layout == .auto)
    #expect(!config.reloadOnStart && config.reloadInterval == 0 && config.reloadThreads == 8 && config.browser == nil)
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
    #expect(problems == [])
    #expect(config.regularWidth == 120 && config.compactHeight == 30 && config.landscapeMinWidth == 70)
    #expect(config.primaryWidthFraction == 0.4 && config.primaryMinWidth == 20 && config.primaryMaxWidth == 80)
    #expect(config.displayMode == .primaryOverlay && config.popoverAdaptive == .fullscreen && config.layout == .stack)
    #expect(config.reloadOnStart && config.reloadInterval == 15 && config.reloadThreads == 4)
    #expect(config.browser == "w3m -o confirm_qq=false")
    #expect(config.colors[.selection] == Style(foreground: .black, background: .yellow, attributes: [.bold, .reverse]))
    #expect(config.colors[.unread] == Style(foreground: .index(208), background: .default))
    #expect(config.bindings.map(\.key) == [.control("r"), .pageDown, .function(5)])
    #expect(config.bindings.map(\.action) == ["reload-all", "page-down", "reload"])
  }

  @Test(arguments: [
    ("foo 1", "config line 1: unknown setting \"foo\""),
    ("regular-width wide", "config line 1: regular-width: expected a whole number from 1 to 10000, got \"wide\""),
    ("display-mode sideways", "config line 1: display-mode: expected one of automatic, allVisible, primaryHidden, primaryOverlay, got \"sideways\""),
    ("reload-on-start maybe", "config line 1: reload-on-start: expected yes or no, got \"maybe\""),
    ("primary-width-fraction 1.5", "config line 1: primary-width-fraction: expected a fraction between 0 and 1 (like 0.35), got \"1.5\""),
    ("browser w3m -dump", "config line 1: browser takes one value, got 2 (quote a value with spaces)"),
    ("browser \"w3m", "config line 1: a quoted value is not closed (missing \")"),
    ("color sidebar red blue", "config line 1: color: unknown element \"sidebar\" (known: list, selection, unread, title-bar, toolbar, popover, status, error)"),
    ("color list pink blue", "config line 1: color: \"pink\" is not a colour (default, black, red, green, yellow, blue, magenta, cyan, white, or 0–255)"),
    ("color list red blue blink", "config line 1: color: unknown attribute \"blink\" (known: bold, dim, italic, underline, reverse)"),
    ("bind-key CTRL-X quit", "config line 1: bind-key: unknown key \"CTRL-X\" (use a character, ^X, ENTER, TAB, SPACE, ESC, BACKSPACE, UP, DOWN, LEFT, RIGHT, HOME, END, PGUP, PGDN or F1–F12)"),
    ("bind-key q", "config line 1: bind-key takes a key and an action, got 1 values"),
  ])
  func badLinesNameTheirLine(line: String, message: String) {
    let (config, problems) = ConfigParser.parse(line)
    #expect(problems.map(\.description) == [message])
    #expect(config == Config())  // the bad line changed nothing
  }

  @Test func problemsCarryLineNumbersAndTheRestLoads() {
    let (config, problems) = ConfigParser.parse("reload-threads 2\n\n# x\nbogus\nlayout split\n")
    #expect(problems.map(\.line) == [4])
    #expect(config.reloadThreads == 2 && config.layout == .split)
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

  @Test func actionsAreCheckedAgainstTheKeyMapsNames() {
    let (config, _) = ConfigParser.parse("bind-key j down\nbind-key x explode\n")
    let problems = config.bindingProblems(validActions: ["down", "up"])
    #expect(problems.map(\.description) == ["config line 2: unknown action \"explode\" for key x (known: down, up)"])
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

/// The urls file's atomic rewrite (issue 6: subscribing in a page's place; `import`).
@Suite struct UrlsFileStoreTests {
  @Test func writeReplacesTheSymlinkTargetKeepsItsModeAndLeavesNoTemporaryFile() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("splitfeed-urls-\(UUID().uuidString.prefix(8))")
    defer { try? FileManager.default.removeItem(at: folder) }
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
    #expect(try FileManager.default.contentsOfDirectory(atPath: dotfiles.path) == ["urls"])
    #expect(throws: UrlsFileStore.Failure.self) { try store.replaceAddress(of: "https://absent.example/", with: "x") }
  }
}
