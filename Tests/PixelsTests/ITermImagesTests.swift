import Foundation
import Testing

@testable import Pixels

/// iTerm2's inline images and the PNG inside them, byte for byte. The expected PNG was built apart from
/// this code from the PNG specification, with Python's `zlib.crc32` and `zlib.adler32`, and its zlib
/// stream read back by `zlib.decompress`.
struct ITermImagesTests {
  static let redBlue = Bitmap(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 255, 255])
  static let png = "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAFElEQVR4AQEJAPb/AP8AAP8AAP//D/kD/aYucFEAAAAASUVORK5CYII="

  @Test func aTinyPNG() {
    let file = PNG.encode(Self.redBlue)
    #expect(file.count == 77)
    #expect(file == Array(Data(base64Encoded: Self.png)!))
  }

  /// OSC 1337 with the file's size, the picture's pixel size, no aspect fitting (it is already scaled),
  /// the base64 of the PNG, BEL.
  @Test func theInlineImageSequence() {
    #expect(
      ITermImages.place(Self.redBlue)
        == "\u{1B}]1337;File=inline=1;size=77;width=2px;height=1px;preserveAspectRatio=0:\(Self.png)\u{07}")
  }

  /// More than one stored block (65,535 bytes at most each): only the last is final, and the checks
  /// cover every byte.
  @Test func storedBlocksSplit() {
    let data = [UInt8](repeating: 7, count: 70_000)
    let stream = PNG.zlibStored(data)
    #expect(stream.count == 2 + 5 + 65_535 + 5 + 4_465 + 4)
    #expect(Array(stream[2..<7]) == [0, 0xFF, 0xFF, 0, 0])
    #expect(Array(stream[(7 + 65_535)..<(12 + 65_535)]) == [1, 0x71, 0x11, 0x8E, 0xEE])
    #expect(PNG.adler32([]) == 1 && PNG.crc32(Array("IEND".utf8)) == 0xAE42_6082)
  }
}
