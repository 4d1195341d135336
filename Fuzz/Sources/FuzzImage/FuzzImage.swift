import Foundation
import FuzzSupport
import Reader

/// libFuzzer entry: the input is a picture's bytes as a server sends them, handed to the decoder (libpng,
/// libjpeg-turbo, giflib, libwebp behind the header checks). Beyond "no crash, no hang, no memory spike"
/// (the size, frame and pixel bounds come before any decoding): a decoded bitmap is whole, no wider than
/// the kept width, and within the pixel budget; a refusal names its reason.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImage(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  switch ImageDecoder.decode(Data(bytes(data, size))) {
  case .success(let bitmap):
    require(bitmap.width > 0 && bitmap.height > 0, "an empty bitmap \(bitmap.width)×\(bitmap.height)")
    require(bitmap.width <= ImageDecoder.keptWidth, "a bitmap \(bitmap.width) pixels wide")
    require(bitmap.pixels.count == bitmap.width * bitmap.height * 4, "\(bitmap.pixels.count) bytes for \(bitmap.width)×\(bitmap.height)")
    require(bitmap.sourceWidth * bitmap.sourceHeight <= ImageDecoder.maxDecodedPixels * 64, "source \(bitmap.sourceWidth)×\(bitmap.sourceHeight)")
  case .failure(let failure):
    require(!failure.description.isEmpty, "a failure without a reason")
  }
  return 0
}

/// The program: libFuzzer's driver with `fuzzImage` as the target (see `runFuzzer`).
@main
enum FuzzImageMain {
  static func main() { runFuzzer(fuzzImage) }
}
