import Foundation
import Testing

/// Emoji clusters in a real xterm (Debian's xterm 379 under Xvfb, a fixed 6×13 bitmap font) and in tmux
/// 3.3: the two draw ZWJ sequences differently (xterm gives every scalar its own width, tmux joins the
/// scalar after a joiner into the cell before; docs/DECISIONS.md, 2026-11-26), so a title measured for one
/// of them pushed the other's line past the pane. The split's divider must stay in its column in both.
@Suite("Clusters in xterm and tmux", .serialized)
struct XtermEndToEndTests {
  /// ZWJ sequences (👩‍💻, a family, 🏳️‍🌈, 🏃‍♀️, 🧑🏾‍🚀), skin tones and flags, in titles long enough to wrap in
  /// the list, with plain words around them.
  static let titles = [
    "\u{1F469}\u{200D}\u{1F4BB} Coder of the week \u{1F469}\u{200D}\u{1F4BB} pairs with \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} family",
    "\u{1F44D}\u{1F3FD} Thumbs up \u{1F44D}\u{1F3FF} for the release \u{1F44D}\u{1F3FB}",
    "\u{1F1EF}\u{1F1F5} \u{1F1EB}\u{1F1F7} \u{1F1E9}\u{1F1EA} Flags of the world cup",
    "\u{1F3C3}\u{200D}\u{2640}\u{FE0F} Runner \u{1F3F3}\u{FE0F}\u{200D}\u{1F308} parade \u{1F469}\u{1F3FD}\u{200D}\u{1F4BB} at work",
    "Plain title without any emoji at all",
    "Mixed \u{1F9D1}\u{1F3FE}\u{200D}\u{1F680} astronaut \u{1F1FA}\u{1F1F8} and \u{1F44B}\u{1F3FC} wave",
  ]

  /// A run folder with the feed `www/clusters.xml` of `titles`.
  static func folder() throws -> RunFolder {
    let folder = try RunFolder("splitfeed-xterm")
    try FileManager.default.createDirectory(at: folder.root.appendingPathComponent("www"), withIntermediateDirectories: true)
    try folder.writeFeed("clusters.xml", title: "Clusters", items: titles)
    return folder
  }

  static let cols = 120, rows = 30
  /// The split's list at 120 columns is 35 % of them (DESIGN §3): the divider is column 42.
  static let dividerColumn = 42
  /// The font's cell, in pixels (misc-fixed semicondensed 13: 6×13).
  static let cellWidth = 6, cellHeight = 13
  static let font = "-misc-fixed-medium-r-semicondensed--13-120-75-75-c-60-iso10646-1"

  @Test(
    "xterm: every row keeps the divider's glyph in its column and nothing of the list past it",
    .enabled(if: XvfbScreen.isAvailable, "Xvfb, xterm or xwd is not installed (scripts/test installs xvfb xterm x11-apps xfonts-base)"))
  func dividerStaysPutInXterm() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder.root) }
    let screen = try XvfbScreen(width: Self.cols * Self.cellWidth + 40, height: Self.rows * Self.cellHeight + 40)
    defer { screen.stop() }
    let home = folder.root.appendingPathComponent("home").path
    try screen.launch(
      [
        "xterm", "-geometry", "\(Self.cols)x\(Self.rows)+0+0", "-fn", Self.font, "-b", "0", "-bw", "0",
        "-bg", "black", "-fg", "white", "-u8", "+sb", "-e", TmuxHarness.binary, "--config-dir", folder.configDir,
        "--cache", folder.cacheFile, folder.root.appendingPathComponent("www/clusters.xml").path,
      ],
      environment: [
        "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TZ": "UTC", "HOME": home,
        "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      ])
    let shot = try settledScreenshot(screen)

    // Every row but the status line: the divider's cell holds the same glyph (the one most rows show) and
    // it is a vertical stroke; the article pane's first columns stay blank on the list's rows.
    let blocks = (0..<(Self.rows - 1)).map { cell(shot, column: Self.dividerColumn, row: $0) }
    let counts = Dictionary(blocks.map { ($0, 1) }, uniquingKeysWith: +)
    let divider = try #require(counts.max { $0.value < $1.value }?.key)
    #expect((0..<Self.cellWidth).contains { x in (0..<Self.cellHeight).allSatisfy { divider[$0 * Self.cellWidth + x] } },
      "the divider's cell holds no vertical stroke")
    var failed = false
    for (row, block) in blocks.enumerated() where block != divider {
      failed = true
      Issue.record("row \(row): the divider's cell holds something else (a title ran past the pane)")
    }
    for row in 1..<(Self.rows - 2) {
      let spill = (Self.dividerColumn + 1...Self.dividerColumn + 8).filter { cell(shot, column: $0, row: row).contains(true) }
      if !spill.isEmpty {
        failed = true
        Issue.record("row \(row): columns \(spill) right of the divider are drawn on")
      }
    }
    if failed {
      // The screen to look at (`convert splitfeed-xterm-failed.ppm shot.png`).
      let file = FileManager.default.temporaryDirectory.appendingPathComponent("splitfeed-xterm-failed.ppm")
      try? shot.ppm.write(to: file)
      Issue.record("the screenshot: \(file.path)")
    }
  }

  /// Back from a tag's level to the feed list, in the split: the article pane shows its placeholder ("No
  /// article selected") again, pixel for pixel as at the start, never a blank pane (DESIGN §3).
  @Test(
    "xterm: Back from a tag shows 'No article selected' again, not a blank article pane",
    .enabled(if: XvfbScreen.isAvailable, "Xvfb, xterm or xwd is not installed (scripts/test installs xvfb xterm x11-apps xfonts-base)"))
  func backFromATagShowsThePlaceholder() throws {
    let folder = try RunFolder("splitfeed-xterm-tag")
    let www = folder.root.appendingPathComponent("www")
    try FileManager.default.createDirectory(at: www, withIntermediateDirectories: true)
    try folder.writeFeed("alpha.xml", title: "Alpha", items: ["Apple story", "Avocado story"])
    try folder.writeFeed("beta.xml", title: "Beta", items: ["Banana story"])
    let urls = www.appendingPathComponent("alpha.xml").path + " tech\n" + www.appendingPathComponent("beta.xml").path + "\n"
    try Data(urls.utf8).write(to: URL(fileURLWithPath: folder.configDir + "/urls"))
    let run = try PicturesXtermEndToEndTests.Run(folder: folder, server: nil, cols: Self.cols, rows: Self.rows, readerArguments: [])
    _ = try settledScreenshot(run.screen)
    // A key clears the start-up reload's summary, and the panes take its row: the placeholder as it is
    // drawn from then on, at the feed list's first row.
    try run.type("g")
    var previous: XwdImage?
    let start = try run.waitFor("the status line cleared") { shot in
      defer { previous = shot }
      // The summary ran past the divider's column; the tab bar, on that row from then on, does not.
      let statusBlank = ((Self.dividerColumn + 1) * Self.cellWidth..<Self.cols * Self.cellWidth).allSatisfy { x in
        (0..<Self.cellHeight).allSatisfy { shot[x, (Self.rows - 1) * Self.cellHeight + $0] == 0 }
      }
      return statusBlank && shot == previous
    }
    let placeholder = region(start, columns: Self.dividerColumn + 1..<Self.cols)
    #expect(placeholder.contains { $0 != 0 }, "the placeholder is drawn")
    let list = { (shot: XwdImage) in region(shot, columns: 0..<Self.dividerColumn) }
    // A reference frame is one xterm has finished drawing (two shots alike): one caught mid-draw would
    // never be seen again.
    func settled(_ what: String, _ condition: (XwdImage) -> Bool) throws -> XwdImage {
      var previous: XwdImage?
      return try run.waitFor(what) { shot in
        defer { previous = shot }
        return condition(shot) && shot == previous
      }
    }
    // Unread, Starred, tech/, Beta: the tag's level (Alpha), Alpha's articles, then Back twice.
    try run.type("jj")
    let onTag = try settled("the tag's row selected") { list($0) != list(start) }
    try run.type("\r")
    let level = try settled("the tag's level") { list($0) != list(onTag) }
    try run.type("\r")
    _ = try run.waitFor("Alpha's articles") { list($0) != list(level) }
    try run.type("h")
    _ = try run.waitFor("the tag's level again") { list($0) == list(level) }
    try run.type("h")
    _ = try run.waitFor("the feed list again") { list($0) == list(onTag) }
    _ = try run.waitFor("'No article selected' back in the article pane after the tag's level") { shot in
      region(shot, columns: Self.dividerColumn + 1..<Self.cols) == placeholder
    }
    // The tag's articles as one list (`T`), and Back.
    try run.type("T")
    _ = try run.waitFor("the tag's articles") { list($0) != list(onTag) }
    try run.type("h")
    _ = try run.waitFor("the feed list once more") { list($0) == list(onTag) }
    _ = try run.waitFor("'No article selected' back in the article pane after the tag's articles") { shot in
      region(shot, columns: Self.dividerColumn + 1..<Self.cols) == placeholder
    }
  }

  /// The pixels of `columns` over every row but the status line.
  func region(_ shot: XwdImage, columns: Range<Int>) -> [UInt32] {
    (0..<(Self.rows - 1) * Self.cellHeight).flatMap { y in
      (columns.lowerBound * Self.cellWidth..<columns.upperBound * Self.cellWidth).map { shot[$0, y] }
    }
  }

  /// The ink of one cell: true where a pixel differs from the background (black).
  func cell(_ shot: XwdImage, column: Int, row: Int) -> [Bool] {
    (0..<Self.cellHeight).flatMap { y in
      (0..<Self.cellWidth).map { x in shot[column * Self.cellWidth + x, row * Self.cellHeight + y] != 0 }
    }
  }

  /// A screenshot once the reader has drawn its list and the start-up reload's summary (the status line is
  /// drawn on) and two shots in a row agree.
  func settledScreenshot(_ screen: XvfbScreen) throws -> XwdImage {
    let deadline = Date().addingTimeInterval(60)
    var last: XwdImage?
    while Date() < deadline {
      let shot = try screen.screenshot()
      let statusDrawn = (0..<(Self.cols * Self.cellWidth)).contains { x in
        (0..<Self.cellHeight).contains { shot[x, (Self.rows - 1) * Self.cellHeight + $0] != 0 }
      }
      if statusDrawn, shot == last { return shot }
      last = shot
      Thread.sleep(forTimeInterval: 0.3)
    }
    let lit = last.map { shot in (0..<shot.height).reduce(0) { n, y in n + (0..<shot.width).filter { shot[$0, y] != 0 }.count } } ?? 0
    let saved = FileManager.default.temporaryDirectory.appendingPathComponent("xterm-unsettled-\(UUID().uuidString.prefix(8)).ppm")
    try? last?.ppm.write(to: saved)
    throw TmuxHarness.Failure(
      description: "the reader's screen in xterm did not settle in 60 s (\(lit) pixels lit; clients \(screen.clientStates); \(saved.path))")
  }

  /// The same feed in tmux at the same size: every row holding the divider holds it in column 42, and the
  /// clusters reach the pane (without their joiners, as both terminals draw them alike).
  @Test func dividerStaysPutInTmux() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder.root) }
    let tmux = try folder.launchReader(feeds: ["www/clusters.xml"], size: (Self.cols, Self.rows))
    defer { tmux.close() }
    let screen = try tmux.settledScreen()
    let shown = screen.joined(separator: "\n")
    var rowsWithDivider = 0
    for (y, row) in screen.enumerated() {
      let columns = try tmuxColumns(row)
      if let x = columns.divider {
        rowsWithDivider += 1
        #expect(x == Self.dividerColumn, "row \(y): divider at \(x)\n\(shown)")
      }
      #expect(columns.width <= Self.cols, "row \(y) is \(columns.width) columns wide\n\(shown)")
    }
    #expect(rowsWithDivider >= Self.rows - 2, "\(shown)")
    #expect(shown.contains("\u{1F469}\u{1F4BB} Coder"), "\(shown)")
    #expect(shown.contains("\u{1F44D}\u{1F3FD} Thumbs"), "\(shown)")
    #expect(shown.contains("\u{1F1EF}\u{1F1F5} \u{1F1EB}\u{1F1F7}"), "\(shown)")
  }

  /// A captured row's width by what tmux 3.3a draws once no joiner is sent (every scalar its `wcwidth`:
  /// docs/DECISIONS.md, 2026-11-26), independent of the app's `DisplayWidth`, and the divider's column.
  func tmuxColumns(_ row: String) throws -> (width: Int, divider: Int?) {
    var x = 0
    var divider: Int?
    for scalar in row.unicodeScalars {
      let v = scalar.value
      if scalar == "│" && divider == nil { divider = x }
      switch v {
      case 0x20..<0x7F, 0x2500...0x257F, 0x2026, 0x2014, 0x2039, 0x25E7, 0x2022, 0xB7, 0x2640, 0x1F1E6...0x1F1FF, 0x1F3F3: x += 1
      case 0xFE0F: break
      case 0x200D: throw TmuxHarness.Failure(description: "a U+\(String(v, radix: 16)) reached tmux: \(row)")
      case 0x1F3FB...0x1F3FF, 0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF: x += 2
      default: throw TmuxHarness.Failure(description: "no tmux width for U+\(String(v, radix: 16)) in \(row)")
      }
    }
    return (x, divider)
  }
}
