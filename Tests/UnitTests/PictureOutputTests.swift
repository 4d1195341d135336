import Pixels
import ScreenKit
import Testing

@testable import Terminal

/// The bytes around a frame for the terminal's own graphics (`PictureOutput`, docs/ARCHITECTURE.md,
/// "A frame": pictures), with a real picture: the streams are Pixels' own, and `encodedStreams` counts
/// the ones made.
struct PictureOutputTests {
  /// A 4 × 3 picture, red above and blue below.
  static func picture() -> Picture {
    Picture(Bitmap(width: 4, height: 3, pixels: (0..<12).flatMap { $0 < 8 ? [255, 0, 0, 255] : [0, 0, 255, 255] as [UInt8] }))
  }

  static let cell = PixelSize(width: 6, height: 13)

  func frame(_ picture: Picture, at frame: Rect, size: Size = Size(width: 20, height: 10)) -> Surface {
    var surface = Surface(size: size)
    surface.place(PicturePlacement(pixels: picture, frame: frame))
    return surface
  }

  @Test func neverOnTheLastRowAndNothingWhenAllIsCovered() {
    let picture = Self.picture()
    var output = PictureOutput(terminal: PictureTerminal(drawing: .sixel, cell: Self.cell))
    // Rows 7…9 of a 10-row screen: the last row is left out (a sixel there scrolls the terminal).
    let low = frame(picture, at: Rect(x: 2, y: 7, width: 4, height: 3))
    let stream = picture.sixel(fitting: PixelSize(width: 24, height: 39), rows: 0..<26, hidden: [], cell: Self.cell)
    #expect(output.bytes(for: low, screen: low.size).after == "\u{1B}7\u{1B}[8;3H" + stream + "\u{1B}8")
    #expect(output.encodedStreams == 1)
    // Drawn over whole (a full-screen presentation): erased, not drawn.
    var covered = low
    covered.fill(Rect(x: 0, y: 0, width: 20, height: 10), with: "x")
    let bytes = output.bytes(for: covered, screen: covered.size)
    #expect(bytes.before == "\u{1B}7\u{1B}[0m\u{1B}[8;3H\u{1B}[4X\u{1B}[9;3H\u{1B}[4X\u{1B}8" && bytes.after.isEmpty)
  }

  @Test func movedWholeIsNotEncodedAgainAndAClearedScreenIsNotErased() {
    let picture = Self.picture()
    var output = PictureOutput(terminal: PictureTerminal(drawing: .sixel, cell: Self.cell))
    let stream = picture.sixel(fitting: PixelSize(width: 18, height: 26), rows: 0..<26, hidden: [], cell: Self.cell)
    _ = output.bytes(for: frame(picture, at: Rect(x: 1, y: 1, width: 3, height: 2)), screen: Size(width: 20, height: 10))
    let moved = output.bytes(for: frame(picture, at: Rect(x: 1, y: 3, width: 3, height: 2)), screen: Size(width: 20, height: 10))
    #expect(moved.after == "\u{1B}7\u{1B}[4;2H" + stream + "\u{1B}8", "the same stream, elsewhere")
    #expect(output.encodedStreams == 1)
    output.screenCleared()
    let again = output.bytes(for: frame(picture, at: Rect(x: 1, y: 3, width: 3, height: 2)), screen: Size(width: 20, height: 10))
    #expect(again.before.isEmpty && again.after == moved.after)
  }

  @Test func kittyIsSentOncePerIdAndKey() {
    let picture = Self.picture()
    var output = PictureOutput(terminal: PictureTerminal(drawing: .kitty))
    var surface = Surface(size: Size(width: 20, height: 10))
    surface.transmit(PictureTransmission(pixels: picture, id: 3, key: "a#3x2", columns: 3, rows: 2))
    #expect(output.bytes(for: surface, screen: surface.size) == (KittyGraphics.transmit(picture.bitmap, id: 3, columns: 3, rows: 2), ""))
    #expect(output.bytes(for: surface, screen: surface.size) == ("", ""))
    var other = Surface(size: Size(width: 20, height: 10))
    other.transmit(PictureTransmission(pixels: picture, id: 3, key: "b#4x2", columns: 4, rows: 2))
    #expect(
      output.bytes(for: other, screen: other.size).before == KittyGraphics.transmit(picture.bitmap, id: 3, columns: 4, rows: 2),
      "id 3 given to another picture")
  }

  /// kitty direct placements go where a sixel would, at the picture's pixel size, each with the id of its
  /// place in the frame; when the pictures change the old ids are deleted (kitty's images are not wiped
  /// by text, so no erasing), and after a cleared screen too.
  @Test func kittyDirectIsPlacedAndDeletedByID() {
    let picture = Self.picture()
    var output = PictureOutput(terminal: PictureTerminal(.kittyDirect, cell: Self.cell))
    let part = picture.part(fitting: PixelSize(width: 18, height: 26), rows: 0..<26, hidden: [], cell: Self.cell)
    let first = output.bytes(for: frame(picture, at: Rect(x: 1, y: 1, width: 3, height: 2)), screen: Size(width: 20, height: 10))
    #expect(first.before.isEmpty)
    #expect(first.after == "\u{1B}7\u{1B}[2;2H" + KittyGraphics.place(part, id: 4_000) + "\u{1B}8")
    let moved = output.bytes(for: frame(picture, at: Rect(x: 1, y: 3, width: 3, height: 2)), screen: Size(width: 20, height: 10))
    #expect(moved.before == KittyGraphics.delete(id: 4_000))
    #expect(moved.after == "\u{1B}7\u{1B}[4;2H" + KittyGraphics.place(part, id: 4_000) + "\u{1B}8")
    #expect(output.encodedStreams == 1)
    output.screenCleared()
    let again = output.bytes(for: frame(picture, at: Rect(x: 1, y: 3, width: 3, height: 2)), screen: Size(width: 20, height: 10))
    #expect(again.before == KittyGraphics.delete(id: 4_000) && again.after == moved.after)
    #expect(output.bytes(for: Surface(size: Size(width: 20, height: 10)), screen: Size(width: 20, height: 10)) == (KittyGraphics.delete(id: 4_000), ""))
  }

  /// iTerm2's inline images are drawn and erased like sixel: the old cells erased, the PNG at the cell.
  @Test func itermIsPlacedAndErasedLikeSixel() {
    let picture = Self.picture()
    var output = PictureOutput(terminal: PictureTerminal(.iterm, cell: Self.cell))
    let part = picture.part(fitting: PixelSize(width: 18, height: 26), rows: 0..<26, hidden: [], cell: Self.cell)
    let first = output.bytes(for: frame(picture, at: Rect(x: 1, y: 1, width: 3, height: 2)), screen: Size(width: 20, height: 10))
    #expect(first.after == "\u{1B}7\u{1B}[2;2H" + ITermImages.place(part) + "\u{1B}8")
    let gone = output.bytes(for: Surface(size: Size(width: 20, height: 10)), screen: Size(width: 20, height: 10))
    #expect(gone.before == "\u{1B}7\u{1B}[0m\u{1B}[2;2H\u{1B}[3X\u{1B}[3;2H\u{1B}[3X\u{1B}8" && gone.after.isEmpty)
  }
}
