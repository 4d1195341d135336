import Foundation

/// iTerm2's inline images (OSC 1337), the path iTerm2 and WezTerm draw best: full colour and alpha,
/// where sixel gives them a palette (DESIGN §1, docs/MANUAL.md "Pictures"). Per iTerm2's "Inline Images
/// Protocol" document: `ESC ] 1337 ; File=inline=1;size=N;width=Wpx;height=Hpx;preserveAspectRatio=0 :
/// <base64 of the file> BEL`, where the file is any image format the terminal reads — here a PNG of the
/// bitmap already scaled to the cells it covers, so it is shown pixel for pixel at the cursor's cell,
/// like a sixel, and like a sixel drawn again whenever the pictures on screen change.
public enum ITermImages {
  public static func place(_ bitmap: Bitmap) -> String {
    let file = PNG.encode(bitmap)
    return "\u{1B}]1337;File=inline=1;size=\(file.count);width=\(bitmap.width)px;height=\(bitmap.height)px;preserveAspectRatio=0:"
      + Data(file).base64EncodedString() + "\u{07}"
  }
}

/// A PNG of an RGBA bitmap (PNG specification, ISO/IEC 15948): the signature, IHDR (8-bit RGBA),
/// one IDAT whose zlib stream holds the rows (each after filter byte 0) in stored deflate blocks, IEND.
/// Stored, not compressed: the file goes to a terminal on this machine or a link, where the encode
/// time matters more than the bytes, and no compressor is needed in this target.
public enum PNG {
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  public static func encode(_ bitmap: Bitmap) -> [UInt8] {
    var header: [UInt8] = []
    header += bigEndian(UInt32(bitmap.width)) + bigEndian(UInt32(bitmap.height))
    header += [8, 6, 0, 0, 0]  // depth 8, colour type 6 (RGBA), deflate, filter 0, no interlace
    var raw: [UInt8] = []
    raw.reserveCapacity((bitmap.width * 4 + 1) * bitmap.height)
    for y in 0..<bitmap.height {
      raw.append(0)
      raw += bitmap.pixels[(y * bitmap.width * 4)..<((y + 1) * bitmap.width * 4)]
    }
    return signature + chunk("IHDR", header) + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
  }

  /// A zlib stream (RFC 1950) of stored deflate blocks (RFC 1951 §3.2.4), at most 65,535 bytes each.
  static func zlibStored(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var start = 0
    repeat {
      let end = min(data.count, start + 65_535)
      let length = UInt16(end - start)
      out.append(end == data.count ? 1 : 0)
      out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
      out += data[start..<end]
      start = end
    } while start < data.count
    return out + bigEndian(adler32(data))
  }

  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  static func adler32(_ data: [UInt8]) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in data {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    return b << 16 | a
  }

  static let crcTable: [UInt32] = (0..<256).map { (n: UInt32) in
    var c = n
    for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
  }

  static func crc32(_ data: [UInt8]) -> UInt32 {
    var c: UInt32 = 0xFFFF_FFFF
    for byte in data { c = crcTable[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
    return c ^ 0xFFFF_FFFF
  }
}
