import ScreenKit
import Testing

@testable import Terminal

/// The bytes around a frame for the terminal's own graphics (`PictureOutput`, docs/ARCHITECTURE.md,
/// "A frame": pictures), with a picture that records what it was asked for.
struct PictureOutputTests {
  final class Recording: PicturePixels, @unchecked Sendable {
    var asked: [(size: PixelSize, rows: Range<Int>, hidden: [Point])] = []
    func sixel(fitting size: PixelSize, rows: Range<Int>, hidden: [Point], cell: PixelSize) -> String {
      asked.append((size, rows, hidden))
      return "<sixel \(asked.count)>"
    }
    func kittyTransmission(id: Int, columns: Int, rows: Int) -> String { "<kitty \(id) \(columns)x\(rows)>" }
  }

  static let cell = PixelSize(width: 6, height: 13)

  func frame(_ picture: Recording, at frame: Rect, size: Size = Size(width: 20, height: 10)) -> Surface {
    var surface = Surface(size: size)
    surface.place(PicturePlacement(pixels: picture, frame: frame))
    return surface
  }

  @Test func neverOnTheLastRowAndNothingWhenAllIsCovered() {
    let picture = Recording()
    var output = PictureOutput(terminal: PictureTerminal(drawing: .sixel, cell: Self.cell))
    // Rows 7…9 of a 10-row screen: the last row is left out (a sixel there scrolls the terminal).
    let low = frame(picture, at: Rect(x: 2, y: 7, width: 4, height: 3))
    #expect(output.bytes(for: low, screen: low.size).after == "\u{1B}7\u{1B}[8;3H<sixel 1>\u{1B}8")
    #expect(picture.asked.first?.rows == 0..<26 && picture.asked.first?.size == PixelSize(width: 24, height: 39))
    // Drawn over whole (a full-screen presentation): erased, not drawn.
    var covered = low
    covered.fill(Rect(x: 0, y: 0, width: 20, height: 10), with: "x")
    let bytes = output.bytes(for: covered, screen: covered.size)
    #expect(bytes.before == "\u{1B}7\u{1B}[0m\u{1B}[8;3H\u{1B}[4X\u{1B}[9;3H\u{1B}[4X\u{1B}8" && bytes.after.isEmpty)
  }

  @Test func movedWholeIsNotEncodedAgainAndAClearedScreenIsNotErased() {
    let picture = Recording()
    var output = PictureOutput(terminal: PictureTerminal(drawing: .sixel, cell: Self.cell))
    _ = output.bytes(for: frame(picture, at: Rect(x: 1, y: 1, width: 3, height: 2)), screen: Size(width: 20, height: 10))
    let moved = output.bytes(for: frame(picture, at: Rect(x: 1, y: 3, width: 3, height: 2)), screen: Size(width: 20, height: 10))
    #expect(moved.after == "\u{1B}7\u{1B}[4;2H<sixel 1>\u{1B}8", "the same stream, elsewhere")
    #expect(picture.asked.count == 1)
    output.screenCleared()
    let again = output.bytes(for: frame(picture, at: Rect(x: 1, y: 3, width: 3, height: 2)), screen: Size(width: 20, height: 10))
    #expect(again.before.isEmpty && again.after == moved.after)
  }

  @Test func kittyIsSentOncePerIdAndKey() {
    let picture = Recording()
    var output = PictureOutput(terminal: PictureTerminal(drawing: .kitty))
    var surface = Surface(size: Size(width: 20, height: 10))
    surface.transmit(PictureTransmission(pixels: picture, id: 3, key: "a#3x2", columns: 3, rows: 2))
    #expect(output.bytes(for: surface, screen: surface.size) == ("<kitty 3 3x2>", ""))
    #expect(output.bytes(for: surface, screen: surface.size) == ("", ""))
    var other = Surface(size: Size(width: 20, height: 10))
    other.transmit(PictureTransmission(pixels: picture, id: 3, key: "b#4x2", columns: 4, rows: 2))
    #expect(output.bytes(for: other, screen: other.size).before == "<kitty 3 4x2>", "id 3 given to another picture")
  }
}
