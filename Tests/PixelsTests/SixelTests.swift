import Testing

@testable import Pixels

/// The sixel stream of small known pictures, checked by hand against DEC STD 070's sixel format.
struct SixelTests {
  @Test func twoColumnsOfSixPixels() {
    // Left column red, right column blue: one band, each colour one full column (`~` = 63 + 0b111111).
    let bitmap = Bitmap(width: 2, height: 6, pixels: (0..<12).flatMap { $0 % 2 == 0 ? [255, 0, 0, 255] : [0, 0, 255, 255] as [UInt8] })
    #expect(Sixel.encode(bitmap) == "\u{1B}P0;1;0q\"1;1;2;6#0;2;100;0;0#1;2;0;0;100#0~$#1?~\u{1B}\\")
  }

  @Test func bandsRunsAndTransparency() {
    // 5 × 7 green with a transparent top-left pixel: the first band's first column lacks its top bit
    // (`}` = 63 + 0b111110), the rest is a run; the seventh row is the second band's top bit (`@`).
    let pixels = (0..<35).flatMap { $0 == 0 ? [0, 0, 0, 0] : [0, 255, 0, 255] as [UInt8] }
    let bitmap = Bitmap(width: 5, height: 7, pixels: pixels)
    #expect(Sixel.encode(bitmap) == "\u{1B}P0;1;0q\"1;1;5;7#0;2;0;100;0#0}!4~-#0!5@\u{1B}\\")
  }
}
