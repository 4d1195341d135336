import Testing

import Pixels
import Reader
import ScreenKit
import TextLayout
@testable import ReaderUI

/// The article's lines with pictures laid in (`ArticleBody`): where the rows go, how many at each width,
/// the caption in each state, and reading places that stay in order.
struct ArticleImageLayoutTests {
  private let reference = ImageReference(url: "https://example.com/a.png", alt: "A lake", declaredWidth: 800, declaredHeight: 400)

  private var text: StyledText {
    StyledText(blocks: [
      StyledBlock(runs: [StyledRun("Before the picture.")]),
      StyledBlock(kind: .image(reference), runs: [StyledRun("[image: A lake]", .dim)], gapBefore: true),
      StyledBlock(runs: [StyledRun("After it.")], gapBefore: true),
    ])
  }

  /// 800 × 400 pixels, kept as 8 × 4 (red above, blue below).
  private var bitmap: Bitmap {
    var pixels: [UInt8] = []
    for y in 0..<4 { for _ in 0..<8 { pixels += y < 2 ? [255, 0, 0, 255] : [0, 0, 255, 255] } }
    return Bitmap(width: 8, height: 4, pixels: pixels, sourceWidth: 800, sourceHeight: 400)
  }

  @Test(arguments: [(80, 30, 80, 20), (40, 30, 40, 10), (20, 30, 20, 5), (80, 12, 32, 8)])
  func aLoadedPictureTakesItsRowsAboveItsCaption(width: Int, paneRows: Int, columns: Int, rows: Int) {
    let body = ArticleBody.layout(text, width: width, paneRows: paneRows) { _ in .loaded(bitmap) }
    let texts = body.lines.map(\.text)
    #expect(Array(texts.prefix(2)) == ["Before the picture.", ""])
    #expect(texts.dropFirst(2).prefix(rows).allSatisfy { $0.isEmpty })
    #expect(Array(texts.dropFirst(2 + rows)) == ["A lake", "", "After it."])
    #expect(body.pictures.keys.sorted() == Array(2..<2 + rows))
    #expect(body.pictures.values.allSatisfy { $0.count == columns })
    #expect(body.pictures[2]?.first == HalfBlock(top: RGB(255, 0, 0), bottom: RGB(255, 0, 0)))
    #expect(body.pictures[1 + rows]?.first == HalfBlock(top: RGB(0, 0, 255), bottom: RGB(0, 0, 255)))
    // Reading places stay in order, so the anchor's line is found by a binary search.
    #expect(body.lines.map(\.source) == body.lines.map(\.source).sorted())
  }

  @Test func offShowsTheAltTextAndNoRows() {
    let body = ArticleBody.layout(text, width: 40, paneRows: 30, picture: nil)
    #expect(body.lines.map(\.text) == ["Before the picture.", "", "[image: A lake]", "", "After it."])
    #expect(body.pictures.isEmpty)
  }

  @Test func whileLoadingTheDeclaredSizeKeepsTheRoom() {
    let body = ArticleBody.layout(text, width: 40, paneRows: 30) { _ in .loading }
    #expect(body.lines.count == 5 + 10)
    #expect(body.pictures.values.allSatisfy { $0.isEmpty } && body.pictures.count == 10)
    #expect(body.lines[12].text == "[image: A lake]")
  }

  @Test func aFailedPictureShowsItsAltTextAndWhy() {
    let body = ArticleBody.layout(text, width: 60, paneRows: 30) { _ in .failed(.tooLarge(width: 50_000, height: 50_000)) }
    #expect(body.lines.map(\.text) == ["Before the picture.", "", "[image: A lake] (too large: 50000×50000)", "", "After it."])
    #expect(body.pictures.isEmpty)
  }

  @Test func aRowKeepsItsPlaceInThePictureAcrossWidths() {
    let wide = ArticleBody.layout(text, width: 80, paneRows: 30) { _ in .loaded(bitmap) }
    let narrow = ArticleBody.layout(text, width: 40, paneRows: 30) { _ in .loaded(bitmap) }
    // The middle row at 80 columns (row 10 of 20) is the middle row at 40 (row 5 of 10).
    let anchor = wide.lines[2 + 10].source
    let line = narrow.lines.lastIndex { $0.source <= anchor }
    #expect(line == 2 + 5)
  }

  @Test func aPictureArrivingAboveKeepsTheTextOnTop() {
    // No declared size: nothing is reserved while it loads, then its rows push the text down; the reading
    // place (the top line's position in the text) still finds the same words.
    var text = self.text
    text.blocks[1].kind = .image(ImageReference(url: reference.url, alt: reference.alt))
    let loading = ArticleBody.layout(text, width: 40, paneRows: 30) { _ in .loading }
    let loaded = ArticleBody.layout(text, width: 40, paneRows: 30) { _ in .loaded(bitmap) }
    let anchor = loading.lines[4].source
    #expect(loading.lines[4].text == "After it.")
    let line = loaded.lines.lastIndex { $0.source <= anchor }
    #expect(line.map { loaded.lines[$0].text } == "After it.")
    #expect(line == 4 + 10)
  }

  @Test func trueColoursFallBackToTheNearestIndexedColour() {
    #expect(Color.nearestIndex(red: 255, green: 0, blue: 0, colors: 256) == 196)
    #expect(Color.nearestIndex(red: 0, green: 0, blue: 0, colors: 256) == 16)
    #expect(Color.nearestIndex(red: 128, green: 128, blue: 128, colors: 256) == 244)
    #expect(Color.nearestIndex(red: 250, green: 10, blue: 10, colors: 16) == 9)
    #expect(Color.nearestIndex(red: 250, green: 10, blue: 10, colors: 8) == 1)
  }
}

/// kitty image ids: one per picture at one size, 1…255 (the placeholder's 256-colour foreground), the
/// least recently used given again once all are out.
struct KittyImageIDsTests {
  @Test func idsAreKeptThenReused() {
    var ids = KittyImageIDs()
    #expect(ids.id(for: "a#3x2") == 1 && ids.id(for: "b#3x2") == 2 && ids.id(for: "a#3x2") == 1)
    for n in 3...255 { #expect(ids.id(for: "p\(n)") == n) }
    // "b" is now the least recently used: the next new picture gets its id.
    #expect(ids.id(for: "new") == 2)
    #expect(ids.id(for: "a#3x2") == 1)
  }
}
