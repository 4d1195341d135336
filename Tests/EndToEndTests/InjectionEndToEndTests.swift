import Foundation
import Testing

/// Terminal injection, at the byte level: hostile feeds (Fixtures/hostile.json and hostile.xml
/// carry OSC 52 clipboard writes, title changes, CSI clears and cursor moves, C1 CSI/OSC, bidi overrides,
/// NUL, BEL, BS and DEL in titles, content, authors, dates, links and enclosures) shown by the real binary,
/// with every byte it writes to the pty recorded (`pipe-pane`) and searched for what must never be there.
@Suite("Terminal injection in tmux", .serialized)
struct InjectionEndToEndTests {
  static let fixtures = TerminalEndToEndTests.fixtures
  static let hostileSources = [
    fixtures.appendingPathComponent("hostile.json").path,
    fixtures.appendingPathComponent("hostile.xml").path,
    // An error message with an escape in it: a feed path that cannot be read.
    FileManager.default.temporaryDirectory.appendingPathComponent("missing-\u{1B}]0;err-title\u{07}-\u{202E}.xml").path,
  ]

  /// What no byte stream to a terminal may contain, by name.
  static func injections(in bytes: [UInt8]) -> [String] {
    var found: [String] = []
    func add(_ name: String, at i: Int) { if found.count < 12 { found.append("\(name) at \(i)") } }
    for i in bytes.indices {
      let b = bytes[i]
      let next = i + 1 < bytes.count ? bytes[i + 1] : 0
      let third = i + 2 < bytes.count ? bytes[i + 2] : 0
      switch b {
      case 0x00: add("NUL", at: i)
      case 0x07: add("BEL", at: i)
      case 0x1B where next == UInt8(ascii: "]"): add("OSC (ESC ])", at: i)
      case 0x1B where [UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"), UInt8(ascii: "X")].contains(next):
        add("DCS/APC/PM/SOS", at: i)
      case 0xC2 where (0x80...0x9F).contains(next): add(String(format: "C1 U+%04X", Int(next)), at: i)
      case 0xE2 where next == 0x80 && ((0xAA...0xAE).contains(third) || third == 0x8E || third == 0x8F):
        add(String(format: "bidi U+20%02X", Int(third) - 0x80), at: i)
      case 0xE2 where next == 0x81 && (0xA6...0xA9).contains(third):
        add(String(format: "bidi U+20%02X", Int(third) - 0x80 + 0x40), at: i)
      case 0xD8 where next == 0x9C: add("bidi U+061C", at: i)
      default: break
      }
    }
    return found
  }

  @Test func theDetectorFindsEachInjection() {
    let hostile = "a\u{1B}]52;c;eA==\u{07}b\u{9B}2J\u{9D}0;t\u{202E}x\u{2066}y\u{0}"
    let found = Self.injections(in: Array(hostile.utf8)).map { $0.components(separatedBy: " at").first! }
    #expect(found == ["OSC (ESC ])", "BEL", "C1 U+009B", "C1 U+009D", "bidi U+202E", "bidi U+2066", "NUL"])
    #expect(Self.injections(in: Array("\u{1B}[2J\u{1B}[10;10H plain é 日 \u{FFFD}".utf8)).isEmpty)
  }

  @Test("hostile feeds: the screen shows the text neutralized, the pty gets none of it", arguments: [(120, 40), (60, 20)])
  func hostileFeedsInTheReader(size: (Int, Int)) throws {
    let tmux = try TmuxHarness(
      arguments: Self.hostileSources, cols: size.0, rows: size.1, environment: ["BROWSER": "/bin/true"],
      recordOutput: true)
    defer { tmux.close() }
    // The feed list: titles with their escapes dropped (plain-text titles), the unreadable path's error
    // in the status line.
    try tmux.waitFor(text: "pwned")
    try tmux.waitFor(text: "Failed: No such file")  // the reload's end: its failure's reason first
    /// From the feed list: the selected feed's first article, then its popover (closed again).
    func openFirstArticle(listShowing title: String) throws -> (article: String, popover: String) {
      try tmux.send(keys: "Enter")
      try tmux.waitFor(text: title)
      try tmux.send(keys: "Enter")
      try tmux.waitFor(text: "Publish Date]")
      let article = try tmux.settledScreen().joined(separator: "\n")
      try tmux.send(keys: "p")
      try tmux.waitFor(text: "Publish Date:")
      let popover = try tmux.settledScreen().joined(separator: "\n")  // the whole popover, not mid-draw
      try tmux.send(keys: "Escape")
      return (article, popover)
    }

    let (article, popover) = try openFirstArticle(listShowing: "OSC52")
    // Content: the HTML renderer drops the controls; the byline (plain text) shows them as U+FFFD.
    var visible = ["By Mallory \u{FFFD}[H\u{FFFD}[2J \u{FFFD}]0;author\u{FFFD} roht", "Body ]52;c;Ym9keQ== clip, [2J clear"]
    if size.0 < 100 { visible = ["By Mallory", "Body ]52;c;Ym9keQ== clip,"] }
    for text in visible { #expect(article.contains(text), "\(text) in\n\(article)") }
    #expect(!article.contains("\u{1B}"))
    #expect(popover.contains("Tue \u{FFFD}[5A 31 Feb \u{FFFD}2J \u{FFFD} etad"), "the raw date, neutralized:\n\(popover)")
    try tmux.send(keys: "G")  // the link list at the bottom
    try tmux.waitFor(text: "Links")
    for _ in 0..<3 { try tmux.send(keys: "h") }
    try tmux.waitFor(text: "pwned")
    try tmux.send(keys: "Down")
    let rss = try openFirstArticle(listShowing: "UlNT")
    #expect(rss.article.contains("Desc ]52;c;ZGVzYw=="), "\(rss.article)")
    try tmux.resize(cols: size.1 * 3, rows: size.0 / 3)
    try tmux.resize(cols: size.0, rows: size.1)
    try tmux.send(keys: "?")
    try tmux.waitFor(text: "next row")
    try tmux.send(keys: "Escape")
    for _ in 0..<5 {
      try tmux.send(keys: "q")
      if (try? tmux.waitForExit(timeout: 1)) != nil { break }
    }
    #expect(try tmux.waitForExit() == TmuxHarness.Exit(status: 0, terminalModesRestored: true))
    let bytes = tmux.outputBytes()
    #expect(bytes.count > 2000, "the session was recorded")
    #expect(Self.injections(in: bytes).isEmpty, "\(Self.injections(in: bytes))")
  }

  @Test("error messages on stderr (before the terminal is taken over) are neutralized too")
  func hostileErrorOnStderr() throws {
    let tmux = try TmuxHarness(arguments: ["dump", Self.hostileSources[2]], cols: 120, rows: 10, recordOutput: true)
    defer { tmux.close() }
    let exit = try tmux.waitForExit()
    #expect(exit.status != 0)
    try tmux.waitFor(text: "]0;err-title")
    let bytes = tmux.outputBytes()
    #expect(String(decoding: bytes, as: UTF8.self).contains("missing-"))
    #expect(Self.injections(in: bytes).isEmpty, "\(Self.injections(in: bytes))")
    #expect(try tmux.paneFormat("#{pane_title}") != "err-title")
  }

  @Test("splitfeed dump keeps every control JSON-escaped: no raw control byte on stdout", arguments: ["hostile.json", "hostile.xml"])
  func dumpEscapes(fixture: String) throws {
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("dump-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: out) }
    let status = ChildProcess.wait(
      try ChildProcess.spawn(TmuxHarness.binary, ["dump", Self.fixtures.appendingPathComponent(fixture).path], stdoutPath: out.path))
    #expect(status == 0)
    let bytes = try [UInt8](Data(contentsOf: out))
    #expect(Self.injections(in: bytes).isEmpty, "\(Self.injections(in: bytes))")
    let controls = bytes.filter { ($0 < 0x20 && $0 != 0x0A) || $0 == 0x7F }
    #expect(controls.isEmpty, "raw control bytes: \(controls)")
    // Still JSON, and the escapes decode to the feed's own text.
    let json = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    let item = try #require((json["items"] as? [[String: Any]])?.first)
    if fixture == "hostile.json" {
      #expect((item["author"] as? String)?.contains("\u{1B}]0;author\u{07}") == true)
      #expect((item["link"] as? String)?.contains("\u{1B}]8;;") == true)
      #expect((json["title"] as? String)?.contains("\u{202E}desrever") == true)
    } else {
      #expect((item["link"] as? String)?.contains("\u{9B}2J") == true)
    }
  }
}
