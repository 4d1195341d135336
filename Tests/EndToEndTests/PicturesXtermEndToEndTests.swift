import Foundation
import TestSupport
import Testing

/// The reader drawing a picture as sixel in a real sixel terminal: xterm `-ti vt340` under Xvfb (a 6×13
/// font), an article whose last block is a 200 × 100 pure red PNG from a loopback server. The screenshot
/// must hold the picture at its own size — a solid red rectangle of exactly its pixels, whose right and
/// bottom edges fall inside a cell, which neither whole nor half-block cells can draw — then lose its
/// pixels under the publish-date popover (whose text is there), get them back when the popover closes,
/// move with the text (no pixel left behind), leave with the article (`t`) and come back whole after
/// xterm is resized. Keys reach the reader through a small pseudo-terminal relay (a `keys` FIFO), since
/// xterm takes no keys from outside; the resize is xterm's own window operation, sent through it.
@Suite("Pictures in xterm -ti vt340", .serialized)
struct PicturesXtermEndToEndTests {
  static let cols = 40, rows = 20
  static let cellWidth = 6, cellHeight = 13
  static let font = "-misc-fixed-medium-r-semicondensed--13-120-75-75-c-60-iso10646-1"
  static let red: UInt32 = 0xFF0000
  /// 200 × 100 pixels, drawn at its own size over the 34 × 8 cells of 6 × 13 pixels it needs (`ImageLayout`
  /// with the cell's size, which xterm gives in TIOCGWINSZ), the last column and row partly.
  static let pictureWidth = 200, pictureHeight = 100

  /// Relays the terminal to the reader through a pseudo-terminal of the same size (pixels included, and
  /// again on every SIGWINCH), writes what arrives on the FIFO `argv[1]` as typed keys and what arrives on
  /// `argv[2]` to the terminal itself (xterm's window operations: a resize).
  static let relay = """
    import fcntl, os, pty, select, signal, sys, termios, tty
    size = fcntl.ioctl(0, termios.TIOCGWINSZ, b'\\0' * 8)
    tty.setraw(0)
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, size)
        os.execvp(sys.argv[3], sys.argv[3:])
    signal.signal(signal.SIGWINCH, lambda *_: fcntl.ioctl(fd, termios.TIOCSWINSZ, fcntl.ioctl(0, termios.TIOCGWINSZ, b'\\0' * 8)))
    keys = os.open(sys.argv[1], os.O_RDWR)
    term = os.open(sys.argv[2], os.O_RDWR)
    tail = b''
    while True:
        try:
            ready, _, _ = select.select([0, fd, keys, term], [], [])
        except InterruptedError:
            continue
        try:
            if 0 in ready: os.write(fd, os.read(0, 4096))
            if keys in ready: os.write(fd, os.read(keys, 4096))
            if term in ready: os.write(1, os.read(term, 4096))
            if fd in ready:
                data = os.read(fd, 65536)
                if not data: break
                tail = (tail + data)[-2048:]
                os.write(1, data)
        except OSError:
            break
    # How the reader ended and its last output, beside the FIFOs: the terminal closes with it.
    with open(os.path.join(os.path.dirname(sys.argv[1]), 'reader-exit'), 'wb') as out:
        out.write(b'status %d: ' % os.waitpid(pid, 0)[1] + tail)
    """

  /// The terminal the reader runs in: xterm, Debian's kitty (0.26.5) on Mesa's software GL with a
  /// 10-point font, or Debian's mlterm (3.9.0, sixel); the cells of the last two as TIOCGWINSZ gives them
  /// under this Xvfb.
  enum Emulator {
    case xterm, kitty, mlterm

    var cell: (width: Int, height: Int) {
      switch self {
      case .xterm: (cellWidth, cellHeight)
      case .kitty: (8, 17)
      case .mlterm: (10, 19)
      }
    }

    /// The emulator's command running `program` in a window of `cols` × `rows` cells at the top left corner.
    func command(cols: Int, rows: Int, options: [String], running program: [String]) -> [String] {
      switch self {
      case .xterm:
        ["xterm"] + options + [
          "-geometry", "\(cols)x\(rows)+0+0", "-fn", PicturesXtermEndToEndTests.font, "-b", "0", "-bw", "0", "-bg", "black",
          "-fg", "white", "-u8", "+sb", "-xrm", "XTerm*allowWindowOps: true", "-e",
        ] + program
      case .kitty:
        [
          "kitty", "--config", "NONE", "-o", "font_size=10", "-o", "remember_window_size=no", "-o", "initial_window_width=\(cols)c",
          "-o", "initial_window_height=\(rows)c", "-o", "window_padding_width=0", "-o", "background=#000000", "-o",
          "foreground=#ffffff", "-o", "cursor_blink_interval=0",
        ] + options + program
      case .mlterm:
        ["mlterm", "-g", "\(cols)x\(rows)+0+0", "--sb=false", "--fg=white", "--bg=black", "--blink=false"] + options + ["-e"] + program
      }
    }
  }

  /// The reader in xterm (or kitty) under Xvfb, keys through the relay: `type` writes to it.
  final class Run {
    let folder: RunFolder
    let server: TestHTTPServer?
    let screen: XvfbScreen
    let keys: String
    let terminal: String

    /// The picture article's run: `feed.xml` of one article ending in a red picture from a loopback
    /// server, in `-ti vt340` at 40 × 20, the stack layout. `article` gives another article's HTML from
    /// the server's address, `server` another server (given the folder of `red.png`).
    convenience init(
      config: String, emulator: Emulator = .xterm, article: ((String) -> String)? = nil,
      server makeServer: ((URL) throws -> TestHTTPServer)? = nil, options: (RunFolder) -> [String] = { _ in [] }
    ) throws {
      let folder = try RunFolder("splitfeed-sixel-reader")
      let site = folder.root.appendingPathComponent("site")
      try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
      try TestPNG.solid(width: 200, height: 100, 255, 0, 0).write(to: site.appendingPathComponent("red.png"))
      let server = try makeServer?(site) ?? TestHTTPServer(serving: site)
      let base = "http://127.0.0.1:\(server.port)"
      // Text longer than the pane, the picture last: `G` brings it down to the pane's foot, where the
      // popover opens above the toolbar.
      let paragraphs = (1...20).map { "<p>Paragraph \($0).</p>" }.joined()
      let html = article?(base)
        ?? "<p>Firstpara text.</p>" + paragraphs + "<p><img src='\(base)/red.png' width='200' height='100' alt='Red block'></p>"
      let escaped = html.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      let feed = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Pictures</title>"
        + "<item><title>A red picture</title><link>\(base)/post.html</link><guid>p1</guid>"
        + "<pubDate>Fri, 01 May 2026 08:00:00 GMT</pubDate><description>\(escaped)</description></item></channel></rss>"
      try feed.write(toFile: folder.root.appendingPathComponent("feed.xml").path, atomically: true, encoding: .utf8)
      try config.write(toFile: folder.configDir + "/config", atomically: true, encoding: .utf8)
      try self.init(
        folder: folder, server: server, cols: PicturesXtermEndToEndTests.cols, rows: PicturesXtermEndToEndTests.rows,
        xtermOptions: (emulator == .xterm ? ["-ti", "vt340"] : []) + options(folder), emulator: emulator,
        readerArguments: ["--layout", "stack", folder.root.appendingPathComponent("feed.xml").path])
    }

    /// The reader with `folder`'s config and cache and `readerArguments`, in an xterm of `cols` × `rows`
    /// cells of 6 × 13 pixels (`xtermOptions` added to xterm's) or a kitty, at the screen's top left corner.
    init(
      folder: RunFolder, server: TestHTTPServer?, cols: Int, rows: Int, xtermOptions: [String] = [], emulator: Emulator = .xterm,
      readerArguments: [String]
    ) throws {
      self.folder = folder
      self.server = server
      let relay = folder.root.appendingPathComponent("relay.py").path
      try Self.relayScript.write(toFile: relay, atomically: true, encoding: .utf8)
      keys = folder.root.appendingPathComponent("keys").path
      terminal = folder.root.appendingPathComponent("terminal").path
      guard mkfifo(keys, 0o600) == 0, mkfifo(terminal, 0o600) == 0 else { throw TmuxHarness.Failure(description: "mkfifo failed") }
      screen = try XvfbScreen(width: (cols + 20) * emulator.cell.width, height: rows * emulator.cell.height + 20)
      try screen.launch(
        emulator.command(
          cols: cols, rows: rows, options: xtermOptions,
          running: ["python3", relay, keys, terminal, TmuxHarness.binary, "--config-dir", folder.configDir, "--cache", folder.cacheFile]
            + readerArguments),
        environment: [
          "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TZ": "UTC", "HOME": folder.root.path,
          "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
          // kitty draws with OpenGL: Mesa's software renderer under Xvfb.
          "LIBGL_ALWAYS_SOFTWARE": "1",
        ])
    }

    static var relayScript: String { PicturesXtermEndToEndTests.relay }

    /// How the reader ended and the last of what it wrote, when it has (the relay writes it as it ends).
    var readerExit: String {
      let file = folder.root.appendingPathComponent("reader-exit").path
      guard let data = FileManager.default.contents(atPath: file) else { return "the reader is running" }
      let shown = String(decoding: data, as: UTF8.self).unicodeScalars.map { $0.isASCII && $0.value >= 0x20 ? String($0) : "·" }
      return "the reader ended: " + shown.joined()
    }

    func type(_ text: String, toTerminal: Bool = false) throws {
      let fd = open(toTerminal ? terminal : keys, O_WRONLY)
      guard fd >= 0 else { throw TmuxHarness.Failure(description: "the key FIFO cannot be opened") }
      defer { close(fd) }
      _ = Array(text.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    /// Screenshots until `condition` holds (90 s at most: the machine may be busy, kitty drawing with software GL beside it); the last one either way.
    func waitFor(_ what: String, _ condition: (XwdImage) -> Bool) throws -> XwdImage {
      let deadline = Date().addingTimeInterval(90)
      var shot = try screen.screenshot()
      while !condition(shot) {
        guard Date() < deadline else {
          let file = FileManager.default.temporaryDirectory.appendingPathComponent("splitfeed-sixel-reader-failed.ppm")
          try? shot.ppm.write(to: file)
          throw TmuxHarness.Failure(
            description: "\(what): not on screen in 90 s (the screenshot: \(file.path); clients \(screen.clientStates); \(readerExit))")
        }
        Thread.sleep(forTimeInterval: 0.25)
        shot = try screen.screenshot()
      }
      return shot
    }

    deinit {
      screen.stop()
      server?.stop()
      try? FileManager.default.removeItem(at: folder.root)
    }
  }

  /// The red pixels' bounding box and count.
  struct Box { var x, y, width, height: Int }

  static func red(in shot: XwdImage) -> (box: Box, count: Int)? {
    var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1, count = 0
    for y in 0..<shot.height {
      for x in 0..<shot.width where shot[x, y] == red {
        count += 1
        minX = min(minX, x)
        minY = min(minY, y)
        maxX = max(maxX, x)
        maxY = max(maxY, y)
      }
    }
    guard count > 0 else { return nil }
    return (Box(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1), count)
  }

  /// The whole picture: a solid red rectangle of the scaled size, starting on a cell's corner.
  static func wholePicture(_ shot: XwdImage) -> Bool {
    guard let red = red(in: shot) else { return false }
    return red.box.width == pictureWidth && red.box.height == pictureHeight && red.count == pictureWidth * pictureHeight
  }

  @Test(
    "sixel: the picture at pixel resolution where its block is, gone under the popover, back after it",
    .enabled(if: XvfbScreen.isAvailable, "Xvfb, xterm or xwd is not installed (scripts/test installs xvfb xterm x11-apps xfonts-base)"),
    arguments: ["inline-images sixel\n", "inline-images auto\n"])
  func sixelPictureAndThePopover(config: String) throws {
    let run = try Run(config: config)
    let list = try run.waitFor("the article list") { shot in
      // Something drawn on the status row: the start-up reload's summary.
      (0..<(Self.cols * Self.cellWidth)).contains { x in (0..<Self.cellHeight).contains { shot[x, (Self.rows - 1) * Self.cellHeight + $0] != 0 } }
    }
    try run.type("\r")
    // The article on screen (and laid out) before `G`, which scrolls what is laid out.
    var last = list
    _ = try run.waitFor("the article") { shot in
      defer { last = shot }
      return shot != list && shot == last
    }
    try run.type("G")
    let shot = try run.waitFor("the whole picture in sixel", Self.wholePicture)
    let picture = try #require(Self.red(in: shot)).box
    // On a cell's corner, its right and bottom edges inside a cell: only pixels drawn by the terminal do
    // that, not whole cells nor half blocks.
    #expect(picture.x % Self.cellWidth == 0 && picture.y % Self.cellHeight == 0, "\(picture)")
    #expect(Self.pictureWidth % Self.cellWidth != 0 && (2 * Self.pictureHeight) % Self.cellHeight != 0)

    try run.type("p")
    let covered = try run.waitFor("the popover over the picture") { shot in
      guard let red = Self.red(in: shot) else { return false }
      return red.count < Self.pictureWidth * Self.pictureHeight
    }
    let left = try #require(Self.red(in: covered))
    // The picture's top row of cells is above the popover and stays whole; its bottom right cell is under
    // the popover: no red there, and the popover's border and text drawn instead.
    #expect((0..<Self.pictureWidth).allSatisfy { covered[picture.x + $0, picture.y] == Self.red }, "the top row stays")
    let corner = (x: picture.x + Self.pictureWidth - Self.cellWidth, y: picture.y + Self.pictureHeight - Self.cellHeight + 1)
    var cornerRed = 0, cornerInk = 0
    for y in corner.y..<corner.y + Self.cellHeight - 1 {
      for x in corner.x..<corner.x + Self.cellWidth {
        if covered[x, y] == Self.red { cornerRed += 1 } else if covered[x, y] != 0 { cornerInk += 1 }
      }
    }
    #expect(cornerRed == 0, "red under the popover")
    #expect(left.count > Self.pictureWidth * Self.cellHeight, "the picture outside the popover stays (\(left.count) red pixels)")
    // The popover's text: ink in the rows it covers, right of the picture too.
    let popoverInk = (picture.y + Self.pictureHeight..<Self.rows * Self.cellHeight - Self.cellHeight).reduce(0) { sum, y in
      sum + (picture.x + Self.pictureWidth..<Self.cols * Self.cellWidth).filter { covered[$0, y] != 0 && covered[$0, y] != Self.red }.count
    }
    #expect(cornerInk + popoverInk > 0, "the popover's border and text are drawn")

    try run.type("p")
    let back = try run.waitFor("the picture whole again", Self.wholePicture)
    #expect(Self.red(in: back)?.box.x == picture.x && Self.red(in: back)?.box.y == picture.y)

    // A line up: the picture one row lower, whole, and nothing of it left behind on its old top row.
    try run.type("k")
    _ = try run.waitFor("the picture a row lower") { shot in
      Self.wholePicture(shot) && Self.red(in: shot)?.box.y == picture.y + Self.cellHeight
    }
    // `t` goes to the list (the stack's other page): no red anywhere; and back: the picture again.
    try run.type("t")
    _ = try run.waitFor("the list, without the picture") { Self.red(in: $0) == nil }
    try run.type("t")
    _ = try run.waitFor("the picture back with the article") { shot in
      Self.wholePicture(shot) && Self.red(in: shot)?.box.y == picture.y + Self.cellHeight
    }
    // xterm made 20 columns wider (its window operation, `CSI 8 ; rows ; columns t`): the screen is
    // cleared and drawn again, the picture with it, whole.
    try run.type("\u{1B}[8;\(Self.rows);\(Self.cols + 20)t", toTerminal: true)
    _ = try run.waitFor("the picture after the resize") { shot in
      // The toolbar's right item moved right: ink past the old width on its row.
      let moved = (Self.cols * Self.cellWidth..<(Self.cols + 20) * Self.cellWidth).contains { x in
        (0..<Self.cellHeight).contains { shot[x, (Self.rows - 3) * Self.cellHeight + $0] != 0 || shot[x, (Self.rows - 2) * Self.cellHeight + $0] != 0 }
      }
      return moved && Self.wholePicture(shot)
    }
  }

  @Test(
    "sixel: a picture moved down by a late picture above it leaves no pixel behind",
    .enabled(if: XvfbScreen.isAvailable, "Xvfb, xterm or xwd is not installed (scripts/test installs xvfb xterm x11-apps xfonts-base)"))
  func latePictureAbove() throws {
    // The picture above (a blue one without a declared size, so no room is kept for it) is answered only
    // once the red one is on screen, as a full article's lead picture can arrive after its text.
    let gate = DispatchSemaphore(value: 0)
    let blue = TestPNG.solid(width: 60, height: 13, 0, 0, 255)
    let run = try Run(
      config: "inline-images sixel\n",
      article: { base in
        "<p><img src='\(base)/late.png' alt='Late'></p><p><img src='\(base)/red.png' width='200' height='100' alt='Red block'></p>"
      },
      server: { site in
        let red = try Data(contentsOf: site.appendingPathComponent("red.png"))
        return try TestHTTPServer { request in
          guard request.path == "/late.png" else { return .init(headers: [("Content-Type", "image/png")], body: red) }
          _ = gate.wait(timeout: .now() + 120)
          return .init(headers: [("Content-Type", "image/png")], body: blue)
        }
      })
    defer { gate.signal() }
    _ = try run.waitFor("the article list") { shot in
      (0..<(Self.cols * Self.cellWidth)).contains { x in (0..<Self.cellHeight).contains { shot[x, (Self.rows - 1) * Self.cellHeight + $0] != 0 } }
    }
    try run.type("\r")
    let before = try run.waitFor("the red picture, the blue one still loading", Self.wholePicture)
    let old = try #require(Self.red(in: before)).box
    gate.signal()
    let after = try run.waitFor("the blue picture above, the red one moved down") { shot in
      let blues = (0..<shot.height).contains { y in (0..<shot.width).contains { shot[$0, y] == 0x0000FF } }
      return blues && Self.wholePicture(shot) && (Self.red(in: shot)?.box.y ?? 0) > old.y
    }
    // `wholePicture`: exactly its 200 × 100 red pixels in one box, so no strip of the old place is left;
    // and the rows it left, above its new top, hold no red.
    let moved = try #require(Self.red(in: after)).box
    let leftover = (old.y..<moved.y).reduce(0) { sum, y in sum + (0..<after.width).filter { after[$0, y] == Self.red }.count }
    #expect(leftover == 0, "red pixels left in the old band: \(leftover)")
  }
}
