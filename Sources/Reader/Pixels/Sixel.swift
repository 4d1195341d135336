/// The sixel byte stream of a picture (the VT330/VT340 graphics that xterm `-ti vt340`, foot, WezTerm,
/// mlterm and Windows Terminal draw), for the sixel way of drawing pictures (DESIGN §1, docs/MANUAL.md "Pictures").
///
/// Per the DEC STD 070 sixel format: `ESC P 0;1;0 q` (P2 = 1: pixels left out keep what is behind them,
/// so transparency works), the raster attributes `"1;1;W;H` (square pixels), one colour register per
/// colour (`#n;2;r;g;b`, RGB in percent), then the picture in bands six pixels tall: for each colour in
/// the band `#n` and one character per column (63 + the column's six bits, top pixel lowest), runs as
/// `!count`, `$` back to the band's start for the next colour, `-` to the next band; `ESC \` ends it.
public enum Sixel {
  public static func encode(_ bitmap: Bitmap) -> String {
    let width = bitmap.width
    let height = bitmap.height
    // Colours: exact when the picture has at most 256, else the 6×6×6 cube.
    var exact: [RGB: Int] = [:]
    var palette: [RGB] = []
    var index = [Int?](repeating: nil, count: width * height)
    for p in 0..<width * height where bitmap.pixels[p * 4 + 3] >= 128 {
      let rgb = RGB(bitmap.pixels[p * 4], bitmap.pixels[p * 4 + 1], bitmap.pixels[p * 4 + 2])
      if let n = exact[rgb] {
        index[p] = n
      } else {
        exact[rgb] = palette.count
        index[p] = palette.count
        palette.append(rgb)
      }
    }
    if palette.count > 256 {
      palette = (0..<216).map { (n: Int) -> RGB in
        let red = UInt8(n / 36 * 51)
        let green = UInt8(n / 6 % 6 * 51)
        let blue = UInt8(n % 6 * 51)
        return RGB(red, green, blue)
      }
      for p in index.indices where index[p] != nil {
        let level = { (c: UInt8) in (Int(c) + 25) / 51 }
        let i = p * 4
        index[p] = level(bitmap.pixels[i]) * 36 + level(bitmap.pixels[i + 1]) * 6 + level(bitmap.pixels[i + 2])
      }
    }
    var out = "\u{1B}P0;1;0q\"1;1;\(width);\(height)"
    for (n, rgb) in palette.enumerated() {
      let percent = { (c: UInt8) in (Int(c) * 100 + 127) / 255 }
      out += "#\(n);2;\(percent(rgb.red));\(percent(rgb.green));\(percent(rgb.blue))"
    }
    for band in stride(from: 0, to: height, by: 6) {
      if band > 0 { out += "-" }
      var bits: [Int: [UInt8]] = [:]  // colour → one sixel per column
      var order: [Int] = []
      for y in band..<min(band + 6, height) {
        for x in 0..<width {
          guard let n = index[y * width + x] else { continue }
          if bits[n] == nil {
            bits[n] = [UInt8](repeating: 0, count: width)
            order.append(n)
          }
          bits[n]![x] |= 1 << (y - band)
        }
      }
      for (k, n) in order.sorted().enumerated() {
        if k > 0 { out += "$" }
        out += "#\(n)" + runs(bits[n]!)
      }
    }
    return out + "\u{1B}\\"
  }

  /// A colour's sixels for one band, with runs of four or more as `!count` and trailing blanks dropped.
  private static func runs(_ sixels: [UInt8]) -> String {
    var out = ""
    let trimmed = sixels[..<(sixels.lastIndex { $0 != 0 }.map { $0 + 1 } ?? 0)]
    var i = trimmed.startIndex
    while i < trimmed.endIndex {
      var j = i
      while j < trimmed.endIndex, trimmed[j] == trimmed[i] { j += 1 }
      let character = Character(Unicode.Scalar(63 + trimmed[i]))
      out += j - i >= 4 ? "!\(j - i)\(character)" : String(repeating: character, count: j - i)
      i = j
    }
    return out
  }
}
