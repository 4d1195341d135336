import Reader
import ScreenKit
import Synchronization

/// A decoded picture of the article as the terminal's own graphics draw it (ScreenKit's `PicturePixels`):
/// the backend asks it for the sixel stream of the part in view, or for the kitty transmission, once it
/// knows the cells' size in pixels (docs/ARCHITECTURE.md, "A frame": pictures). Its pixels never change;
/// the scaled copy is a cache behind a lock, so the object stays `Sendable`.
final class ArticlePicture: PicturePixels {
  let bitmap: Bitmap
  /// The picture scaled for the last size asked: a picture scrolled through the pane's edge is cropped
  /// anew at each step, not scaled anew (about a third of the work, docs/DECISIONS.md).
  private let scaled = Mutex<(size: PixelSize, bitmap: Bitmap)?>(nil)

  init(_ bitmap: Bitmap) { self.bitmap = bitmap }

  func sixel(fitting size: PixelSize, rows: Range<Int>, hidden: [Point], cell: PixelSize) -> String {
    let whole = scaled.withLock { last in
      if let last, last.size == size { return last.bitmap }
      // Never past its own size: the cells (`ImageLayout`) cover it whole, its last row and column partly.
      let made = bitmap.scaled(fitting: min(size.width, bitmap.sourceWidth), min(size.height, bitmap.sourceHeight))
      last = (size, made)
      return made
    }
    let shown = whole
      .cropped(rows: rows, hiding: hidden.map { ($0.x * cell.width, $0.y * cell.height, cell.width, cell.height) })
    return Sixel.encode(shown)
  }

  func kittyTransmission(id: Int, columns: Int, rows: Int) -> String {
    KittyGraphics.transmit(bitmap, id: UInt32(id), columns: columns, rows: rows)
  }
}

/// Image ids for the kitty graphics protocol: one per picture at one size (`key`), 1…255 so that the id
/// fits the 256-colour foreground of its placeholder cells on any terminal the protocol runs on; the
/// least recently used id is given again (the backend then sends the new picture under it).
struct KittyImageIDs {
  static let maxID = 255
  private var ids: [String: Int] = [:]
  /// Keys, least recently used first.
  private var order: [String] = []

  mutating func id(for key: String) -> Int {
    if let id = ids[key] {
      if let index = order.firstIndex(of: key) { order.remove(at: index) }
      order.append(key)
      return id
    }
    let id: Int
    if ids.count < Self.maxID {
      id = ids.count + 1
    } else {
      let old = order.removeFirst()
      id = ids.removeValue(forKey: old) ?? 1
    }
    ids[key] = id
    order.append(key)
    return id
  }
}
