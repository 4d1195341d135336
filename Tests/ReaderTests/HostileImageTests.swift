import Foundation
import Testing
import Pixels
import TestSupport

@testable import Reader

/// GIF and WebP decoding, and every format's hostile files (generated here, none copied in): each gives
/// a short reason for the caption, quickly, and never a crash.
struct HostileImageTests {
  @Test func aGIFDecodesItsFirstFrameWithItsTransparency() throws {
    // 3 × 2: red, blue, transparent / green, red, blue; a second, all-green frame is not drawn.
    let gif = TestGIF.file(width: 3, height: 2, frames: [[1, 2, 0, 3, 1, 2], [3, 3, 3, 3, 3, 3]], frameWidth: 3, transparent: 0)
    let bitmap = try ImageDecoder.decode(gif).get()
    #expect(bitmap.width == 3 && bitmap.height == 2)
    #expect(bitmap.pixels == [255, 0, 0, 255, 0, 0, 255, 255, 0, 0, 0, 0, 0, 255, 0, 255, 255, 0, 0, 255, 0, 0, 255, 255])
  }

  @Test func anInterlacedGIFKeepsItsRowsInPlace() throws {
    let rows: [UInt8] = [1, 2, 3, 1, 2, 3, 1, 2, 3, 1]  // 1 × 10: one colour a row
    let bitmap = try ImageDecoder.decode(TestGIF.file(width: 1, height: 10, frames: [rows], frameWidth: 1, interlaced: true)).get()
    let reds = stride(from: 0, to: bitmap.pixels.count, by: 4).map { bitmap.pixels[$0] }
    #expect(reds == rows.map { $0 == 1 ? 255 : 0 })
  }

  @Test func aWebPDecodesLosslessAndLossy() throws {
    let lossless = try ImageDecoder.decode(TestWebP.lossless).get()
    #expect(lossless.width == 4 && lossless.height == 4)
    #expect(lossless.pixels[3] == 0)  // the transparent corner
    #expect(Array(lossless.pixels[4..<8]) == [255, 0, 0, 255])
    #expect(Array(lossless.pixels[12..<16]) == [0, 0, 255, 255])
    let lossy = try ImageDecoder.decode(TestWebP.lossy).get()
    #expect(lossy.width == 16 && lossy.height == 16)
    #expect(lossy.pixels[0] < 16 && lossy.pixels[1] > 180 && lossy.pixels[2] < 16 && lossy.pixels[3] == 255)
  }

  @Test func anAnimatedWebPShowsItsFirstFrameOnItsCanvas() throws {
    let bitmap = try ImageDecoder.decode(TestWebP.animation(width: 6, height: 5, frames: 3)).get()
    #expect(bitmap.width == 6 && bitmap.height == 5)
    #expect(Array(bitmap.pixels[4..<8]) == [255, 0, 0, 255])  // the frame at (0, 0)
    #expect(Array(bitmap.pixels[(5 * 6 - 1) * 4..<5 * 6 * 4]) == [0, 0, 0, 0])  // canvas it does not cover
  }

  /// Each hostile file → the reason its caption gives. The suite's time limit stands in for "fast": each
  /// is refused from its header (or a walk that decodes nothing) in 2 ms at most here (docs/DECISIONS.md).
  @Test(arguments: [
    ("PNG bomb", TestPNG.header(width: 50_000, height: 50_000) + TestPNG.chunk("IDAT", [0x78, 0x01]), ImageFailure.tooLarge(width: 50_000, height: 50_000)),
    ("GIF bomb", TestGIF.file(width: 50_000, height: 50_000, frames: [[1]], frameWidth: 1), .tooLarge(width: 50_000, height: 50_000)),
    ("WebP canvas bomb", TestWebP.animation(width: 50_000, height: 50_000, frames: 1), .tooLarge(width: 50_000, height: 50_000)),
    ("WebP lossless bomb", TestWebP.losslessHeader(width: 16_384, height: 16_384), .tooLarge(width: 16_384, height: 16_384)),
    ("GIF of 5,000 frames", TestGIF.file(width: 1, height: 1, frames: Array(repeating: [1], count: 5_000), frameWidth: 1), .tooManyFrames(limit: ImageDecoder.maxFrames)),
    ("WebP of 5,000 frames", TestWebP.animation(width: 4, height: 4, frames: 5_000), .tooManyFrames(limit: ImageDecoder.maxFrames)),
    ("SVG", Data("<svg xmlns='http://www.w3.org/2000/svg' width='50000' height='50000'/>".utf8), .unsupported("SVG")),
    ("AVIF", Data([0, 0, 0, 0x1C] + Array("ftypavif".utf8) + [0, 0, 0, 0]), .unsupported("AVIF")),
    ("zero bytes", Data(), .unsupported("This format")),
    ("an HTML error page", Data("<html>404</html>".utf8), .unsupported("This format")),
  ] as [(String, Data, ImageFailure)])
  func aHostilePictureGivesItsReason(name: String, data: Data, reason: ImageFailure) {
    #expect(ImageDecoder.decode(data) == .failure(reason), "\(name)")
  }

  @Test func aJPEGBombIsRefusedFromItsHeader() {
    var bomb = ImageTests.redJPEG
    bomb.replaceSubrange(163..<167, with: [0xC3, 0x50, 0xC3, 0x50])  // 50,000 × 50,000
    #expect(ImageDecoder.decode(bomb) == .failure(.tooLarge(width: 50_000, height: 50_000)))
  }

  // Issue 33 item 6: what passes the size guards is bounded in memory and time while it decodes.

  @Test func aProgressiveJPEGStillDecodes() throws {
    let bitmap = try ImageDecoder.decode(TestJPEG.progressive(width: 64, height: 48, components: 3)).get()
    #expect(bitmap.width == 64 && bitmap.height == 48)
    #expect(Array(bitmap.pixels[0..<4]) == [128, 128, 128, 255])
  }

  /// libjpeg keeps a progressive file's coefficients at full size whatever the scale: 16,000 × 16,000
  /// declared in 150 bytes asked 1.5 GB (512 MB for one component), past `maxDecoderMemory` now.
  @Test(arguments: [(16_000, 3), (6_000, 1)])
  func aProgressiveJPEGOverTheDecodersMemoryIsTooLarge(side: Int, components: Int) {
    let bomb = TestJPEG.progressive(width: side, height: side, components: components, dataBytes: 1)
    #expect(bomb.count < 200)
    let clock = ContinuousClock()
    var result: Result<Bitmap, ImageFailure>?
    let elapsed = clock.measure { result = ImageDecoder.decode(bomb) }
    #expect(result == .failure(.tooLarge(width: side, height: side)))
    #expect(elapsed < .seconds(1), "\(elapsed)")
  }

  /// Each scan walks the whole picture again, whatever few bytes it has (85,000 of them took minutes).
  @Test func aJPEGOfTooManyScansIsRefusedAtTheLimit() {
    let file = TestJPEG.progressive(width: 2_000, height: 2_000, scans: 1_000, dataBytes: 1)
    #expect(ImageDecoder.decode(file) == .failure(.tooManyScans(limit: ImageDecoder.maxScans)))
  }

  @Test func aJPEGDecodeStopsWhenItsTaskIsCancelled() async {
    // Under the scan limit and the memory limit, slow enough to be cancelled on the way: 100 scans of
    // 5,000 × 5,000 (each walks 390,000 blocks).
    let file = TestJPEG.progressive(width: 5_000, height: 5_000, scans: ImageDecoder.maxScans, dataBytes: 1)
    let task = Task.detached { await ImageDecoder.decodeCancellable(file) }
    task.cancel()
    #expect(await task.value == .failure(.cancelled))
  }

  /// libpng inflated every compressed text chunk, twice (header, then pixels): 150 chunks of 7.7 MB
  /// each took seconds; they are dropped unread now, and the picture is the same.
  @Test func compressedTextChunksAreSkippedUnread() throws {
    let picture = TestPNG.solid(width: 4, height: 4, 10, 20, 30)
    let bomb = TestPNG.textBomb(inflatingTo: 7_700_000)
    let file = picture.prefix(33) + Data([Data](repeating: bomb, count: 150).joined()) + picture.dropFirst(33)
    let clock = ContinuousClock()
    var result: Result<Bitmap, ImageFailure>?
    let elapsed = clock.measure { result = ImageDecoder.decode(file) }
    #expect(try result?.get() == ImageDecoder.decode(picture).get())
    #expect(elapsed < .seconds(1), "\(elapsed) for \(file.count) bytes")
  }

  @Test func aTruncatedFileOfEachFormatIsBroken() {
    let gif = TestGIF.file(width: 16, height: 16, frames: [(0..<256).map { UInt8($0 % 4) }], frameWidth: 16)
    let files = [
      ("PNG", TestPNG.solid(width: 64, height: 64, 10, 20, 30)), ("JPEG", ImageTests.redJPEG), ("GIF", gif),
      ("WebP lossless", TestWebP.lossless), ("WebP lossy", TestWebP.lossy),
    ]
    for (name, file) in files {
      for cut in [14, file.count / 2, file.count * 3 / 4] {
        let result = ImageDecoder.decode(file.prefix(cut))
        #expect(result == .failure(.broken), "\(name) cut at \(cut) of \(file.count): \((try? result.get()).map { "\($0.width)×\($0.height)" } ?? "")")
      }
    }
    // A GIF cut inside its second frame still has its first.
    let two = TestGIF.file(width: 16, height: 16, frames: [Array(repeating: 1, count: 256), Array(repeating: 2, count: 256)], frameWidth: 16)
    #expect((try? ImageDecoder.decode(two.prefix(two.count - 20)).get())?.width == 16)
  }

  @Test func aHugeCanvasIsShrunkFromSamplesToItsColours() {
    // 20,000 × 40: red on the left half, blue on the right, a box of 41 columns per kept pixel.
    let width = 20_000
    let pixels = (0..<width * 40).flatMap { $0 % width < width / 2 ? [255, 0, 0, 255] : [0, 0, 255, 255] as [UInt8] }
    let bitmap = ImageDecoder.shrunk(Bitmap(width: width, height: 40, pixels: pixels))
    #expect(bitmap.width == ImageDecoder.keptWidth && bitmap.height == 1)
    #expect(Array(bitmap.pixels[0..<4]) == [255, 0, 0, 255] && Array(bitmap.pixels.suffix(4)) == [0, 0, 255, 255])
    #expect(bitmap.sourceWidth == width)
  }

  @Test func aTallCanvasIsKeptAtTheKeptHeight() {
    let bitmap = ImageDecoder.shrunk(Bitmap(width: 600, height: 9_000, pixels: [UInt8](repeating: 200, count: 600 * 9_000 * 4)))
    #expect(bitmap.height == ImageDecoder.keptHeight && bitmap.width == 600 * ImageDecoder.keptHeight / 9_000)
    #expect(Array(bitmap.pixels[0..<4]) == [200, 200, 200, 200])
  }

  @Test func randomBytesNeverCrash() {
    var generator = SplitMix64(seed: 26)
    let heads: [[UInt8]] = [[], [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], [0xFF, 0xD8, 0xFF], Array("GIF89a".utf8), Array("RIFF\0\0\0\0WEBP".utf8)]
    for round in 0..<200 {
      let head = heads[round % heads.count]
      let body = (0..<Int.random(in: 0..<300, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
      if case .success(let bitmap) = ImageDecoder.decode(Data(head + body)) {
        #expect(bitmap.pixels.count == bitmap.width * bitmap.height * 4)
      }
    }
  }
}
