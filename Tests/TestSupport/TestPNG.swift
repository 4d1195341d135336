import Foundation

/// Tiny PNG files built in the test (no encoder needed: zlib "stored" blocks), for the picture decoder's
/// tests and the loopback server's articles; `header` alone makes the decompression-bomb case.
public enum TestPNG {
  /// A `width` × `height` RGBA picture whose pixel at (x, y) is `color(x, y)` (r, g, b, a).
  public static func image(width: Int, height: Int, color: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> Data {
    var raw: [UInt8] = []
    for y in 0..<height {
      raw.append(0)  // filter: none
      for x in 0..<width {
        let (r, g, b, a) = color(x, y)
        raw += [r, g, b, a]
      }
    }
    return header(width: width, height: height) + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
  }

  /// One colour all over.
  public static func solid(width: Int, height: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) -> Data {
    image(width: width, height: height) { _, _ in (r, g, b, 255) }
  }

  /// The signature and the IHDR chunk alone: what a bomb needs to declare its size.
  public static func header(width: Int, height: Int) -> Data {
    var ihdr = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
    ihdr += [8, 6, 0, 0, 0]  // 8 bits, RGBA, deflate, no filter, no interlace
    return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + chunk("IHDR", ihdr)
  }

  /// A chunk (length, type, data, CRC).
  public static func chunk(_ type: String, _ data: [UInt8]) -> Data {
    let body = Array(type.utf8) + data
    return Data(bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body)))
  }

  private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var index = 0
    repeat {
      let length = min(65_535, data.count - index)
      let last: UInt8 = index + length >= data.count ? 1 : 0
      out += [last, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
      out += data[index..<index + length]
      index += length
    } while index < data.count
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in data {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    return out + bigEndian(b << 16 | a)
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
  }

  private static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }
}
