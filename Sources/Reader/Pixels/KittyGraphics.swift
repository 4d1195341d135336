import Foundation

/// The kitty graphics protocol with Unicode placeholders, for the kitty way of drawing pictures (DESIGN §1,
/// docs/MANUAL.md "Pictures"). The picture is sent once as a virtual placement (`U=1`) of
/// `columns × rows` cells; the screen then holds ordinary text — U+10EEEE cells whose foreground colour
/// is the image id and whose combining marks give the row and column — so redraws, scrolling, the
/// popover on top and tmux treat it as text.
///
/// Per the protocol's document: `ESC _G a=T,U=1,f=32,s=W,v=H,i=ID,c=C,r=R,q=2;<base64 RGBA> ESC \`,
/// the payload in chunks of at most 4096 base64 characters, `m=1` on every chunk but the last (`m=0`),
/// later chunks carrying only `m`; `q=2` so the terminal never answers (its reply would reach the key
/// decoder). A row of placeholders is U+10EEEE + the row's diacritic + the column-0 diacritic, then bare
/// U+10EEEE cells, which the terminal reads as the next columns of the same row.
public enum KittyGraphics {
  public static let placeholder: Unicode.Scalar = "\u{10EEEE}"
  static let chunkSize = 4096

  /// The first 64 of the protocol's row/column diacritics (its rowcolumn-diacritics table, index = value):
  /// a picture taller than 64 rows (in a pane over 96 lines) is sent as one image per 64 rows
  /// (`PictureTransmission.firstRow`), each numbered from its own first row.
  static let diacritics: [UInt32] = [
    0x0305, 0x030D, 0x030E, 0x0310, 0x0312, 0x033D, 0x033E, 0x033F, 0x0346, 0x034A, 0x034B, 0x034C,
    0x0350, 0x0351, 0x0352, 0x0357, 0x035B, 0x0363, 0x0364, 0x0365, 0x0366, 0x0367, 0x0368, 0x0369,
    0x036A, 0x036B, 0x036C, 0x036D, 0x036E, 0x036F, 0x0483, 0x0484, 0x0485, 0x0486, 0x0487, 0x0592,
    0x0593, 0x0594, 0x0595, 0x0597, 0x0598, 0x0599, 0x059C, 0x059D, 0x059E, 0x059F, 0x05A0, 0x05A1,
    0x05A8, 0x05A9, 0x05AB, 0x05AC, 0x05AF, 0x05C4, 0x0610, 0x0611, 0x0612, 0x0613, 0x0614, 0x0615,
    0x0616, 0x0617, 0x0657, 0x0658,
  ]
  public static var maxRows: Int { diacritics.count }

  /// The transmission of `bitmap` as image `id`, placed virtually over `columns × rows` cells.
  public static func transmit(_ bitmap: Bitmap, id: UInt32, columns: Int, rows: Int) -> String {
    chunked(bitmap, keys: "a=T,U=1,f=32,s=\(bitmap.width),v=\(bitmap.height),i=\(id),c=\(columns),r=\(rows),q=2")
  }

  /// A direct placement, for a terminal that speaks the protocol but draws no placeholders (kitty before
  /// 0.28, Konsole; docs/MANUAL.md "Pictures"): `bitmap` transmitted and shown at once as image `id` at
  /// the cursor's cell, at its own pixel size (already scaled to the cells it covers, as a sixel is), the
  /// cursor left where it was (`C=1`). Like a sixel it is drawn again whenever the pictures on screen
  /// change, after `delete(id:)` took the old one away.
  public static func place(_ bitmap: Bitmap, id: UInt32) -> String {
    chunked(bitmap, keys: "a=T,f=32,s=\(bitmap.width),v=\(bitmap.height),i=\(id),C=1,q=2")
  }

  /// Deletes image `id`'s placements and frees its data (`d=I`, the protocol's "delete by id, freeing").
  public static func delete(id: UInt32) -> String { "\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\" }

  /// `bitmap`'s RGBA in base64 after `keys`, in chunks of at most `chunkSize` characters: `m=1` on every
  /// chunk but the last, later chunks carrying only `m`.
  private static func chunked(_ bitmap: Bitmap, keys: String) -> String {
    let payload = Data(bitmap.pixels).base64EncodedString()
    var chunks: [Substring] = []
    var start = payload.startIndex
    while start < payload.endIndex {
      let end = payload.index(start, offsetBy: chunkSize, limitedBy: payload.endIndex) ?? payload.endIndex
      chunks.append(payload[start..<end])
      start = end
    }
    if chunks.isEmpty { chunks = [""] }
    var out = ""
    for (n, chunk) in chunks.enumerated() {
      let more = n < chunks.count - 1 ? 1 : 0
      let first = n == 0 ? keys + (chunks.count > 1 ? ",m=\(more)" : "") : "m=\(more)"
      out += "\u{1B}_G\(first);\(chunk)\u{1B}\\"
    }
    return out
  }

  /// The text of each placeholder row (drawn in `foreground(id:)`), or nil when taller than `maxRows`.
  public static func placeholderRows(columns: Int, rows: Int) -> [String]? {
    guard rows <= maxRows, columns > 0 else { return nil }
    return (0..<rows).map { placeholderRow($0, columns: columns)! }
  }

  /// Row `row` of the placeholders of a picture `columns` wide: U+10EEEE with the row's and column 0's
  /// diacritics, then bare U+10EEEE cells (the terminal reads them as the next columns); nil past `maxRows`.
  public static func placeholderRow(_ row: Int, columns: Int) -> String? {
    guard row >= 0, row < maxRows, columns > 0 else { return nil }
    var line = String(Character(placeholder))
    line.unicodeScalars.append(Unicode.Scalar(diacritics[row])!)
    line.unicodeScalars.append(Unicode.Scalar(diacritics[0])!)
    line.unicodeScalars.append(contentsOf: repeatElement(placeholder, count: columns - 1))
    return line
  }

  /// The 24-bit foreground colour naming image `id` (its low three bytes as red, green, blue). The reader
  /// gives ids 1…255 and names them by the 256-colour foreground instead, which the protocol reads the
  /// same and which survives a terminal whose terminfo has no direct colour.
  public static func foreground(id: UInt32) -> (red: UInt8, green: UInt8, blue: UInt8) {
    (UInt8(id >> 16 & 0xFF), UInt8(id >> 8 & 0xFF), UInt8(id & 0xFF))
  }
}
