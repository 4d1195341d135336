import Foundation
import Pixels
import Reader
import ScreenKit
import TestSupport
import Testing
import TextLayout
@testable import ReaderUI
@testable import Terminal

/// Pictures the terminal draws itself (docs/DESIGN.md §1, pictures), in process: the frame's sixel
/// placements after layout at two widths, a placement's cells left out under the popover (and the bytes
/// the backend sends for it), and the kitty placeholder cells and transmission of a 3 × 2 picture.
@MainActor
@Suite(.serialized)
struct PicturesTests {
  /// A loopback site serving `files` and a one-article feed whose HTML (`html`, given the site's base
  /// address) shows them; every picture test builds on it.
  final class Site {
    let folder: TemporaryDirectory
    let server: TestHTTPServer
    let feed: Feed

    init(files: [String: Data], html: (String) -> String) throws {
      folder = try TemporaryDirectory("splitfeed-pictures")
      for (name, data) in files { try data.write(to: folder.url.appendingPathComponent(name)) }
      server = try TestHTTPServer(serving: folder.url)
      feed = Feed(title: "Pictures", items: [
        Item(title: "A picture", published: SampleFeeds.date("2014-09-04 17:09"), content: html(server.baseURL))
      ])
    }

    /// `picture` between two paragraphs (`before` more paragraphs first, so it can sit low in the pane).
    convenience init(_ picture: Data, before: Int = 0) throws {
      let paragraphs = (0..<before).map { "<p>Paragraph \($0).</p>" }.joined()
      try self.init(files: ["picture.png": picture]) { base in
        "<p>Intro.</p>" + paragraphs + "<p><img src='\(base)/picture.png' alt='The picture'></p>"
      }
    }

    /// The paths the server was asked for, in order.
    var paths: [String] { server.requests.map(\.path) }

    deinit { server.stop() }
  }

  func open(_ site: Site, _ width: Int, _ height: Int, drawing: InlineImages) async throws -> Harness {
    let harness = Harness(width, height, feeds: [site.feed]) { $0.inlineImages = drawing; $0.layout = width < 100 ? .stack : .auto }
    harness.press(.enter)
    try await harness.eventually("the picture loaded") { harness.session.pages.images.revision > 0 }
    return harness
  }

  /// The cells `ImageLayout` gives the picture in the open article's pane.
  func cells(_ harness: Harness, width: Int, height: Int, cell: PixelSize? = nil) throws -> (columns: Int, rows: Int) {
    let body = try #require(harness.article).bodyFrame
    return ImageLayout.cells(
      width: width, height: height, columns: body.width, paneRows: body.height, cellPixels: cell.map { ($0.width, $0.height) })
  }

  @Test("sixel: one placement over the picture's reserved cells, sized to the pane at two widths",
    arguments: [nil, PixelSize(width: 6, height: 13)])
  func placementsAtTwoWidths(cell: PixelSize?) async throws {
    let site = try Site(TestPNG.solid(width: 640, height: 160, 255, 0, 0))
    let harness = try await open(site, 120, 40, drawing: .sixel)
    harness.backend.cellPixels = cell
    for (width, height) in [(120, 40), (60, 40)] {
      harness.resize(width, height)
      // At a known cell size the sixel is made ready off the main thread first (`ArticleImages.sixelPicture`).
      try await harness.eventually("placed at \(width)×\(height)") { !harness.surface.placements.isEmpty }
      let surface = harness.surface
      let expected = try cells(harness, width: 640, height: 160, cell: cell)
      let placement = try #require(surface.placements.first, "\(width)×\(height)")
      #expect(surface.placements.count == 1)
      #expect(placement.frame.width == expected.columns && placement.frame.height == expected.rows, "\(width)×\(height)")
      #expect(placement.firstRow == 0 && placement.rows == expected.rows)
      // Right above the caption, at the pane's text margin, every cell reserved (blank in the text).
      let caption = try #require(harness.find("The picture"))
      #expect(placement.frame.minY + placement.frame.height == caption.y && placement.frame.minX == caption.x)
      #expect(surface.hiddenCells(of: placement).isEmpty)
      #expect(placement.frame.points.allSatisfy { surface[$0.x, $0.y] == .reservedForPicture })
    }
    #expect(try cells(harness, width: 640, height: 160, cell: cell) == (58, 7))
    if cell != nil { #expect(try cells(harness, width: 200, height: 100, cell: cell) == (34, 8)) }
  }

  @Test("sixel: the picture's cells under the popover are left out, in the frame and in the bytes sent")
  func popoverOverAPicture() async throws {
    let site = try Site(TestPNG.solid(width: 200, height: 100, 255, 0, 0), before: 20)
    let harness = try await open(site, 40, 20, drawing: .sixel)
    harness.press(.character("G"))
    var output = PictureOutput(terminal: PictureTerminal(drawing: .sixel, cell: PixelSize(width: 6, height: 13)))
    let whole = harness.surface
    let placement = try #require(whole.placements.first)
    let shown = output.bytes(for: whole, screen: whole.size)
    let picture = placement.pixels
    let size = PixelSize(width: placement.frame.width * 6, height: placement.rows * 13)
    let cell = PixelSize(width: 6, height: 13)
    let stream = picture.sixel(fitting: size, rows: 0..<placement.frame.height * 13, hidden: [], cell: cell)
    #expect(shown.before.isEmpty, "nothing on screen to erase yet")
    #expect(shown.after == "\u{1B}7\u{1B}[\(placement.frame.minY + 1);\(placement.frame.minX + 1)H" + stream + "\u{1B}8")
    #expect(output.bytes(for: whole, screen: whole.size) == ("", ""), "an unchanged frame sends nothing")

    harness.press(.character("p"))
    let covered = harness.surface
    let popover = try #require(harness.root.presentations.last?.controller.frame)
    let over = try #require(covered.placements.first)
    #expect(over == placement)
    let hidden = covered.hiddenCells(of: over)
    let expected = popover.intersection(over.frame)
    #expect(!expected.isEmpty, "the popover overlaps the picture: \(popover) \(over.frame)")
    #expect(Set(hidden) == Set(expected.points.map { Point(x: $0.x - over.frame.minX, y: $0.y - over.frame.minY) }))
    let sent = output.bytes(for: covered, screen: covered.size)
    // The old picture erased cell row by cell row, then drawn again without the popover's cells.
    let f = placement.frame
    #expect(sent.before == "\u{1B}7\u{1B}[0m" + (f.minY..<f.maxY).map { "\u{1B}[\($0 + 1);\(f.minX + 1)H\u{1B}[\(f.width)X" }.joined() + "\u{1B}8")
    #expect(sent.after.contains(picture.sixel(fitting: size, rows: 0..<f.height * 13, hidden: hidden, cell: cell)))
    #expect(!sent.after.contains(stream))

    harness.press(.character("p"))
    #expect(harness.surface.hiddenCells(of: try #require(harness.surface.placements.first)).isEmpty)
    #expect(output.bytes(for: harness.surface, screen: harness.surface.size).after.contains(stream), "whole again")
  }

  @Test("kitty: a 3 × 2 picture is three placeholder cells a row in its id's colour, transmitted once")
  func kittyPlaceholders() async throws {
    let site = try Site(TestPNG.solid(width: 24, height: 32, 0, 255, 0))
    let harness = try await open(site, 120, 40, drawing: .kitty)
    let surface = harness.surface
    let transmission = try #require(surface.transmissions.first)
    #expect(surface.transmissions.count == 1)
    #expect(transmission.id == 1 && transmission.columns == 3 && transmission.rows == 2)
    let caption = try #require(harness.find("The picture"))
    let top = caption.y - 2
    let id = Style(foreground: .index(1))
    // Row 0: U+10EEEE with the row-0 and column-0 diacritics (U+0305 twice), then bare placeholders;
    // row 1: the row-1 diacritic (U+030D). The protocol's document, "Unicode placeholders".
    #expect(surface[caption.x, top] == Cell(grapheme: "\u{10EEEE}\u{0305}\u{0305}", style: id))
    #expect(surface[caption.x + 1, top] == Cell(grapheme: "\u{10EEEE}", style: id))
    #expect(surface[caption.x + 2, top] == Cell(grapheme: "\u{10EEEE}", style: id))
    #expect(surface[caption.x + 3, top] == Cell())
    #expect(surface[caption.x, top + 1] == Cell(grapheme: "\u{10EEEE}\u{030D}\u{0305}", style: id))
    #expect(surface[caption.x + 1, top + 1] == Cell(grapheme: "\u{10EEEE}", style: id))
    #expect(surface[caption.x + 2, top + 1] == Cell(grapheme: "\u{10EEEE}", style: id))
    #expect(surface.placements.isEmpty)

    var output = PictureOutput(terminal: PictureTerminal(drawing: .kitty))
    let sent = output.bytes(for: surface, screen: surface.size)
    // 24 × 32 RGBA is 3,072 bytes, 4,096 base64 characters: one chunk, no `m` key.
    let payload = Data((0..<24 * 32).flatMap { _ in [0, 255, 0, 255] as [UInt8] })
    #expect(sent.before == "\u{1B}_Ga=T,U=1,f=32,s=24,v=32,i=1,c=3,r=2,q=2;" + payload.base64EncodedString() + "\u{1B}\\")
    #expect(sent.after.isEmpty)
    #expect(output.bytes(for: surface, screen: surface.size).before.isEmpty, "sent once")
    var wrapped = PictureOutput(terminal: PictureTerminal(drawing: .kitty, passthrough: true))
    #expect(wrapped.bytes(for: surface, screen: surface.size).before
      == "\u{1B}Ptmux;" + sent.before.replacingOccurrences(of: "\u{1B}", with: "\u{1B}\u{1B}") + "\u{1B}\\")
  }

  @Test("kitty: a picture taller than 64 rows is two images, its rows past the 64th drawn")
  func kittyPastTheSixtyFourthRow() async throws {
    let site = try Site(TestPNG.solid(width: 80, height: 1200, 0, 255, 0))
    let harness = try await open(site, 120, 130, drawing: .kitty)
    let surface = harness.surface
    let sent = surface.transmissions.sorted { $0.firstRow < $1.firstRow }
    let rows = try #require(sent.first).totalRows
    #expect(rows > 64, "the picture is \(rows) rows tall")
    #expect(sent.map(\.firstRow) == [0, 64] && sent.map(\.rows) == [64, rows - 64], "\(sent.map { ($0.firstRow, $0.rows) })")
    #expect(sent[0].id != sent[1].id)
    let caption = try #require(harness.find("The picture"))
    let top = caption.y - rows
    // Row 64 is the second image's row 0 (U+0305), in its own id's colour.
    #expect(surface[caption.x, top + 64] == Cell(grapheme: "\u{10EEEE}\u{0305}\u{0305}", style: Style(foreground: .index(UInt8(sent[1].id)))))
    // Row 63, the first image's last: the 64th row mark (U+0658).
    #expect(surface[caption.x, top + 63] == Cell(grapheme: "\u{10EEEE}\u{0658}\u{0305}", style: Style(foreground: .index(UInt8(sent[0].id)))))
    var output = PictureOutput(terminal: PictureTerminal(drawing: .kitty))
    let bytes = output.bytes(for: surface, screen: surface.size).before
    #expect(bytes.contains("i=\(sent[1].id),c=\(sent[1].columns),r=\(rows - 64),"))
  }

  /// The run's `PictureMode` comes down from the backend like the glyphs, whatever the setting says
  /// (before, the start wrote the resolved mode over the setting and the article read the setting, so
  /// `auto` over a backend drawing sixel or kitty drew cells).
  @Test("pictures: the backend's resolved mode draws them under `auto`", arguments: [PictureMode.sixel, .kitty])
  func theResolvedModeIsPassedDown(mode: PictureMode) async throws {
    let site = try Site(TestPNG.solid(width: 24, height: 32, 0, 255, 0))
    let harness = Harness(120, 40, feeds: [site.feed]) { $0.inlineImages = .auto }
    harness.backend.pictureMode = mode
    harness.press(.enter)
    try await harness.eventually("the picture loaded") { harness.session.pages.images.revision > 0 }
    let surface = harness.surface
    #expect(surface.placements.count == (mode == .sixel ? 1 : 0))
    #expect(surface.transmissions.count == (mode == .kitty ? 1 : 0))
  }

  /// Issue 33 item 7: one byte budget for every decoded picture. Three articles' worth of 60 tall pictures
  /// each (2 MB decoded apiece, asked all at once as a layout does): an address dropped from the recent
  /// list while it loaded was never dropped again, so 81 of the 180 stayed for the run (168 MB here,
  /// 0.9 GB for 400).
  @Test("pictures: the decoded pictures kept stay within one byte budget")
  func decodedPicturesStayWithinTheBudget() async throws {
    let site = try Site(TestGIF.file(width: 480, height: 1_080, frames: [[1]], frameWidth: 1))
    let harness = Harness(80, 24, feeds: [site.feed]) { $0.inlineImages = .cells }
    let images = harness.session.pages.images
    let pictureBytes = 480 * 1_080 * 4
    var urls: [String] = []
    for batch in 0..<3 {
      let asked = (0..<60).map { site.server.url("picture.png?\(batch)-\($0)") }
      for url in asked { _ = images.state(of: url) }
      urls += asked
      try await harness.eventually("batch \(batch) arrived") { images.revision >= urls.count }
    }
    let kept = urls.filter { images.picture(of: $0) != nil }
    #expect(kept.count * pictureBytes <= ArticleImages.maxBytes, "\(kept.count) pictures of \(pictureBytes) bytes kept")
    #expect(images.keptBytes == kept.count * pictureBytes)
    // The budget is used, not emptied: the last ones asked for stay.
    #expect(kept.count == ArticleImages.maxBytes / pictureBytes && Set(kept).isSubset(of: urls.suffix(60)))
  }
}

extension Rect {
  /// Every cell of the rectangle.
  var points: [Point] { (minY..<maxY).flatMap { y in (minX..<maxX).map { Point(x: $0, y: y) } } }
}

/// Issue 34 point 6, the pictures once drawn (as cells): a linked picture's caption keeps its link
/// number, a figure shows its caption and not its alt text as well, and alt text shows without markup.
@MainActor
@Suite(.serialized)
struct PictureCaptionTests {
  @Test func captionsOfLoadedPictures() async throws {
    let folder = try TemporaryDirectory("splitfeed-captions")
    let site = folder.url.appendingPathComponent("site")
    try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
    try TestPNG.solid(width: 64, height: 16, 0, 0, 255).write(to: site.appendingPathComponent("picture.png"))
    let server = try TestHTTPServer(serving: site)
    defer { server.stop() }
    let picture = "http://127.0.0.1:\(server.port)/picture.png"
    let html = """
      <p>Intro.</p><p><a href="https://example.com/chart"><img src="\(picture)" alt="Chartalt"></a></p>
      <figure><img src="\(picture)" alt="Lakealt"><figcaption>Lakecaption at dawn</figcaption></figure>
      <p><img src="\(picture)" alt="Boats&lt;br&gt;&lt;small&gt;Photo: Cy&lt;/small&gt;"></p>
      """
    let feed = Feed(title: "Pictures", items: [Item(title: "Captions", published: SampleFeeds.date("2014-09-04 17:09"), content: html)])
    let h = Harness(80, 60, feeds: [feed]) { $0.inlineImages = .cells; $0.layout = .stack }
    h.press(.enter)
    try await h.eventually("the pictures loaded") { h.session.pages.images.revision > 0 && !h.text.contains("[image") }
    #expect(h.text.contains("Chartalt[1]"), "\(h.text)")
    #expect(h.text.contains("Lakecaption at dawn") && !h.text.contains("Lakealt"), "\(h.text)")
    #expect(h.text.contains("Boats Photo: Cy") && !h.text.contains("<small>"), "\(h.text)")
  }
}
