import Foundation
import Pixels

internal import CLibImage

/// Why a picture shows as its alt text: a short reason for the caption.
public enum ImageFailure: Error, Hashable, Sendable, CustomStringConvertible {
  case unsupported(String)
  case tooLarge(width: Int, height: Int)
  /// An animation of more frames than `ImageDecoder.maxFrames` (counted before any is decoded).
  case tooManyFrames(limit: Int)
  case broken
  /// A JPEG of more scans than `ImageDecoder.maxScans` (each may walk the whole picture again).
  case tooManyScans(limit: Int)
  /// Decoding took longer than `ImageDecoder.timeLimit`.
  case tooSlow(seconds: Int)
  /// Its reader went away while it was decoded (`ImageDecoder.decodeCancellable`).
  case cancelled
  case fetch(String)
  /// Linked from a feed on the internet, the picture led to `address` on the user's own network and was
  /// not fetched (`LocalNetwork`).
  case localAddress(String)

  public var description: String {
    switch self {
    case .unsupported(let format): "\(format) is not shown"
    case .tooLarge(let width, let height): "too large: \(width)×\(height)"
    case .tooManyFrames(let limit): "animation of more than \(limit) frames"
    case .broken: "broken or truncated file"
    case .tooManyScans(let limit): "JPEG of more than \(limit) scans"
    case .tooSlow(let seconds): "took over \(seconds) s to decode"
    case .cancelled: "not decoded"
    case .fetch(let message): message
    case .localAddress(let address): "not fetched from \(address), on your own network (fetch-local-links)"
    }
  }
}

/// Decodes PNG, JPEG, GIF and WebP with Debian's libpng, libjpeg-turbo, giflib and libwebp
/// (docs/DECISIONS.md, "Inline images"), an animation's first frame only. The format comes from the
/// bytes, never the address or the Content-Type (servers and pages mislabel pictures). The header is read
/// first and the declared size (and an animation's frame count) checked before any pixel is decoded, so
/// a few kilobytes declaring 50,000 × 50,000 pixels cost nothing; JPEGs are scaled down while decoding.
public enum ImageDecoder {
  /// The most pixels decoded at once (64 MB of RGBA); a JPEG over it is decoded at 1/2, 1/4 or 1/8.
  public static let maxDecodedPixels = 16_000_000
  /// The widest a kept bitmap is: more than any pane has half-block cells for.
  public static let keptWidth = 480
  /// The tallest a kept bitmap is: a picture is never drawn taller than two thirds of the pane, and this
  /// bounds the shrinking's cost for a tall canvas as the kept width does for a wide one.
  public static let keptHeight = 1_080
  /// The most frames an animation may have: only the first is drawn, but a file of thousands is a
  /// hostile one (or a video), refused after a walk over its frames that decodes none of them.
  public static let maxFrames = 1_000
  /// The most memory libjpeg may take for itself, beyond the pixels decoded: a progressive or multi-scan
  /// JPEG keeps every coefficient of the picture at full size whatever the scale (2 bytes a sample), so a
  /// 150-byte file declaring 16,000 × 16,000 asked 1.5 GB. 64 MiB holds a progressive 4:2:0 photo of
  /// 22 M pixels (docs/ROBUSTNESS.md).
  public static let maxDecoderMemory = 64 << 20
  /// The most scans a JPEG may have: photos have up to a dozen; each is a walk over the whole picture,
  /// and 85,000 scans in 8 MiB took over 5 minutes.
  public static let maxScans = 100
  /// The longest one JPEG is decoded, checked by libjpeg's progress hook at every row of blocks. A PNG's
  /// time follows its pixels and bytes once its ancillary chunks are gone (`essentialPNG`); GIF and WebP
  /// decode one frame of a checked size.
  public static let timeLimit = 5

  public static func decode(_ data: Data) -> Result<Bitmap, ImageFailure> {
    decode(data, cancelled: nil)
  }

  /// `decode(_:)` that stops, as `.cancelled`, when the task is cancelled (a JPEG within a row of blocks;
  /// the other formats finish their bounded work). With `lane`, the decoding runs on that lane's threads
  /// (`HeavyWork`), and a lane that drops it before it starts (a quit) makes it `.cancelled` too.
  public static func decodeCancellable(_ data: Data, in lane: HeavyWork? = nil) async -> Result<Bitmap, ImageFailure> {
    let flag = CancelFlag()
    return await withTaskCancellationHandler {
      guard let lane else { return decode(data, cancelled: flag.pointer) }
      return (try? await lane.run { decode(data, cancelled: flag.pointer) }) ?? .failure(.cancelled)
    } onCancel: {
      flag.cancel()
    }
  }

  /// A flag C reads atomically (`sf_cancel`): set once, from any thread.
  private final class CancelFlag: @unchecked Sendable {
    let pointer = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    init() { pointer.initialize(to: 0) }
    deinit { pointer.deallocate() }
    func cancel() { sf_cancel(pointer) }
  }

  private static func decode(_ data: Data, cancelled: UnsafePointer<Int32>?) -> Result<Bitmap, ImageFailure> {
    switch Format(sniffing: data) {
    case .png: return essentialPNG(data).withUnsafeBytes { decodePNG($0) }
    case .jpeg: return data.withUnsafeBytes { decodeJPEG($0, cancelled: cancelled) }
    case .gif: return data.withUnsafeBytes { decodeGIF($0) }
    case .webp: return data.withUnsafeBytes { decodeWebP($0) }
    case .other(let name): return .failure(.unsupported(name))
    }
  }

  enum Format: Equatable {
    case png, jpeg, gif, webp
    /// A format not drawn, by the name its caption gives.
    case other(String)

    /// The format by its magic number; a format not drawn is named when it is known, so the caption says
    /// what the picture is.
    init(sniffing data: Data) {
      let head = [UInt8](data.prefix(512))
      func at(_ offset: Int, _ text: String) -> Bool {
        head.count >= offset + text.utf8.count && head[offset..<offset + text.utf8.count].elementsEqual(text.utf8)
      }
      if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
        self = .png
      } else if head.starts(with: [0xFF, 0xD8, 0xFF]) {
        self = .jpeg
      } else if at(0, "GIF87a") || at(0, "GIF89a") {
        self = .gif
      } else if at(0, "RIFF"), at(8, "WEBP") {
        self = .webp
      } else if at(4, "ftypavif") || at(4, "ftypavis") {
        self = .other("AVIF")
      } else if at(4, "ftypheic") || at(4, "ftypheix") || at(4, "ftypmif1") {
        self = .other("HEIF")
      } else if at(0, "BM"), head.count > 14, [12, 40, 52, 56, 108, 124].contains(head[14]) {
        self = .other("BMP")
      } else if head.starts(with: [0x49, 0x49, 0x2A, 0]) || head.starts(with: [0x4D, 0x4D, 0, 0x2A]) {
        self = .other("TIFF")
      } else if String(decoding: head, as: UTF8.self).lowercased().contains("<svg") {
        self = .other("SVG")
      } else {
        self = .other("This format")
      }
    }
  }

  /// The chunks of a PNG that its pixels need (`essentialChunks`), the others dropped unread before
  /// libpng sees the file: it inflates every compressed text chunk, twice here (header, then pixels), and
  /// 999 zTXt chunks in 7.8 MB took 32 s. A file whose chunks run past its end is passed on as it is
  /// from there (libpng calls it broken).
  static func essentialPNG(_ data: Data) -> Data {
    let bytes = [UInt8](data)
    var out = Data(bytes.prefix(8))
    out.reserveCapacity(bytes.count)
    var i = 8
    while i + 12 <= bytes.count {
      let length = bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) }
      let end = i + 12 + length
      guard end <= bytes.count else { break }
      let type = UInt32(bytes[i + 4]) << 24 | UInt32(bytes[i + 5]) << 16 | UInt32(bytes[i + 6]) << 8 | UInt32(bytes[i + 7])
      if essentialChunks.contains(type) { out.append(contentsOf: bytes[i..<end]) }
      i = end
      if type == 0x4945_4E44 { return out }  // IEND
    }
    out.append(contentsOf: bytes[min(i, bytes.count)...])
    return out
  }

  /// IHDR, PLTE, tRNS, IDAT, IEND and the colour chunks libpng's simplified reader uses (gAMA, cHRM,
  /// sRGB), as big-endian four-character codes.
  static let essentialChunks: Set<UInt32> = Set(
    ["IHDR", "PLTE", "tRNS", "IDAT", "IEND", "gAMA", "cHRM", "sRGB"].map { $0.utf8.reduce(0) { $0 << 8 | UInt32($1) } })

  private static func decodePNG(_ bytes: UnsafeRawBufferPointer) -> Result<Bitmap, ImageFailure> {
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return .failure(.broken) }
    var width: UInt32 = 0
    var height: UInt32 = 0
    guard sf_png_read(base, bytes.count, &width, &height, nil) == 0 else { return .failure(.broken) }
    let w = Int(width)
    let h = Int(height)
    guard w > 0, h > 0 else { return .failure(.broken) }
    guard w * h <= maxDecodedPixels else { return .failure(.tooLarge(width: w, height: h)) }
    var pixels = [UInt8](repeating: 0, count: w * h * 4)
    let status = pixels.withUnsafeMutableBufferPointer { sf_png_read(base, bytes.count, &width, &height, $0.baseAddress) }
    guard status == 0 else { return .failure(.broken) }
    return .success(shrunk(Bitmap(width: w, height: h, pixels: pixels)))
  }

  private static func decodeJPEG(_ bytes: UnsafeRawBufferPointer, cancelled: UnsafePointer<Int32>?) -> Result<Bitmap, ImageFailure> {
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return .failure(.broken) }
    var width: UInt32 = 0
    var height: UInt32 = 0
    var scaledWidth: UInt32 = 0
    var scaledHeight: UInt32 = 0
    var limits = sf_jpeg_limits(
      max_memory: maxDecoderMemory, max_scans: Int32(maxScans),
      deadline: sf_now() &+ UInt64(timeLimit) * 1_000_000_000, cancelled: cancelled)
    guard sf_jpeg_read(base, bytes.count, 1, &width, &height, &scaledWidth, &scaledHeight, nil, &limits) == 0,
      width > 0, height > 0
    else { return .failure(.broken) }
    let w = Int(width)
    let h = Int(height)
    // Scaled down as far as the kept width allows, further when the pixel budget asks for it.
    var denominator = [8, 4, 2, 1].first { w / $0 >= min(w, keptWidth) } ?? 1
    if (w / denominator) * (h / denominator) > maxDecodedPixels { denominator = 8 }
    guard (w / denominator) * (h / denominator) <= maxDecodedPixels else {
      return .failure(.tooLarge(width: w, height: h))
    }
    guard sf_jpeg_read(base, bytes.count, UInt32(denominator), &width, &height, &scaledWidth, &scaledHeight, nil, &limits) == 0
    else { return .failure(.broken) }
    let sw = Int(scaledWidth)
    let sh = Int(scaledHeight)
    guard sw * sh <= maxDecodedPixels else { return .failure(.tooLarge(width: w, height: h)) }
    var pixels = [UInt8](repeating: 0, count: sw * sh * 4)
    let status = pixels.withUnsafeMutableBufferPointer {
      sf_jpeg_read(base, bytes.count, UInt32(denominator), &width, &height, &scaledWidth, &scaledHeight, $0.baseAddress, &limits)
    }
    switch Int(status) {
    case 0: return .success(shrunk(Bitmap(width: sw, height: sh, pixels: pixels, sourceWidth: w, sourceHeight: h)))
    case SF_TOO_LARGE: return .failure(.tooLarge(width: w, height: h))
    case SF_TOO_MANY_SCANS: return .failure(.tooManyScans(limit: maxScans))
    case SF_TOO_SLOW: return .failure(.tooSlow(seconds: timeLimit))
    case SF_CANCELLED: return .failure(.cancelled)
    default: return .failure(.broken)
    }
  }

  /// `bitmap` averaged down to at most `keptWidth` × `keptHeight` pixels, its shape kept and its source
  /// size kept (`Bitmap.shrunk(toFit:_:)`, whose cost follows the kept size, not the declared one: a canvas
  /// of millions of pixels from a few bytes of GIF is allowed, docs/DECISIONS.md, "Inline images: GIF and
  /// WebP"). Terminal cells average the result again.
  static func shrunk(_ bitmap: Bitmap) -> Bitmap { bitmap.shrunk(toFit: keptWidth, keptHeight) }
}
