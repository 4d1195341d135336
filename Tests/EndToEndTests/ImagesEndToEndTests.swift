import Foundation
import Pixels
import Reader
import TestSupport
import Testing

/// Pictures in the article, in the binary, in tmux (cells mode): an article with two pictures from a
/// loopback server shows their half-block cells where the article has them, in the pictures' colours,
/// sized to the pane (never past their own size) at two widths, on `t` and across a resize; `inline-images off` and `i` show the alt text.
@Suite(.serialized)
struct ImagesEndToEndTests {
  /// 640 × 160 red: 80 columns of its own, a quarter as tall (rows = columns / 8, two pixels a row).
  static let red = "38:5:196"
  /// 80 × 80 blue: 10 columns, 5 rows at any pane wider than that.
  static let blue = "38:5:21"

  final class Setup {
    let folder: RunFolder
    let server: TestHTTPServer

    init(config: String = "") throws {
      folder = try RunFolder("splitfeed-images")
      let site = folder.root.appendingPathComponent("site")
      try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
      try TestPNG.solid(width: 640, height: 160, 255, 0, 0).write(to: site.appendingPathComponent("red.png"))
      try TestPNG.solid(width: 80, height: 80, 0, 0, 255).write(to: site.appendingPathComponent("blue.png"))
      server = try TestHTTPServer(serving: site)
      let base = "http://127.0.0.1:\(server.port)"
      let html = "<p>Firstpara text.</p><img src='\(base)/red.png' alt='Red bar'><p>Middlepara text.</p>"
        + "<p><img src='\(base)/blue.png' alt='Blue square'></p><p>Lastpara text.</p>"
      let escaped = html.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      let feed = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Pictures</title>"
        + "<item><title>Two pictures</title><link>\(base)/post.html</link><guid>p1</guid>"
        + "<pubDate>Fri, 01 May 2026 08:00:00 GMT</pubDate><description>\(escaped)</description></item>"
        + "</channel></rss>"
      try feed.write(toFile: folder.root.appendingPathComponent("feed.xml").path, atomically: true, encoding: .utf8)
      try config.write(toFile: folder.configDir + "/config", atomically: true, encoding: .utf8)
    }

    deinit {
      server.stop()
      try? FileManager.default.removeItem(at: folder.root)
    }

    func openArticle(_ size: (Int, Int), noColor: String = "") throws -> TmuxHarness {
      let tmux = try TmuxHarness(
        arguments: (size.0 < 100 ? ["--layout", "stack"] : [])
          + ["--config-dir", folder.configDir, "--cache", folder.cacheFile, folder.root.appendingPathComponent("feed.xml").path],
        cols: size.0, rows: size.1, environment: ["TZ": "UTC", "NO_COLOR": noColor])  // "": colours on, whatever the runner says
      try tmux.waitFor(text: "Reloaded")
      try tmux.send(keys: "Enter")
      try tmux.waitFor(text: "Two pictures")
      try tmux.send(keys: "Enter")
      try tmux.waitFor(text: "Firstpara")
      return tmux
    }
  }

  /// Per screen row: how many cells of `color` it has (0 when none).
  static func cells(of color: String, in styled: [String]) -> [Int] {
    styled.map { row in
      var count = 0
      var inColor = false
      var chars = row.makeIterator()
      while let c = chars.next() {
        if c == "{" {
          var style = ""
          while let s = chars.next(), s != "}" { style.append(s) }
          inColor = style.contains("fg=\(color)") && style.contains("bg=\(color.replacingOccurrences(of: "38:", with: "48:"))")
        } else if inColor && c == "▀" {
          count += 1
        }
      }
      return count
    }
  }

  /// The picture of `color`: its rows (consecutive) and columns; nil when it is not on screen.
  static func picture(_ color: String, in styled: [String]) -> (top: Int, rows: Int, columns: Int)? {
    let counts = cells(of: color, in: styled)
    guard let top = counts.firstIndex(where: { $0 > 0 }) else { return nil }
    let rows = counts[top...].prefix { $0 > 0 }.count
    #expect(Set(counts[top..<top + rows]).count == 1, "every row of the picture is as wide:\n\(styled.joined(separator: "\n"))")
    #expect(counts[(top + rows)...].allSatisfy { $0 == 0 }, "one block of rows")
    return (top, rows, counts[top])
  }

  /// Whether the picture of `color` is drawn whole: one block of rows, all as wide. A wait asks this of
  /// every capture, and a capture taken while the terminal is still drawing may hold half a picture: that
  /// is not drawn yet, not a failure (`picture` checks the settled screen).
  static func isDrawn(_ color: String, in styled: [String]) -> Bool {
    let counts = cells(of: color, in: styled)
    guard let top = counts.firstIndex(where: { $0 > 0 }) else { return false }
    let rows = counts[top...].prefix { $0 > 0 }.count
    return Set(counts[top..<top + rows]).count == 1 && counts[(top + rows)...].allSatisfy { $0 == 0 }
  }

  func waitForPictures(_ tmux: TmuxHarness, columns: Int? = nil) throws -> [String] {
    try tmux.waitUntil(styled: true, "both pictures drawn") { screen in
      guard Self.isDrawn(Self.red, in: screen), Self.isDrawn(Self.blue, in: screen) else { return false }
      return columns.map { column in Self.cells(of: Self.red, in: screen).contains(column) } ?? true
    }
    return try tmux.settledScreen(styled: true)
  }

  func check(_ styled: [String], plain: [String], redColumns: Int, _ context: String) {
    let shown = plain.joined(separator: "\n")
    guard let red = Self.picture(Self.red, in: styled), let blue = Self.picture(Self.blue, in: styled) else {
      Issue.record("pictures missing (\(context)):\n\(shown)")
      return
    }
    #expect(red.columns == redColumns, "red is as wide as the pane (\(context)):\n\(shown)")
    #expect(red.rows == Int((Double(red.columns) / 8).rounded()), "red keeps its shape (\(context))")
    #expect(blue.columns == 10 && blue.rows == 5, "blue at its own size (\(context)):\n\(shown)")
    // In the article's order: text, the red picture over its caption, text, the blue one, text.
    #expect(plain[red.top - 2].contains("Firstpara"), "\(context):\n\(shown)")
    #expect(plain[red.top + red.rows].contains("Red bar") && !plain[red.top + red.rows].contains("[image"))
    #expect(plain[red.top + red.rows + 2].contains("Middlepara"), "\(context):\n\(shown)")
    #expect(plain[blue.top + blue.rows].contains("Blue square"), "\(context):\n\(shown)")
  }

  /// The article pane's text width in the wide split: the columns right of the divider, less the margins.
  func bodyWidth(_ plain: [String], cols: Int) -> Int {
    let row = plain.first { $0.contains("Firstpara") } ?? ""
    let x = row.distance(from: row.startIndex, to: row.range(of: "Firstpara")!.lowerBound)
    return cols - x - 1
  }

  @Test("pictures show as cells sized to the pane, at two widths, on t and across a resize")
  func picturesAtTwoWidthsAndAcrossAResize() throws {
    let setup = try Setup()
    let tmux = try setup.openArticle((120, 50))
    defer { tmux.close() }
    var styled = try waitForPictures(tmux)
    var plain = try tmux.screen()
    let wide = bodyWidth(plain, cols: 120)
    #expect(wide < 80, "the split's article pane is narrower than the red picture")
    check(styled, plain: plain, redColumns: wide, "120×50")

    // t hides the list: the pane is 118 columns, the red picture stops at its own 80.
    try tmux.send(keys: "t")
    styled = try waitForPictures(tmux, columns: 80)
    check(styled, plain: try tmux.screen(), redColumns: 80, "120×50, list hidden")
    try tmux.send(keys: "t")
    styled = try waitForPictures(tmux, columns: wide)

    try tmux.resize(cols: 60, rows: 40)
    styled = try waitForPictures(tmux, columns: 58)
    plain = try tmux.screen()
    check(styled, plain: plain, redColumns: 58, "60×40, after a resize")

    try tmux.resize(cols: 120, rows: 50)
    styled = try waitForPictures(tmux, columns: wide)
    plain = try tmux.screen()
    check(styled, plain: plain, redColumns: wide, "120×50 again")
  }

  /// Issue 33, item 1: the picture cache kept `images/` beside the cache file and trimmed every `*.img`
  /// there down to 64 MiB, oldest first — with `--cache ~/feeds.db`, `~/images`. A user's own `images/`
  /// beside the cache, holding an old 65 MiB `*.img` (sparse), survives an article's pictures being
  /// kept; they go to the cache's own private folder.
  @Test("the picture cache keeps to its own folder: a user's images/ beside the cache survives")
  func theUsersImagesBesideTheCacheSurvive() throws {
    let setup = try Setup()
    let theirs = setup.folder.root.appendingPathComponent("images")
    try FileManager.default.createDirectory(at: theirs, withIntermediateDirectories: false)
    let victim = theirs.appendingPathComponent("holiday.img").path
    #expect(FileManager.default.createFile(atPath: victim, contents: Data("the user's own".utf8)))
    #expect(truncate(victim, 65 << 20) == 0)
    try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -86_400)], ofItemAtPath: victim)
    let tmux = try setup.openArticle((120, 50))
    defer { tmux.close() }
    _ = try waitForPictures(tmux)  // each picture is kept on disk before it is drawn
    let size = try FileManager.default.attributesOfItem(atPath: victim)[.size] as? Int
    #expect(size == 65 << 20, "the user's file is untouched")
    let own = setup.folder.cacheFile + ".pictures"
    let kept = try FileManager.default.contentsOfDirectory(atPath: own).filter { $0.hasSuffix(".img") }
    #expect(kept.count == 2, "both pictures kept in \(own): \(kept)")
    #expect(try FileManager.default.attributesOfItem(atPath: own)[.posixPermissions] as? Int == 0o700)
  }

  @Test("a narrow terminal from the start: the picture takes the pane's width")
  func narrowFromTheStart() throws {
    let setup = try Setup()
    let tmux = try setup.openArticle((60, 40))
    defer { tmux.close() }
    let styled = try waitForPictures(tmux, columns: 58)
    check(styled, plain: try tmux.screen(), redColumns: 58, "60×40")
  }

  /// `o` opens the picture whose rows are on the article pane's top line, else the article's link.
  @Test("o on a picture at the pane's top opens the picture's address")
  func openOnAPicture() throws {
    let folder = try RunFolder("splitfeed-images-o")
    let log = folder.root.appendingPathComponent("browser.log").path
    let script = folder.root.appendingPathComponent("browser.sh").path
    try TemporaryDirectory.writeExecutable("#!/bin/sh\nprintf '%s\\n' \"$@\" >> '\(log)'\n", atPath: script)
    let setup = try Setup(config: "browser \(script)\n")
    let tmux = try setup.openArticle((60, 20))  // shorter than the article, so it scrolls
    defer { tmux.close() }
    func opened() -> [String] { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }
    try tmux.waitUntil(styled: true, "the red picture drawn") { Self.isDrawn(Self.red, in: $0) }
    var styled = try tmux.settledScreen(styled: true)
    let base = "http://127.0.0.1:\(setup.server.port)"
    try tmux.send(keys: "o")
    try tmux.waitUntil("the browser got the article's link") { _ in opened().count == 1 }
    #expect(opened() == [base + "/post.html"])
    // Scroll until the red picture's first row has left the pane: its other rows are on the top line.
    let full = try #require(Self.picture(Self.red, in: styled)).rows
    for _ in 0..<20 {
      try tmux.send(keys: "j")
      styled = try tmux.settledScreen(styled: true)
      if let red = Self.picture(Self.red, in: styled), red.rows < full { break }
    }
    try #require(Self.picture(Self.red, in: styled).map { $0.rows < full } == true, "\((try? tmux.screen())?.joined(separator: "\n") ?? "")")
    try tmux.send(keys: "o")
    try tmux.waitUntil("the browser got the picture's address") { _ in opened().count == 2 }
    #expect(opened().last == base + "/red.png")
  }

  /// tmux without `allow-passthrough` (its default) would drop or garble sixel and kitty's commands, so
  /// either setting draws cells there, and no escape sequence's bytes reach the screen.
  @Test("sixel and kitty inside tmux without passthrough draw cells, with no escape bytes on screen",
    arguments: ["inline-images sixel\n", "inline-images kitty\n"])
  func graphicsInsideTmuxDrawCells(config: String) throws {
    let setup = try Setup(config: config)
    let tmux = try setup.openArticle((120, 50))
    defer { tmux.close() }
    let styled = try waitForPictures(tmux)
    let plain = try tmux.screen()
    check(styled, plain: plain, redColumns: bodyWidth(plain, cols: 120), config)
    let shown = plain.joined(separator: "\n")
    for garbage in ["\"1;1;", "#0;2;", "Ptmux", "_G", "a=T", "\u{10EEEE}"] {
      #expect(!shown.contains(garbage), "\(garbage) on screen:\n\(shown)")
    }
  }

  /// kitty through tmux with `allow-passthrough` on: the placeholders are text tmux keeps like any other
  /// (the protocol's point), and each picture's transmission reaches the outer terminal once, wrapped in
  /// tmux's passthrough. (No kitty here to draw them: docs/MANUAL.md, "Pictures".)
  @Test("kitty inside tmux with passthrough: placeholder text where the pictures are, each sent once")
  func kittyThroughTmuxPassthrough() throws {
    let setup = try Setup(config: "inline-images kitty\n")
    let tmux = try openWithPassthrough(setup)
    defer { tmux.close() }
    // The split's pane is narrower than the red picture's 80 columns: it takes the pane's width, a
    // quarter as many rows (two pixels a row); the blue one its own 10 × 5.
    func redRows(_ screen: [String]) -> Int { Int((Double(bodyWidth(screen, cols: 120)) / 8).rounded()) }
    let plain = try tmux.waitUntil("both pictures' placeholders") { screen in
      screen.filter { $0.contains("\u{10EEEE}") }.count == redRows(screen) + 5
    }
    // Each row's placeholders: from its first U+10EEEE (the list's text is left of it) to its last.
    let rows = plain.compactMap { row -> String? in
      guard let start = row.unicodeScalars.firstIndex(of: "\u{10EEEE}") else { return nil }
      return String(String.UnicodeScalarView(row.unicodeScalars[start...])).trimmingCharacters(in: .whitespaces)
    }
    let width = bodyWidth(plain, cols: 120)
    let red = redRows(plain)
    #expect(rows.count == red + 5, "\(plain.joined(separator: "\n"))")
    #expect(Array(rows.prefix(red)) == (0..<red).map { KittyGraphics.placeholderRow($0, columns: width)! })
    #expect(Array(rows.suffix(5)) == (0..<5).map { KittyGraphics.placeholderRow($0, columns: 10)! })
    try tmux.send(keys: "j")
    try tmux.send(keys: "k")
    _ = try tmux.settledScreen()
    let output = String(decoding: tmux.outputBytes(), as: UTF8.self)
    #expect(output.components(separatedBy: "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=T,U=1,f=32,").count - 1 == 2, "two pictures, each sent once")
    // Every command's ESC doubled: none reaches tmux unwrapped.
    #expect(output.components(separatedBy: "\u{1B}_Ga=T").count == output.components(separatedBy: "\u{1B}\u{1B}_Ga=T").count)
  }

  /// The article in a tmux whose `allow-passthrough` is on (typed into its shell, which runs inside it).
  func openWithPassthrough(_ setup: Setup) throws -> TmuxHarness {
    let tmux = try TmuxHarness(
      cols: 120, rows: 50, environment: ["TZ": "UTC", "NO_COLOR": ""], recordOutput: true, interactiveShell: true)
    _ = try tmux.waitFor(text: "PROMPT$")
    let arguments = ["--config-dir", setup.folder.configDir, "--cache", setup.folder.cacheFile,
                     setup.folder.root.appendingPathComponent("feed.xml").path]
    try tmux.type("tmux set -g allow-passthrough on; " + ([TmuxHarness.binary] + arguments).map(TmuxHarness.shellQuote).joined(separator: " "))
    try tmux.send(keys: "Enter")
    _ = try tmux.waitFor(text: "Reloaded")
    try tmux.send(keys: "Enter")
    _ = try tmux.waitFor(text: "Firstpara")
    return tmux
  }

  /// Sixel inside tmux is tmux's to draw: tmux 3.3a (built without sixel) does not list it, so even a
  /// forced `sixel` with passthrough on draws cells rather than blank rows.
  @Test("sixel inside tmux with passthrough, a tmux without sixel: cells")
  func sixelThroughATmuxWithoutSixel() throws {
    let setup = try Setup(config: "inline-images sixel\n")
    let tmux = try openWithPassthrough(setup)
    defer { tmux.close() }
    let styled = try waitForPictures(tmux)
    let plain = try tmux.screen()
    check(styled, plain: plain, redColumns: bodyWidth(plain, cols: 120), "sixel, passthrough")
    #expect(!String(decoding: tmux.outputBytes(), as: UTF8.self).contains("\u{1B}P0;1;0q"), "no sixel sent")
  }

  @Test("inline-images off shows the alt text, and i shows the pictures")
  func offShowsTheAltText() throws {
    let setup = try Setup(config: "inline-images off\n")
    let tmux = try setup.openArticle((120, 50))
    defer { tmux.close() }
    let plain = try tmux.settledScreen()
    let shown = plain.joined(separator: "\n")
    #expect(shown.contains("[image: Red bar]") && shown.contains("[image: Blue square]"), "\(shown)")
    #expect(!shown.contains("▀"), "no picture cells:\n\(shown)")
    try tmux.send(keys: "i")
    _ = try waitForPictures(tmux)
    try tmux.send(keys: "i")
    let again = try tmux.waitFor(text: "[image: Red bar]")
    #expect(!again.joined().contains("▀"))
  }

  @Test("with NO_COLOR a picture's rows stay blank above its caption, never solid blocks")
  func noColorLeavesTheRowsBlank() throws {
    let setup = try Setup()
    let tmux = try setup.openArticle((60, 40), noColor: "1")
    defer { tmux.close() }
    let plain = try tmux.waitUntil("the red picture's caption below its rows") { screen in
      screen.contains { $0.trimmingCharacters(in: .whitespaces) == "Red bar" }
    }
    let shown = plain.joined(separator: "\n")
    #expect(!shown.contains("▀"), "no picture cells:\n\(shown)")
    let first = try #require(plain.firstIndex { $0.contains("Firstpara") })
    let caption = try #require(plain.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "Red bar" })
    #expect(caption - first == 2 + 7, "seven blank rows of picture between:\n\(shown)")
  }
}
