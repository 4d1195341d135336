import Testing

@testable import Pixels

/// Sixel that looks like the picture (docs/DECISIONS.md, "Sixel that looks like the picture"): a picture
/// of more colours than registers gets a palette of its own, up to the registers, and dithering, so a
/// gradient keeps its smoothness; the bands of a picture scrolled through the pane's edge are encoded once.
struct SixelPaletteTests {
  /// 96 × 64: red across, green down, blue fixed: 6,144 colours.
  static let gradient: Bitmap = {
    var pixels: [UInt8] = []
    for y in 0..<64 {
      for x in 0..<96 { pixels += [UInt8(x * 255 / 95), UInt8(y * 255 / 63), 128, 255] }
    }
    return Bitmap(width: 96, height: 64, pixels: pixels)
  }()

  @Test func aGradientUsesEveryRegister() {
    let indexed = IndexedBitmap(Self.gradient)
    #expect(indexed.palette.count > 216)
    #expect(indexed.palette.count <= 256)
    #expect(Set(indexed.palette).count == indexed.palette.count)
    // The stream declares each of them (`#n;2;r;g;b`).
    let stream = Sixel.encode(Self.gradient)
    #expect(stream.split(separator: "#").dropFirst().filter { $0.contains(";") }.count == indexed.palette.count)
    #expect(IndexedBitmap(Self.gradient, registers: 16).palette.count == 16)
  }

  /// The mean error per channel (of 255) over 4 × 4 boxes, what the eye averages at a terminal's pixel
  /// size, of the gradient drawn with `palette` and `indices`.
  static func boxError(_ palette: [RGB], _ indices: [UInt16]) -> Double {
    var error = 0.0
    var boxes = 0
    for by in stride(from: 0, to: 64, by: 4) {
      for bx in stride(from: 0, to: 96, by: 4) {
        for c in 0..<3 {
          var source = 0, drawn = 0
          for y in by..<by + 4 {
            for x in bx..<bx + 4 {
              source += Int(gradient.pixels[(y * 96 + x) * 4 + c])
              let colour = palette[Int(indices[y * 96 + x])]
              drawn += Int([colour.red, colour.green, colour.blue][c])
            }
          }
          error += Double(abs(source - drawn)) / 16
        }
        boxes += 1
      }
    }
    return error / Double(boxes * 3)
  }

  @Test(arguments: [16, 256])
  func theDitheredGradientIsCloseToTheSourceOnAverage(registers: Int) {
    let indexed = IndexedBitmap(Self.gradient, registers: registers)
    // Each pixel its nearest colour, without dithering: the bands of flat colour.
    let nearest = IndexedBitmap.dithered(Self.gradient, to: indexed.palette, spreading: false)
    let (dithered, flat) = (Self.boxError(indexed.palette, indexed.indices), Self.boxError(indexed.palette, nearest))
    #expect(dithered < flat / 2, "dithered \(dithered), flat \(flat)")
    #expect(dithered < (registers == 256 ? 1.5 : 4.5), "dithered \(dithered), flat \(flat)")
  }

  @Test func aPictureOfFewColoursKeepsThemExactly() {
    let two = Bitmap(width: 2, height: 1, pixels: [1, 2, 3, 255, 250, 251, 252, 255])
    let indexed = IndexedBitmap(two)
    #expect(indexed.palette == [RGB(1, 2, 3), RGB(250, 251, 252)])
    #expect(indexed.indices == [0, 1])
  }

  @Test func bandsScrolledThroughTheEdgeAreEncodedOnce() {
    let picture = Picture(Self.gradient)
    let whole = IndexedBitmap(Self.gradient)
    func draw(_ rows: Range<Int>, hiding hidden: [(x: Int, y: Int, width: Int, height: Int)] = []) -> String {
      let stream = picture.sixel(fitting: 96, 64, rows: rows, hiding: hidden)
      #expect(stream == Sixel.encode(whole.cropped(rows: rows, hiding: hidden)), "\(rows)")
      return stream
    }
    _ = draw(0..<30)
    #expect(picture.bandsMade == 5)
    _ = draw(0..<30)
    #expect(picture.bandsMade == 5, "a second draw encodes nothing again")
    _ = draw(6..<42)
    #expect(picture.bandsMade == 7, "scrolled by a band: only the two new ones")
    _ = draw(0..<30, hiding: [(x: 0, y: 0, width: 10, height: 6)])
    #expect(picture.bandsMade == 7, "a band with a hole is made for that frame, not kept")
  }
}
