import Foundation
import TestSupport
import Testing

/// The full article's lead picture arriving after its body, in xterm `-ti vt340`: the page's `og:image`
/// is drawn above the text (docs/DECISIONS.md, "Inline images: GIF and WebP, …, the lead image"), so
/// when it lands late the body's picture moves down, and its old place must hold none of its pixels. The
/// lead picture has no alt text, so it must be drawn without a caption line of its own.
extension PicturesXtermEndToEndTests {
  static let blue: UInt32 = 0x0000FF

  /// The page `f` opens: the lead picture only in its `og:image`, the article's body a short paragraph,
  /// the red 200 × 100 picture and more text.
  static func leadPicturePage() -> String {
    """
    <!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>A red picture | The Example Times</title>
    <meta property="og:image" content="/lead.png">
    <meta property="og:site_name" content="The Example Times">
    </head><body>
    <header class="site-header"><a href="/">The Example Times</a><nav><a href="/world">World</a></nav></header>
    <main><article><h1>A red picture</h1><p class="byline">By Ada Writer</p>
    <p>Short opening words.</p>
    <p><img src="/red.png" width="200" height="100" alt="Red block"></p>
    \((1...8).map { "<p>\(NewsPage.paragraph($0))</p>" }.joined(separator: "\n"))
    </article></main>
    <footer><p>Footertext of the site.</p></footer></body></html>
    """
  }

  @Test(
    "sixel: the full article's lead picture arriving after the body moves the body's picture and leaves no pixel behind",
    .enabled(if: XvfbScreen.isAvailable, "Xvfb, xterm or xwd is not installed (scripts/test installs xvfb xterm x11-apps xfonts-base)"),
    arguments: zip([240, 480, 240], [80, 160, 260]))
  func lateLeadPicture(leadWidth: Int, leadHeight: Int) throws {
    // Lead pictures as wide as the 40-column pane, wider (scaled down to it), and tall enough to push
    // the red one down to the pane's foot, which cuts it.
    // The lead picture is answered only once the body's red picture is on screen, as a page's header
    // picture from a slower host can arrive after the article's text and its pictures.
    let gate = DispatchSemaphore(value: 0)
    let red = TestPNG.solid(width: Self.pictureWidth, height: Self.pictureHeight, 255, 0, 0)
    let blue = TestPNG.solid(width: leadWidth, height: leadHeight, 0, 0, 255)
    let page = Self.leadPicturePage()
    let server = try TestHTTPServer { request in
      switch request.path {
      case "/post.html": return .init(headers: [("Content-Type", "text/html; charset=utf-8")], page)
      case "/lead.png":
        _ = gate.wait(timeout: .now() + 150)
        return .init(headers: [("Content-Type", "image/png")], body: blue)
      case "/red.png": return .init(headers: [("Content-Type", "image/png")], body: red)
      default: return .init(status: 404, "not here")
      }
    }
    defer { gate.signal() }
    let folder = try RunFolder("splitfeed-sixel-lead")
    let feed = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Pictures</title>"
      + "<item><title>A red picture</title><link>\(server.baseURL)/post.html</link><guid>p1</guid>"
      + "<pubDate>Fri, 01 May 2026 08:00:00 GMT</pubDate><description>Teaser words.</description></item></channel></rss>"
    let feedFile = folder.root.appendingPathComponent("feed.xml").path
    try feed.write(toFile: feedFile, atomically: true, encoding: .utf8)
    try "inline-images sixel\n".write(toFile: folder.configDir + "/config", atomically: true, encoding: .utf8)
    let rows = 36
    let run = try Run(
      folder: folder, server: server, cols: Self.cols, rows: rows, xtermOptions: ["-ti", "vt340"],
      readerArguments: ["--layout", "stack", feedFile])
    let list = try run.waitFor("the article list") { shot in
      (0..<(Self.cols * Self.cellWidth)).contains { x in (0..<Self.cellHeight).contains { shot[x, (rows - 1) * Self.cellHeight + $0] != 0 } }
    }
    try run.type("\r")
    var last = list
    _ = try run.waitFor("the article") { shot in
      defer { last = shot }
      return shot != list && shot == last
    }
    try run.type("f")
    let before = try run.waitFor("the full article's red picture, the lead one still loading", Self.wholePicture)
    let old = try #require(Self.red(in: before)).box
    gate.signal()
    var previous = before
    let after = try run.waitFor("the lead picture above, the red one moved down, the screen still") { shot in
      defer { previous = shot }
      let blues = (0..<shot.height).contains { y in (0..<shot.width).contains { shot[$0, y] == Self.blue } }
      guard blues, shot == previous, let place = Self.lowestRed(in: shot, x: old.x) else { return false }
      return place.lowerBound > old.y
    }
    // The red picture's new place: the rows of red ending at the lowest one, 200 pixels wide (fewer
    // than 100 rows where the pane's foot cuts it); every red pixel outside them is a leftover of its
    // old place.
    let all = try #require(Self.red(in: after))
    let place = try #require(Self.lowestRed(in: after, x: old.x))
    var inside = 0
    for y in place {
      for x in old.x..<old.x + Self.pictureWidth where after[x, y] == Self.red { inside += 1 }
    }
    let leftover = all.count - inside
    if leftover > 0 || inside != Self.pictureWidth * place.count {
      try? after.ppm.write(to: FileManager.default.temporaryDirectory.appendingPathComponent("splitfeed-sixel-lead-leftover.ppm"))
    }
    #expect(inside == Self.pictureWidth * place.count && place.count <= Self.pictureHeight, "the red picture at its new place \(place): \(inside) pixels")
    #expect(leftover == 0, "red pixels outside the picture's new place: \(leftover), in \(all.box) (old place \(old), new rows \(place))")
  }

  /// The rows of the lowest run of red in column `x`: the body's picture where it is now.
  static func lowestRed(in shot: XwdImage, x: Int) -> Range<Int>? {
    guard let bottom = (0..<shot.height).last(where: { shot[x, $0] == red }) else { return nil }
    var top = bottom
    while top > 0, shot[x, top - 1] == red { top -= 1 }
    return top..<bottom + 1
  }
}
