/// The sixel byte stream of a picture (the VT330/VT340 graphics that xterm `-ti vt340`, foot, WezTerm,
/// mlterm and Windows Terminal draw), for the sixel way of drawing pictures (DESIGN §1, docs/MANUAL.md "Pictures").
///
/// Per the DEC STD 070 sixel format: `ESC P 0;1;0 q` (P2 = 1: pixels left out keep what is behind them,
/// so transparency works), the raster attributes `"1;1;W;H` (square pixels), one colour register per
/// colour (`#n;2;r;g;b`, RGB in percent), then the picture in bands six pixels tall: for each colour in
/// the band `#n` and one character per column (63 + the column's six bits, top pixel lowest), runs as
/// `!count`, `$` back to the band's start for the next colour, `-` to the next band; `ESC \` ends it.
public enum Sixel {
  /// The stream of `bitmap` with at most `registers` colours (`IndexedBitmap`: its own colours, else a
  /// palette made for it and dithering).
  public static func encode(_ bitmap: Bitmap, registers: Int = IndexedBitmap.defaultRegisters) -> String {
    encode(IndexedBitmap(bitmap, registers: registers))
  }

  /// The stream of a picture already indexed; `band`, when given, makes (or finds) each band's sixels
  /// from its first pixel row and height, so a caller can keep bands met before (`Picture`).
  public static func encode(_ picture: IndexedBitmap, band: ((_ top: Int, _ height: Int) -> [UInt8])? = nil) -> String {
    var out = Array("\u{1B}P0;1;0q\"1;1;\(picture.width);\(picture.height)".utf8)
    for (n, rgb) in picture.palette.enumerated() {
      let percent = { (c: UInt8) in (Int(c) * 100 + 127) / 255 }
      out += "#\(n);2;\(percent(rgb.red));\(percent(rgb.green));\(percent(rgb.blue))".utf8
    }
    var scratch = Bands(picture)
    for top in stride(from: 0, to: picture.height, by: 6) {
      if top > 0 { out.append(UInt8(ascii: "-")) }
      let height = min(6, picture.height - top)
      out += band?(top, height) ?? scratch.band(top: top, height: height)
    }
    return String(decoding: out + [0x1B, UInt8(ascii: "\\")], as: UTF8.self)
  }

  /// The sixels of one band (`height` ≤ 6 pixel rows from `top`): for each colour in it, in register
  /// order, `#n` and its columns, `$` between colours.
  public static func band(of picture: IndexedBitmap, top: Int, height: Int) -> [UInt8] {
    var scratch = Bands(picture)
    return scratch.band(top: top, height: height)
  }

  /// One sixel row per colour register, reused band after band.
  private struct Bands {
    let picture: IndexedBitmap
    var bits: [UInt8]
    var present: [Bool]

    init(_ picture: IndexedBitmap) {
      self.picture = picture
      bits = [UInt8](repeating: 0, count: picture.palette.count * picture.width)
      present = [Bool](repeating: false, count: picture.palette.count)
    }

    mutating func band(top: Int, height: Int) -> [UInt8] {
      let width = picture.width
      var used: [Int] = []
      for y in top..<top + height {
        for x in 0..<width {
          let n = Int(picture.indices[y * width + x])
          guard n != Int(IndexedBitmap.transparent) else { continue }
          if !present[n] {
            present[n] = true
            used.append(n)
          }
          bits[n * width + x] |= 1 << (y - top)
        }
      }
      var out: [UInt8] = []
      for (k, n) in used.sorted().enumerated() {
        if k > 0 { out.append(UInt8(ascii: "$")) }
        out += "#\(n)".utf8
        Sixel.runs(bits[n * width..<(n + 1) * width], into: &out)
        for x in n * width..<(n + 1) * width { bits[x] = 0 }
        present[n] = false
      }
      return out
    }
  }

  /// A colour's sixels for one band, with runs of four or more as `!count` and trailing blanks dropped.
  private static func runs(_ sixels: ArraySlice<UInt8>, into out: inout [UInt8]) {
    let end = (sixels.lastIndex { $0 != 0 }).map { $0 + 1 } ?? sixels.startIndex
    var i = sixels.startIndex
    while i < end {
      var j = i
      while j < end, sixels[j] == sixels[i] { j += 1 }
      let character = 63 + sixels[i]
      if j - i >= 4 {
        out += "!\(j - i)".utf8
        out.append(character)
      } else {
        out += repeatElement(character, count: j - i)
      }
      i = j
    }
  }
}
