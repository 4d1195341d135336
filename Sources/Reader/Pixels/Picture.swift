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
  private let scaled = Mutex<(width: Int, height: Int, bitmap: Bitmap)?>(nil)

  public init(_ bitmap: Bitmap) { self.bitmap = bitmap }

  /// The picture scaled to fit `width` × `height` pixels (its shape kept, never past its own size: the
  /// cells `ImageLayout` gave it cover it whole, its last row and column partly), only the pixel rows
  /// `rows` of that, with the pixels inside `hidden` made transparent so what is behind stays: what a
  /// terminal drawing pixels at a cell shows (sixel, kitty direct, iTerm2).
  public func part(fitting width: Int, _ height: Int, rows: Range<Int>, hiding hidden: [(x: Int, y: Int, width: Int, height: Int)])
    -> Bitmap
  {
    let whole = scaled.withLock { last in
      if let last, last.width == width, last.height == height { return last.bitmap }
      let made = bitmap.scaled(fitting: min(width, bitmap.sourceWidth), min(height, bitmap.sourceHeight))
      last = (width, height, made)
      return made
    }
    return whole.cropped(rows: rows, hiding: hidden)
  }

  /// The sixel stream of `part(fitting:rows:hiding:)`.
  public func sixel(fitting width: Int, _ height: Int, rows: Range<Int>, hiding hidden: [(x: Int, y: Int, width: Int, height: Int)])
    -> String
  {
    Sixel.encode(part(fitting: width, height, rows: rows, hiding: hidden))
  }

  /// The kitty graphics transmission of the picture as image `id`, virtually placed over `columns` ×
  /// `rows` cells (`KittyGraphics.transmit`).
  public func kittyTransmission(id: Int, columns: Int, rows: Int) -> String {
    KittyGraphics.transmit(bitmap, id: UInt32(id), columns: columns, rows: rows)
  }
}
