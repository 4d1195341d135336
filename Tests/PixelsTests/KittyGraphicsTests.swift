import Foundation
import Testing

@testable import Pixels

/// The kitty graphics byte streams for small known pictures, written out by hand from the protocol's
/// document (docs/DECISIONS.md, "Inline images, detection and kitty"); no kitty runs here.
struct KittyGraphicsTests {
  /// A red and a blue pixel: RGBA FF0000FF 0000FFFF is "/wAA/wAA//8=" in base64.
  @Test func smallPictureIsOneChunk() {
    let bitmap = Bitmap(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 255, 255])
    #expect(
      KittyGraphics.transmit(bitmap, id: 42, columns: 1, rows: 1)
        == "\u{1B}_Ga=T,U=1,f=32,s=2,v=1,i=42,c=1,r=1,q=2;/wAA/wAA//8=\u{1B}\\")
  }

  /// A direct placement (the protocol's "Display images on screen": `a=T` with no `U=1`, at the cursor,
  /// `C=1` leaving the cursor there) at the bitmap's own pixel size, no cell count; deleting it frees its
  /// data (`d=I`).
  @Test func directPlacementAndItsDeletion() {
    let bitmap = Bitmap(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 255, 255])
    #expect(KittyGraphics.place(bitmap, id: 1001) == "\u{1B}_Ga=T,f=32,s=2,v=1,i=1001,C=1,q=2;/wAA/wAA//8=\u{1B}\\")
    #expect(KittyGraphics.delete(id: 1001) == "\u{1B}_Ga=d,d=I,i=1001,q=2\u{1B}\\")
    let over = Bitmap(width: 769, height: 1, pixels: [UInt8](repeating: 0, count: 3076))
    let parts = KittyGraphics.place(over, id: 7).components(separatedBy: "\u{1B}\\").filter { !$0.isEmpty }
    #expect(parts.count == 2 && parts[0].hasPrefix("\u{1B}_Ga=T,f=32,s=769,v=1,i=7,C=1,q=2,m=1;") && parts[1] == "\u{1B}_Gm=0;AAAAAA==")
  }

  /// 3,072 bytes of RGBA make 4,096 base64 characters, one chunk; one pixel more makes two, the first
  /// with m=1 and every key, the second with only m=0.
  @Test func largerPicturesAreChunked() {
    let exact = Bitmap(width: 768, height: 1, pixels: [UInt8](repeating: 0, count: 3072))
    #expect(!KittyGraphics.transmit(exact, id: 1, columns: 96, rows: 1).contains("m="))
    let over = Bitmap(width: 769, height: 1, pixels: [UInt8](repeating: 0, count: 3076))
    let stream = KittyGraphics.transmit(over, id: 1, columns: 97, rows: 1)
    let parts = stream.components(separatedBy: "\u{1B}\\").filter { !$0.isEmpty }
    #expect(parts.count == 2)
    #expect(parts[0].hasPrefix("\u{1B}_Ga=T,U=1,f=32,s=769,v=1,i=1,c=97,r=1,q=2,m=1;"))
    #expect(parts[0].count == "\u{1B}_Ga=T,U=1,f=32,s=769,v=1,i=1,c=97,r=1,q=2,m=1;".count + 4096)
    #expect(parts[1] == "\u{1B}_Gm=0;AAAAAA==")
  }

  /// Row r: U+10EEEE, the diacritic for r, the diacritic for column 0, then bare placeholders.
  @Test func placeholderRows() {
    let rows = KittyGraphics.placeholderRows(columns: 3, rows: 2)
    #expect(rows == [
      "\u{10EEEE}\u{0305}\u{0305}\u{10EEEE}\u{10EEEE}",
      "\u{10EEEE}\u{030D}\u{0305}\u{10EEEE}\u{10EEEE}",
    ])
    #expect(KittyGraphics.placeholderRows(columns: 3, rows: 65) == nil)
    #expect(KittyGraphics.placeholderRows(columns: 1, rows: 64)?.last == "\u{10EEEE}\u{0658}\u{0305}")
  }

  @Test func imageIDIsTheForegroundColour() {
    let colour = KittyGraphics.foreground(id: 0x12_34_56)
    #expect(colour.red == 0x12 && colour.green == 0x34 && colour.blue == 0x56)
  }

  /// One row at a time, as the article draws the rows in view: the same text as the whole's.
  @Test func placeholderRowAlone() {
    #expect(KittyGraphics.placeholderRow(1, columns: 3) == KittyGraphics.placeholderRows(columns: 3, rows: 2)?[1])
    #expect(KittyGraphics.placeholderRow(64, columns: 3) == nil)
  }
}
