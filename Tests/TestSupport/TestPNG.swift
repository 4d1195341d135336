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

  /// A zTXt chunk whose text inflates to about `bytes` bytes of `a` from about `bytes / 160` (a fixed-Huffman
  /// deflate stream of 258-byte copies, 13 bits each): the compressed-text bomb of issue 33 item 6.
  public static func textBomb(inflatingTo bytes: Int) -> Data {
    let copies = max(1, bytes / 258)
    var bits = BitWriter()
    bits.write(0b011, count: 3)  // the last block, fixed Huffman codes
    bits.writeCode(0x30 + 0x61, count: 8)  // the literal `a`
    for _ in 0..<copies {
      bits.writeCode(0xC5, count: 8)  // length 258 (symbol 285)
      bits.writeCode(0, count: 5)  // distance 1
    }
    bits.writeCode(0, count: 7)  // end of block
    let n = UInt64(1 + copies * 258)
    let a = (1 + n * 0x61) % 65_521
    let b = (n + 0x61 * (n * (n + 1) / 2 % 65_521)) % 65_521
    return chunk("zTXt", Array("k".utf8) + [0, 0, 0x78, 0x01] + bits.bytes + bigEndian(UInt32(b << 16 | a)))
  }

  /// Deflate's bit order: values least significant bit first, Huffman codes most significant first.
  private struct BitWriter {
    var bytes: [UInt8] = []
    private var used = 8

    mutating func write(_ value: Int, count: Int) {
      for i in 0..<count { bit(value >> i & 1) }
    }

    mutating func writeCode(_ code: Int, count: Int) {
      for i in stride(from: count - 1, through: 0, by: -1) { bit(code >> i & 1) }
    }

    private mutating func bit(_ bit: Int) {
      if used == 8 {
        bytes.append(0)
        used = 0
      }
      bytes[bytes.count - 1] |= UInt8(bit) << used
      used += 1
    }
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
