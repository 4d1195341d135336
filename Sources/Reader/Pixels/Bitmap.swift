/// A picture's pixels, RGBA row after row, and the size its file declared (the "own size" a picture is
/// never drawn wider than). Reader's decoders produce it (`ImageDecoder`, already shrunk to what a
/// terminal pane can use); the half blocks, the sixel and kitty streams and the cell layout read it.
public struct Bitmap: Hashable, Sendable {
  public var width: Int
  public var height: Int
  /// `width * height * 4` bytes, RGBA, row after row.
  public var pixels: [UInt8]
  /// The picture's size in the file, before any shrinking.
  public var sourceWidth: Int
  public var sourceHeight: Int

  public init(width: Int, height: Int, pixels: [UInt8], sourceWidth: Int? = nil, sourceHeight: Int? = nil) {
    self.width = width
    self.height = height
    self.pixels = pixels
    self.sourceWidth = sourceWidth ?? width
    self.sourceHeight = sourceHeight ?? height
  }
}

extension Bitmap {
  /// The mean RGBA of the pixels in `[x0, x1) × [y0, y1)` (at least one pixel), colour weighted by alpha.
  func average(x0: Int, x1: Int, y0: Int, y1: Int) -> [UInt8] {
    let xa = min(max(0, x0), width - 1)
    let ya = min(max(0, y0), height - 1)
    let xb = max(xa + 1, min(x1, width))
    let yb = max(ya + 1, min(y1, height))
    var sum = [Int](repeating: 0, count: 4)
    for y in ya..<yb {
      var i = (y * width + xa) * 4
      for _ in xa..<xb {
        let alpha = Int(pixels[i + 3])
        sum[0] += Int(pixels[i]) * alpha
        sum[1] += Int(pixels[i + 1]) * alpha
        sum[2] += Int(pixels[i + 2]) * alpha
        sum[3] += alpha
        i += 4
      }
    }
    let count = (xb - xa) * (yb - ya)
    guard sum[3] > 0 else { return [0, 0, 0, 0] }
    return [UInt8(sum[0] / sum[3]), UInt8(sum[1] / sum[3]), UInt8(sum[2] / sum[3]), UInt8(sum[3] / count)]
  }
}

extension Bitmap {
  /// The picture scaled to fit `width` × `height` pixels with its shape kept (each pixel the mean of the
  /// area it covers, or the nearest one when growing): what a terminal drawing pixels (sixel) shows in
  /// the cells `ImageLayout.cells` gave it.
  public func scaled(fitting width: Int, _ height: Int) -> Bitmap {
    guard self.width > 0, self.height > 0, width > 0, height > 0 else { return Bitmap(width: 0, height: 0, pixels: []) }
    let scale = min(Double(width) / Double(self.width), Double(height) / Double(self.height))
    let w = min(width, max(1, Int((Double(self.width) * scale).rounded())))
    let h = min(height, max(1, Int((Double(self.height) * scale).rounded())))
    if w == self.width && h == self.height { return self }
    var out = [UInt8](repeating: 0, count: w * h * 4)
    for y in 0..<h {
      for x in 0..<w {
        let mean = average(x0: x * self.width / w, x1: (x + 1) * self.width / w, y0: y * self.height / h, y1: (y + 1) * self.height / h)
        let o = (y * w + x) * 4
        out[o] = mean[0]
        out[o + 1] = mean[1]
        out[o + 2] = mean[2]
        out[o + 3] = mean[3]
      }
    }
    return Bitmap(width: w, height: h, pixels: out, sourceWidth: sourceWidth, sourceHeight: sourceHeight)
  }

  /// Pixel rows `rows` (clamped) of the picture, with the pixels inside `hidden` made transparent: the
  /// part of a picture in view, less what is drawn over it.
  public func cropped(rows: Range<Int>, hiding hidden: [(x: Int, y: Int, width: Int, height: Int)]) -> Bitmap {
    let top = min(max(0, rows.lowerBound), height)
    let bottom = min(max(top, rows.upperBound), height)
    var out = Array(pixels[(top * width * 4)..<(bottom * width * 4)])
    for rect in hidden {
      let (x0, x1) = (max(0, rect.x), min(width, rect.x + rect.width))
      let (y0, y1) = (max(0, rect.y), min(bottom - top, rect.y + rect.height))
      guard x0 < x1, y0 < y1 else { continue }
      for y in y0..<y1 {
        for x in x0..<x1 { out[(y * width + x) * 4 + 3] = 0 }
      }
    }
    return Bitmap(width: width, height: bottom - top, pixels: out, sourceWidth: sourceWidth, sourceHeight: sourceHeight)
  }
}

extension Bitmap {
  /// The picture averaged down to at most `keptWidth` × `keptHeight` pixels, its shape kept (a box filter,
  /// colour weighted by alpha), the source size kept. A box up to 7 pixels across is averaged whole; a
  /// wider one (a picture over 3,000 pixels wide) from evenly spread samples, at most 7 a side, so the
  /// cost follows the kept size, not the declared one (docs/DECISIONS.md, "Inline images: GIF and WebP").
  public func shrunk(toFit keptWidth: Int, _ keptHeight: Int) -> Bitmap {
    let width = self.width
    let height = self.height
    guard width > keptWidth || height > keptHeight else { return self }
    let byWidth = width * keptHeight >= height * keptWidth
    let w = byWidth ? keptWidth : max(1, width * keptHeight / height)
    let h = byWidth ? max(1, height * keptWidth / width) : keptHeight
    // Output column x covers source columns [left[x], left[x + 1]), at least one, read every step[x].
    let left = (0...w).map { $0 * width / w }
    let step = (0..<w).map { Self.sampleStep(max(1, left[$0 + 1] - left[$0])) }
    var out = [UInt8](repeating: 0, count: w * h * 4)
    var sums = [Int](repeating: 0, count: w * 4)
    pixels.withUnsafeBufferPointer { source in
      out.withUnsafeMutableBufferPointer { target in
        sums.withUnsafeMutableBufferPointer { sum in
          for y in 0..<h {
            let y0 = min(y * height / h, height - 1)
            let y1 = max(y0 + 1, min((y + 1) * height / h, height))
            let rowStep = Self.sampleStep(y1 - y0)
            for i in 0..<w * 4 { sum[i] = 0 }
            for sy in stride(from: y0, to: y1, by: rowStep) {
              let row = sy * width * 4
              for x in 0..<w {
                let x0 = left[x]
                let x1 = max(x0 + 1, left[x + 1])
                var r = 0, g = 0, b = 0, a = 0
                for sx in stride(from: x0, to: x1, by: step[x]) {
                  let i = row + sx * 4
                  let alpha = Int(source[i + 3])
                  r += Int(source[i]) * alpha
                  g += Int(source[i + 1]) * alpha
                  b += Int(source[i + 2]) * alpha
                  a += alpha
                }
                sum[x * 4] += r
                sum[x * 4 + 1] += g
                sum[x * 4 + 2] += b
                sum[x * 4 + 3] += a
              }
            }
            let rows = (y1 - y0 + rowStep - 1) / rowStep
            for x in 0..<w {
              let alpha = sum[x * 4 + 3]
              guard alpha > 0 else { continue }
              let span = max(1, left[x + 1] - left[x])
              let count = rows * ((span + step[x] - 1) / step[x])
              let o = (y * w + x) * 4
              target[o] = UInt8(sum[x * 4] / alpha)
              target[o + 1] = UInt8(sum[x * 4 + 1] / alpha)
              target[o + 2] = UInt8(sum[x * 4 + 2] / alpha)
              target[o + 3] = UInt8(alpha / count)
            }
          }
        }
      }
    }
    return Bitmap(width: w, height: h, pixels: out, sourceWidth: sourceWidth, sourceHeight: sourceHeight)
  }

  /// Every pixel of a box up to 7 across, else every `n / 4`-th (4 to 7 samples).
  static func sampleStep(_ n: Int) -> Int { n < 8 ? 1 : n / 4 }
}
