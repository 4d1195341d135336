import Foundation
import Pixels

internal import CLibImage

/// GIF and WebP, the two formats that animate: the canvas size and the frame count are checked before a
/// pixel is decoded, then the first frame alone is decoded (docs/DECISIONS.md, "Inline images: GIF and
/// WebP").
extension ImageDecoder {
  static func decodeGIF(_ bytes: UnsafeRawBufferPointer) -> Result<Bitmap, ImageFailure> {
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return .failure(.broken) }
    var width: UInt32 = 0
    var height: UInt32 = 0
    var frameWidth: UInt32 = 0
    var frameHeight: UInt32 = 0
    var frames: UInt32 = 0
    // The walk decodes nothing and stops one frame past the limit: its cost is bounded by the file's size.
    guard sf_gif_read(base, bytes.count, UInt32(maxFrames), &width, &height, &frameWidth, &frameHeight, &frames, nil) == 0,
      width > 0, height > 0
    else { return .failure(.broken) }
    let w = Int(width)
    let h = Int(height)
    guard w * h <= maxDecodedPixels, Int(frameWidth) * Int(frameHeight) <= maxDecodedPixels else {
      return .failure(.tooLarge(width: max(w, Int(frameWidth)), height: max(h, Int(frameHeight))))
    }
    guard frames <= maxFrames else { return .failure(.tooManyFrames(limit: maxFrames)) }
    var pixels = [UInt8](repeating: 0, count: w * h * 4)
    let status = pixels.withUnsafeMutableBufferPointer {
      sf_gif_read(base, bytes.count, 0, &width, &height, &frameWidth, &frameHeight, &frames, $0.baseAddress)
    }
    guard status == 0 else { return .failure(.broken) }
    return .success(shrunk(Bitmap(width: w, height: h, pixels: pixels)))
  }

  static func decodeWebP(_ bytes: UnsafeRawBufferPointer) -> Result<Bitmap, ImageFailure> {
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return .failure(.broken) }
    var width: UInt32 = 0
    var height: UInt32 = 0
    var animated: Int32 = 0
    guard sf_webp_read(base, bytes.count, &width, &height, &animated, nil) == 0, width > 0, height > 0 else {
      return .failure(.broken)
    }
    let w = Int(width)
    let h = Int(height)
    guard w * h <= maxDecodedPixels else { return .failure(.tooLarge(width: w, height: h)) }
    if animated != 0, WebPChunks.frameCount(bytes, upTo: maxFrames + 1) > maxFrames {
      return .failure(.tooManyFrames(limit: maxFrames))
    }
    var pixels = [UInt8](repeating: 0, count: w * h * 4)
    let status = pixels.withUnsafeMutableBufferPointer {
      sf_webp_read(base, bytes.count, &width, &height, &animated, $0.baseAddress)
    }
    guard status == 0 else { return .failure(.broken) }
    return .success(shrunk(Bitmap(width: w, height: h, pixels: pixels)))
  }
}

/// The RIFF chunks of a WebP file, walked by their headers alone: libwebpdemux would index every frame
/// of an animation (memory in proportion to a hostile count) before the first could be decoded.
enum WebPChunks {
  /// The `ANMF` (animation frame) chunks at the top level of the file, counted up to `limit`.
  static func frameCount(_ bytes: UnsafeRawBufferPointer, upTo limit: Int) -> Int {
    var offset = 12  // "RIFF", the size, "WEBP"
    var count = 0
    while offset + 8 <= bytes.count, count < limit {
      let size = Int(bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self).littleEndian)
      if bytes[offset] == 0x41, bytes[offset + 1] == 0x4E, bytes[offset + 2] == 0x4D, bytes[offset + 3] == 0x46 {
        count += 1
      }
      offset += 8 + size + (size & 1)
    }
    return count
  }
}
