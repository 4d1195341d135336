import Foundation

/// GIF files built in the test: a four-colour palette and LZW data that never grows past 3-bit codes (a
/// clear code before every two pixels), so no encoder is needed; frames, a transparent index and any
/// declared canvas make the hostile cases.
public enum TestGIF {
  public static let palette: [[UInt8]] = [[0, 0, 0], [255, 0, 0], [0, 0, 255], [0, 255, 0]]

  /// A file whose canvas is `width` × `height` and whose frames are `frames` (palette indices, row by
  /// row, each frame as wide as `frameWidth`), the first with `transparent` as its transparent index.
  public static func file(
    width: Int, height: Int, frames: [[UInt8]], frameWidth: Int, transparent: UInt8? = nil, interlaced: Bool = false
  ) -> Data {
    var out = Array("GIF89a".utf8) + le16(width) + le16(height) + [0xF1, 0, 0] + palette.flatMap { $0 }
    for (index, frame) in frames.enumerated() {
      if index == 0, let transparent { out += [0x21, 0xF9, 4, 1, 0, 0, transparent, 0] }
      out += frameBytes(frame, width: frameWidth, interlaced: interlaced)
    }
    return Data(out + [0x3B])
  }

  /// An image descriptor at (0, 0) and its data.
  public static func frameBytes(_ pixels: [UInt8], width: Int, interlaced: Bool = false) -> [UInt8] {
    let height = pixels.count / width
    var out: [UInt8] = [0x2C] + le16(0) + le16(0) + le16(width) + le16(height) + [interlaced ? 0x40 : 0]
    var rows = Array(0..<height)
    if interlaced { rows = [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { Array(stride(from: $0.0, to: height, by: $0.1)) } }
    let ordered = rows.flatMap { pixels[$0 * width..<($0 + 1) * width] }
    var bits = BitWriter()
    for (i, pixel) in ordered.enumerated() {
      if i % 2 == 0 { bits.write(4, width: 3) }  // clear
      bits.write(Int(pixel), width: 3)
    }
    bits.write(5, width: 3)  // end of information
    out.append(2)  // minimum code size
    for start in stride(from: 0, to: bits.bytes.count, by: 255) {
      let block = bits.bytes[start..<min(start + 255, bits.bytes.count)]
      out += [UInt8(block.count)] + block
    }
    return out + [0]
  }

  static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }

  struct BitWriter {
    var bytes: [UInt8] = []
    var used = 0

    mutating func write(_ code: Int, width: Int) {
      for bit in 0..<width {
        if used == 0 { bytes.append(0) }
        if code >> bit & 1 == 1 { bytes[bytes.count - 1] |= UInt8(1 << used) }
        used = (used + 1) % 8
      }
    }
  }
}

/// WebP files: small pictures written by libwebp 1.2.4's encoder (WebPEncodeLosslessRGBA,
/// WebPEncodeRGB at quality 90), and RIFF containers built around them for animations and false headers.
public enum TestWebP {
  /// 4 × 4, lossless: the left half red, the right half blue, the top-left pixel transparent.
  public static let lossless = Data(base64Encoded: "UklGRiQAAABXRUJQVlA4TBgAAAAvA8AAEBcQ8y8gKPJ/tPkP+OBYWhH9Dwc=")!
  /// 16 × 16, lossy (VP8): green (0, 200, 0).
  public static let lossy = Data(
    base64Encoded: "UklGRj4AAABXRUJQVlA4IDIAAAAQAgCdASoQABAAAMASJaACdLoB+AH6AAPIAP7qZf/+kqYx5dv/SVv/3L2n6J8P+6OgAA==")!
  /// 80 × 40, lossless: green (0, 255, 0) all over.
  public static let green = Data(base64Encoded: "UklGRiIAAABXRUJQVlA4TBUAAAAvT8AJAAfQ/4j+B4CE8P+9FtH/1AEA")!

  /// A RIFF/WEBP file of `chunks` (each a four-character type and its payload).
  public static func riff(_ chunks: [(String, [UInt8])]) -> Data {
    var body = Array("WEBP".utf8)
    for (type, payload) in chunks {
      body += Array(type.utf8) + le32(payload.count) + payload
      if payload.count % 2 == 1 { body.append(0) }
    }
    return Data(Array("RIFF".utf8) + le32(body.count) + body)
  }

  /// An animation on a `width` × `height` canvas whose `frames` frames are all `lossless`.
  public static func animation(width: Int, height: Int, frames: Int) -> Data {
    let still = Array(lossless.dropFirst(12))  // the VP8L chunk, header included
    let frame = le24(0) + le24(0) + le24(3) + le24(3) + le24(100) + [0] + still
    return riff(
      [("VP8X", [0x02, 0, 0, 0] + le24(width - 1) + le24(height - 1)), ("ANIM", [0, 0, 0, 0, 0, 0])]
        + Array(repeating: ("ANMF", frame), count: frames))
  }

  /// A lossless header declaring `width` × `height` (at most 16,384 each) over a few bytes of nothing.
  public static func losslessHeader(width: Int, height: Int) -> Data {
    let bits = UInt32(width - 1) | UInt32(height - 1) << 14 | 1 << 28
    return riff([("VP8L", [0x2F] + le32(Int(bits)) + [0, 0, 0, 0, 0, 0])])
  }

  static func le24(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF)] }
  static func le32(_ value: Int) -> [UInt8] { le24(value) + [UInt8(value >> 24 & 0xFF)] }
}

/// Progressive JPEG files built byte by byte: grey samples, quantisation all 1s, one DC Huffman table
/// whose only code (`0`) means "no change", so zero bytes of scan data are a flat mid-grey picture; the
/// hostile cases declare a size their bytes do not cover, or repeat the DC scan.
public enum TestJPEG {
  /// A `width` × `height` picture of `components` components (1 grey, 3 colour, no subsampling), its DC
  /// scan `scans` times over (`dataBytes` zero bytes each, the rest taken as "no change" by libjpeg).
  public static func progressive(width: Int, height: Int, components: Int = 1, scans: Int = 1, dataBytes: Int? = nil) -> Data {
    let blocks = ((width + 7) / 8) * ((height + 7) / 8) * components
    var out: [UInt8] = [0xFF, 0xD8]
    out += [0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 1, count: 64)
    out += [0xFF, 0xC2] + be16(8 + 3 * components) + [8] + be16(height) + be16(width) + [UInt8(components)]
    for id in 1...components { out += [UInt8(id), 0x11, 0x00] }
    out += [0xFF, 0xC4, 0x00, 0x14, 0x00, 1] + [UInt8](repeating: 0, count: 15) + [0x00]
    let scan = [0xFF, 0xDA] + be16(6 + 2 * components) + [UInt8(components)]
      + (1...components).flatMap { [UInt8($0), 0x00] } + [0, 0, 0]
      + [UInt8](repeating: 0, count: dataBytes ?? (blocks + 7) / 8)
    for _ in 0..<scans { out += scan }
    return Data(out + [0xFF, 0xD9])
  }

  static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
}
