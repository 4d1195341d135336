import Foundation
import Testing
import TestSupport
import TextLayout

@testable import Reader

/// Pictures in articles: the renderer's image blocks, the decoder's guards on hostile files and the disk
/// cache's bound (the cell layout and the streams: PixelsTests).
struct ImageTests {
  private func references(_ html: String) -> [ImageReference] {
    StyledText(html: html, baseURL: URL(string: "https://example.com/blog/post")).blocks.compactMap {
      if case .image(let reference) = $0.kind { reference } else { nil }
    }
  }

  @Test func imageBlocksCarryTheAddressTheAltTextAndTheDeclaredSize() {
    let found = references("""
      <p><img src='a.png' alt=' A  lake ' width='640' height='480px'></p>
      <img data-src='/lazy.jpg'>
      <picture><source srcset='x.webp'><img srcset='s.jpg 1x, t.jpg 2x' alt='p' width='50%'></picture>
      <img src='file:///etc/passwd' alt='f'><img src='data:image/png;base64,AAAA'>
      """)
    #expect(
      found == [
        ImageReference(url: "https://example.com/blog/a.png", alt: "A lake", declaredWidth: 640, declaredHeight: 480),
        ImageReference(url: "https://example.com/lazy.jpg", alt: ""),
        ImageReference(url: "https://example.com/blog/s.jpg", alt: "p"),
      ])
  }

  @Test func aPictureDecodesToItsPixels() throws {
    let png = TestPNG.image(width: 2, height: 2) { x, y in (x == 0 ? 255 : 0, y == 0 ? 255 : 0, 7, 255) }
    let bitmap = try ImageDecoder.decode(png).get()
    #expect(bitmap.width == 2 && bitmap.height == 2)
    #expect(Array(bitmap.pixels[0..<4]) == [255, 255, 7, 255])
    #expect(Array(bitmap.pixels[12..<16]) == [0, 0, 7, 255])
  }

  @Test func aDecompressionBombIsRefusedFromItsHeaderAlone() {
    // A few dozen bytes declaring 50,000 × 50,000 pixels (10 GB of RGBA): refused before decoding.
    let bomb = TestPNG.header(width: 50_000, height: 50_000) + TestPNG.chunk("IDAT", [0x78, 0x01, 0x01, 0, 0, 0xFF, 0xFF])
    let start = Date()
    #expect(ImageDecoder.decode(bomb) == .failure(.tooLarge(width: 50_000, height: 50_000)))
    #expect(Date().timeIntervalSince(start) < 1)
  }

  @Test func aTruncatedFileIsBroken() {
    let png = TestPNG.solid(width: 64, height: 64, 10, 20, 30)
    #expect(ImageDecoder.decode(png.prefix(png.count / 2)) == .failure(.broken))
    #expect(ImageDecoder.decode(png.prefix(20)) == .failure(.broken))
    #expect(ImageDecoder.decode(Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16])) == .failure(.broken))
  }

  /// A 16 × 16 red JPEG (291 bytes, written by ImageMagick); its SOF0 header declares the size at bytes
  /// 163–166 (height, then width, big-endian).
  static let redJPEG = Data(base64Encoded: """
    /9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/\
    2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAARCAAQABADAREAAhEBAxEB/8QA\
    FQABAQAAAAAAAAAAAAAAAAAAAAj/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFgEBAQEAAAAAAAAAAAAAAAAAAAcJ/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwD\
    AQACEQMRAD8AnRDGqYAAD//Z
    """)!

  @Test func aJPEGDecodesAndItsBombAndTruncationAreRefused() throws {
    let bitmap = try ImageDecoder.decode(Self.redJPEG).get()
    #expect(bitmap.width == 16 && bitmap.height == 16)
    #expect(bitmap.pixels[0] > 240 && bitmap.pixels[1] < 16 && bitmap.pixels[2] < 16)
    var bomb = Self.redJPEG
    bomb.replaceSubrange(163..<167, with: [0xEA, 0x60, 0xEA, 0x60])  // 60,000 × 60,000
    let start = Date()
    #expect(ImageDecoder.decode(bomb) == .failure(.tooLarge(width: 60_000, height: 60_000)))
    #expect(Date().timeIntervalSince(start) < 1)
    // Cut inside the headers (libjpeg fails), and inside the entropy-coded data at 282–288 (libjpeg only
    // warns and pads the rest with grey: still broken here).
    #expect(ImageDecoder.decode(Self.redJPEG.prefix(271)) == .failure(.broken))
    #expect(ImageDecoder.decode(Self.redJPEG.prefix(285)) == .failure(.broken))
  }

  @Test func svgAndOtherFilesAreNotDrawn() {
    let svg = Data("<?xml version='1.0'?>\n<svg xmlns='http://www.w3.org/2000/svg' width='50000' height='50000'/>".utf8)
    #expect(ImageDecoder.decode(svg) == .failure(.unsupported("SVG")))
    #expect(ImageDecoder.decode(Data("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8)) == .failure(.broken))
    #expect(ImageDecoder.decode(Data("<html>404</html>".utf8)) == .failure(.unsupported("This format")))
    #expect(ImageDecoder.decode(Data()) == .failure(.unsupported("This format")))
  }

  @Test func aWidePictureIsKeptAtTheKeptWidth() throws {
    let bitmap = try ImageDecoder.decode(TestPNG.solid(width: 1200, height: 300, 1, 2, 3)).get()
    #expect(bitmap.width == ImageDecoder.keptWidth && bitmap.height == 120)
    #expect(bitmap.sourceWidth == 1200 && bitmap.sourceHeight == 300)
    #expect(Array(bitmap.pixels[0..<4]) == [1, 2, 3, 255])
  }

  @Test func theDiskCacheDropsTheLeastRecentlyUsedPictures() throws {
    let folder = try TemporaryDirectory()
    let disk = ImageDiskCache(folder: folder.url.appendingPathComponent("pictures"), maxBytes: 250)
    disk.store(Data(repeating: 1, count: 100), for: "https://a/1.png")
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: disk.file(for: "https://a/1.png").path)
    disk.store(Data(repeating: 2, count: 100), for: "https://a/2.png")
    disk.store(Data(repeating: 3, count: 100), for: "https://a/3.png")
    #expect(disk.read("https://a/1.png") == nil)
    #expect(disk.read("https://a/2.png") == Data(repeating: 2, count: 100))
    #expect(disk.read("https://a/3.png") != nil)
  }

  /// The picture cache deletes only what it wrote (issue 33, item 1): a folder of the same name it did not
  /// make (no marker) is neither written nor trimmed, and in its own folder the trim passes over files not
  /// named as it names them and links, however old and large; its folder and files are private.
  @Test func theDiskCacheDeletesOnlyWhatItWrote() throws {
    let folder = try TemporaryDirectory()
    let cachePath = folder.path("feeds.db")
    let disk = try #require(ImageDiskCache(forCacheAt: cachePath, maxBytes: 250))
    #expect(disk.folder.path == cachePath + ".pictures")
    let old = Date(timeIntervalSinceNow: -3600)
    // Someone else's folder of that name, with a file named like an entry.
    try FileManager.default.createDirectory(at: disk.folder, withIntermediateDirectories: false)
    let theirs = disk.folder.appendingPathComponent("abc.img")
    try Data(repeating: 7, count: 1_000).write(to: theirs)
    try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: theirs.path)
    disk.store(Data(repeating: 1, count: 100), for: "https://a/1.png")
    #expect(FileManager.default.fileExists(atPath: theirs.path))
    #expect(disk.read("https://a/1.png") == nil, "nothing kept in a folder it did not make")
    try FileManager.default.removeItem(at: disk.folder)

    // Its own folder, and the user's files put in it, old and large.
    disk.store(Data(repeating: 1, count: 100), for: "https://a/1.png")
    #expect(disk.read("https://a/1.png") == Data(repeating: 1, count: 100))
    #expect(try CacheTests.mode(disk.folder.path) == 0o700)
    #expect(try CacheTests.mode(disk.file(for: "https://a/1.png").path) == 0o600)
    let victims = ["notes.img", "ABC.img", "photo.png", "0123456789abcdef0.img"].map { disk.folder.appendingPathComponent($0) }
    for victim in victims {
      try Data(repeating: 9, count: 1_000).write(to: victim)
      try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: victim.path)
    }
    let outside = folder.url.appendingPathComponent("outside.img")
    try Data(repeating: 8, count: 1_000).write(to: outside)
    try FileManager.default.createSymbolicLink(at: disk.folder.appendingPathComponent("abcdef.img"), withDestinationURL: outside)
    disk.store(Data(repeating: 2, count: 100), for: "https://a/2.png")
    disk.store(Data(repeating: 3, count: 100), for: "https://a/3.png")
    for victim in victims + [outside, disk.folder.appendingPathComponent("abcdef.img")] {
      #expect(FileManager.default.fileExists(atPath: victim.path), "\(victim.lastPathComponent) kept")
    }
    #expect(disk.read("https://a/2.png") != nil && disk.read("https://a/3.png") != nil)
  }

  /// Pictures stored at once into a cache whose folder does not exist yet are all kept: none takes the
  /// folder another is making, before its marker, for someone else's.
  @Test func picturesStoredAtOnceAreAllKept() async throws {
    for round in 0..<20 {
      let folder = try TemporaryDirectory()
      let disk = try #require(ImageDiskCache(forCacheAt: folder.path("feeds.db")))
      await withTaskGroup(of: Void.self) { group in
        for picture in 0..<8 {
          group.addTask { disk.store(Data(repeating: UInt8(picture), count: 64), for: "https://a/\(picture).png") }
        }
      }
      let kept = (0..<8).filter { disk.read("https://a/\($0).png") != nil }.count
      #expect(kept == 8, "round \(round): \(kept) of 8 kept")
    }
  }
}
