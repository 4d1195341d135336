/// A picture as a sixel stream carries it: a palette of at most the terminal's colour registers and one
/// palette index per pixel (DESIGN §1, pictures). A picture of few colours keeps them exactly; one of
/// more gets a palette made for it (median cut) and Floyd–Steinberg dithering, so a gradient keeps its
/// smoothness instead of banding into the flat blocks of a fixed 6 × 6 × 6 cube (docs/DECISIONS.md,
/// "Sixel that looks like the picture"). Made once per picture and size (`Picture`): the dithering of
/// the whole picture, so a part of it scrolled into view shows the same pixels.
public struct IndexedBitmap: Sendable {
  public let width: Int
  public let height: Int
  public let palette: [RGB]
  /// One per pixel, row after row; `transparent` for a pixel left out.
  public let indices: [UInt16]

  public static let transparent = UInt16.max
  /// The colour registers a sixel terminal has unless it says otherwise (xterm's `-ti vt340` default,
  /// foot's, mlterm's).
  public static let defaultRegisters = 256

  /// `bitmap` with at most `registers` colours (2…4096); pixels under half opaque are transparent.
  public init(_ bitmap: Bitmap, registers: Int = defaultRegisters) {
    width = bitmap.width
    height = bitmap.height
    let registers = min(max(registers, 2), 4096)
    if let exact = Self.exactColours(bitmap, limit: registers) {
      (palette, indices) = exact
    } else {
      palette = Self.medianCut(bitmap, colours: registers)
      indices = Self.dithered(bitmap, to: palette)
    }
  }

  init(width: Int, height: Int, palette: [RGB], indices: [UInt16]) {
    self.width = width
    self.height = height
    self.palette = palette
    self.indices = indices
  }

  /// Pixel rows `rows` (clamped), with the pixels inside `hidden` transparent (as `Bitmap.cropped`).
  public func cropped(rows: Range<Int>, hiding hidden: [(x: Int, y: Int, width: Int, height: Int)]) -> IndexedBitmap {
    let top = min(max(0, rows.lowerBound), height)
    let bottom = min(max(top, rows.upperBound), height)
    var out = Array(indices[(top * width)..<(bottom * width)])
    for rect in hidden {
      let (x0, x1) = (max(0, rect.x), min(width, rect.x + rect.width))
      let (y0, y1) = (max(0, rect.y), min(bottom - top, rect.y + rect.height))
      guard x0 < x1, y0 < y1 else { continue }
      for y in y0..<y1 {
        for x in x0..<x1 { out[y * width + x] = Self.transparent }
      }
    }
    return IndexedBitmap(width: width, height: bottom - top, palette: palette, indices: out)
  }

  /// The picture's own colours in the order they first appear, when there are at most `limit`.
  private static func exactColours(_ bitmap: Bitmap, limit: Int) -> ([RGB], [UInt16])? {
    var exact: [RGB: UInt16] = [:]
    var palette: [RGB] = []
    var indices = [UInt16](repeating: transparent, count: bitmap.width * bitmap.height)
    for p in indices.indices where bitmap.pixels[p * 4 + 3] >= 128 {
      let rgb = RGB(bitmap.pixels[p * 4], bitmap.pixels[p * 4 + 1], bitmap.pixels[p * 4 + 2])
      if let n = exact[rgb] {
        indices[p] = n
      } else {
        guard palette.count < limit else { return nil }
        exact[rgb] = UInt16(palette.count)
        indices[p] = UInt16(palette.count)
        palette.append(rgb)
      }
    }
    return (palette, indices)
  }

  /// A 5-bit-per-channel bin of a colour: the histogram median cut splits, and the nearest-colour cache.
  private static func bin(_ r: Int, _ g: Int, _ b: Int) -> Int { (r >> 3) << 10 | (g >> 3) << 5 | b >> 3 }

  /// Heckbert's median cut over the picture's opaque pixels binned at 5 bits a channel: the box with the
  /// most pixels (that can still be split) is cut across its longest side where half its pixels lie,
  /// until there are `colours` boxes; each box gives the mean of its pixels.
  static func medianCut(_ bitmap: Bitmap, colours: Int) -> [RGB] {
    var count = [Int](repeating: 0, count: 1 << 15)
    var sums = [Int](repeating: 0, count: 3 << 15)
    bitmap.pixels.withUnsafeBufferPointer { px in
      for p in 0..<bitmap.width * bitmap.height where px[p * 4 + 3] >= 128 {
        let (r, g, b) = (Int(px[p * 4]), Int(px[p * 4 + 1]), Int(px[p * 4 + 2]))
        let n = bin(r, g, b)
        count[n] += 1
        sums[n * 3] += r
        sums[n * 3 + 1] += g
        sums[n * 3 + 2] += b
      }
    }
    struct Box {
      var bins: [Int]
      var pixels: Int
      /// The channel (0 red, 1 green, 2 blue) with the widest range, and that range.
      var axis = 0
      var range = 0
    }
    func channel(_ n: Int, _ axis: Int) -> Int { n >> (10 - axis * 5) & 31 }
    func measured(_ bins: [Int]) -> Box {
      var box = Box(bins: bins, pixels: bins.reduce(0) { $0 + count[$1] })
      for axis in 0..<3 {
        var low = 31, high = 0
        for n in bins {
          low = min(low, channel(n, axis))
          high = max(high, channel(n, axis))
        }
        if high - low > box.range { (box.axis, box.range) = (axis, high - low) }
      }
      return box
    }
    var boxes = [measured((0..<1 << 15).filter { count[$0] > 0 })]
    while boxes.count < colours {
      guard let pick = boxes.indices.filter({ boxes[$0].bins.count > 1 }).max(by: { boxes[$0].pixels < boxes[$1].pixels })
      else { break }
      let box = boxes[pick]
      let sorted = box.bins.sorted { channel($0, box.axis) < channel($1, box.axis) }
      var seen = 0
      var cut = 1
      for i in 1..<sorted.count {
        seen += count[sorted[i - 1]]
        cut = i
        if seen * 2 >= box.pixels { break }
      }
      boxes[pick] = measured(Array(sorted[..<cut]))
      boxes.append(measured(Array(sorted[cut...])))
    }
    return boxes.filter { $0.pixels > 0 }.map { box in
      var (r, g, b) = (0, 0, 0)
      for n in box.bins {
        r += sums[n * 3]
        g += sums[n * 3 + 1]
        b += sums[n * 3 + 2]
      }
      return RGB(UInt8(r / box.pixels), UInt8(g / box.pixels), UInt8(b / box.pixels))
    }
  }

  /// Each opaque pixel as its nearest palette colour, the error spread to the pixels not yet drawn
  /// (Floyd–Steinberg: 7/16 right, 3/16 below left, 5/16 below, 1/16 below right). The nearest colour of
  /// a 5-bit bin is found once and kept. `spreading` false: each pixel its nearest colour (the tests'
  /// measure of what the dithering brings).
  static func dithered(_ bitmap: Bitmap, to palette: [RGB], spreading: Bool = true) -> [UInt16] {
    let width = bitmap.width
    var nearest = [UInt16](repeating: transparent, count: 1 << 15)
    func index(_ r: Int, _ g: Int, _ b: Int) -> UInt16 {
      let n = bin(r, g, b)
      if nearest[n] != transparent { return nearest[n] }
      // The bin's centre, so every colour of the bin gets one answer.
      let (cr, cg, cb) = (r & ~7 | 4, g & ~7 | 4, b & ~7 | 4)
      var best = 0
      var bestDistance = Int.max
      for (i, colour) in palette.enumerated() {
        let (dr, dg, db) = (Int(colour.red) - cr, Int(colour.green) - cg, Int(colour.blue) - cb)
        let distance = 2 * dr * dr + 4 * dg * dg + 3 * db * db
        if distance < bestDistance { (best, bestDistance) = (i, distance) }
      }
      nearest[n] = UInt16(best)
      return UInt16(best)
    }
    var out = [UInt16](repeating: transparent, count: width * bitmap.height)
    // The error carried into this row and the next, in sixteenths, three channels, one pixel of margin.
    var current = [Int](repeating: 0, count: (width + 2) * 3)
    var next = current
    func spread(_ error: Int, at e: Int) {
      guard spreading else { return }
      current[e + 3] += error * 7
      next[e - 3] += error * 3
      next[e] += error * 5
      next[e + 3] += error
    }
    bitmap.pixels.withUnsafeBufferPointer { px in
      for y in 0..<bitmap.height {
        for i in next.indices { next[i] = 0 }
        for x in 0..<width {
          let p = y * width + x
          guard px[p * 4 + 3] >= 128 else { continue }
          let e = (x + 1) * 3
          let r = min(255, max(0, Int(px[p * 4]) + current[e] / 16))
          let g = min(255, max(0, Int(px[p * 4 + 1]) + current[e + 1] / 16))
          let b = min(255, max(0, Int(px[p * 4 + 2]) + current[e + 2] / 16))
          let n = index(r, g, b)
          out[p] = n
          let colour = palette[Int(n)]
          spread(r - Int(colour.red), at: e)
          spread(g - Int(colour.green), at: e + 1)
          spread(b - Int(colour.blue), at: e + 2)
        }
        swap(&current, &next)
      }
    }
    return out
  }
}
