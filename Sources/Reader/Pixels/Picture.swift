import Synchronization

/// A decoded picture as the terminal's own graphics draw it (DESIGN §1, pictures): the frame carries it
/// (ScreenKit's `PicturePlacement`, `PictureTransmission`) and the terminal backend asks it for its bytes
/// once it knows the cells' size in pixels and the part in view. One object per picture while it is kept,
/// so frames compare it by identity; its pixels never change, and the scaled copy is a cache behind a
/// lock, so the object stays `Sendable`.
public final class Picture: Sendable {
  public let bitmap: Bitmap
  /// The picture scaled for the last size asked: a picture scrolled through the pane's edge is cropped
  /// anew at each step, not scaled anew (about a third of the work, docs/DECISIONS.md).
  private let scaled = Mutex<Scaled?>(nil)

  /// The picture at one size, and for sixel its palette and dithering (the costly part, made once per
  /// size, and off the main thread when the layout asks for it ahead: `prepareSixel`) and the bands
  /// already encoded, by their first pixel row and height in the whole picture: scrolled through the
  /// pane's edge by a cell at a time, the bands in view are mostly ones met before, whatever the cell's
  /// height (docs/DECISIONS.md, "Sixel that looks like the picture").
  private struct Scaled {
    var width: Int
    var height: Int
    var bitmap: Bitmap
    var indexed: IndexedBitmap?
    var bands: [BandKey: [UInt8]] = [:]
    var bandBytes = 0
    /// Bands encoded at this size, kept or not (the tests read it).
    var bandsMade = 0
  }

  private struct BandKey: Hashable {
    var top: Int
    var height: Int
  }

  /// The most bytes of bands kept per picture, beyond which they are dropped and made again.
  static let maxBandBytes = 4 << 20

  public init(_ bitmap: Bitmap) { self.bitmap = bitmap }

  /// The picture at this size, scaled if it was last asked at another.
  private func withScaled<T>(fitting width: Int, _ height: Int, _ body: (inout Scaled) -> T) -> T {
    scaled.withLock { last in
      if last == nil || last!.width != width || last!.height != height {
        let made = bitmap.scaled(fitting: min(width, bitmap.sourceWidth), min(height, bitmap.sourceHeight))
        last = Scaled(width: width, height: height, bitmap: made)
      }
      return body(&last!)
    }
  }

  /// The picture scaled to fit `width` × `height` pixels (its shape kept, never past its own size: the
  /// cells `ImageLayout` gave it cover it whole, its last row and column partly), only the pixel rows
  /// `rows` of that, with the pixels inside `hidden` made transparent so what is behind stays: what a
  /// terminal drawing pixels at a cell shows (sixel, kitty direct, iTerm2).
  public func part(fitting width: Int, _ height: Int, rows: Range<Int>, hiding hidden: [(x: Int, y: Int, width: Int, height: Int)])
    -> Bitmap
  {
    withScaled(fitting: width, height) { $0.bitmap }.cropped(rows: rows, hiding: hidden)
  }

  /// Scales, indexes and dithers the picture for sixel at this size now (from a background thread, so
  /// the frame that draws it finds it made).
  public func prepareSixel(fitting width: Int, _ height: Int, registers: Int = IndexedBitmap.defaultRegisters) {
    _ = indexed(fitting: width, height, registers: registers)
  }

  private func indexed(fitting width: Int, _ height: Int, registers: Int) -> IndexedBitmap {
    withScaled(fitting: width, height) { scaled in
      if let indexed = scaled.indexed, indexed.palette.count <= registers { return indexed }
      let indexed = IndexedBitmap(scaled.bitmap, registers: registers)
      scaled.indexed = indexed
      scaled.bands = [:]
      scaled.bandBytes = 0
      return indexed
    }
  }

  /// The sixel stream of `part(fitting:rows:hiding:)`, from the picture's one palette at this size; the
  /// bands with nothing hidden are kept and found again.
  public func sixel(
    fitting width: Int, _ height: Int, rows: Range<Int>, hiding hidden: [(x: Int, y: Int, width: Int, height: Int)],
    registers: Int = IndexedBitmap.defaultRegisters
  ) -> String {
    let whole = indexed(fitting: width, height, registers: registers)
    let part = whole.cropped(rows: rows, hiding: hidden)
    let top = min(max(0, rows.lowerBound), whole.height)
    return Sixel.encode(part) { bandTop, bandHeight in
      guard !hidden.contains(where: { $0.y < bandTop + bandHeight && $0.y + $0.height > bandTop && $0.width > 0 }) else {
        return Sixel.band(of: part, top: bandTop, height: bandHeight)
      }
      let key = BandKey(top: top + bandTop, height: bandHeight)
      if let kept = self.withScaled(fitting: width, height, { $0.bands[key] }) { return kept }
      let made = Sixel.band(of: part, top: bandTop, height: bandHeight)
      self.withScaled(fitting: width, height) { scaled in
        if scaled.bandBytes + made.count > Self.maxBandBytes { (scaled.bands, scaled.bandBytes) = ([:], 0) }
        scaled.bands[key] = made
        scaled.bandBytes += made.count
        scaled.bandsMade += 1
      }
      return made
    }
  }

  /// How many bands with nothing hidden were encoded at the last size asked (the tests read it).
  var bandsMade: Int { scaled.withLock { $0?.bandsMade ?? 0 } }

  /// The kitty graphics transmission of the picture as image `id`, virtually placed over `columns` ×
  /// `rows` cells (`KittyGraphics.transmit`); of a picture `total` rows tall, only its pixels of rows
  /// `first..<first + rows` (a slice of a picture taller than `KittyGraphics.maxRows`).
  public func kittyTransmission(id: Int, columns: Int, rows: Int, from first: Int = 0, of total: Int? = nil) -> String {
    let total = max(total ?? rows, 1)
    let part = first == 0 && rows >= total
      ? bitmap : bitmap.cropped(rows: bitmap.height * first / total..<bitmap.height * (first + rows) / total, hiding: [])
    return KittyGraphics.transmit(part, id: UInt32(id), columns: columns, rows: rows)
  }
}
