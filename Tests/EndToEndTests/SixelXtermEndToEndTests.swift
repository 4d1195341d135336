import Foundation
import Pixels
import Reader
import Testing

/// The sixel encoder against a real sixel terminal: xterm `-ti vt340` on a private X server draws the
/// stream `Sixel.encode` makes of a known picture, and the screenshot holds exactly its pixels. (The
/// reader's own drawing, placed and covered by the popover, is `PicturesXtermEndToEndTests`.)
struct SixelXtermEndToEndTests {
  static let red: UInt32 = 0xFF0000, blue: UInt32 = 0x0000FF

  /// 60 × 36: the left half red, the right half blue, a transparent 6 × 6 hole at the top left.
  static var picture: Bitmap {
    var pixels: [UInt8] = []
    for y in 0..<36 {
      for x in 0..<60 {
        pixels += x < 6 && y < 6 ? [0, 0, 0, 0] : x < 30 ? [255, 0, 0, 255] : [0, 0, 255, 255]
      }
    }
    return Bitmap(width: 60, height: 36, pixels: pixels)
  }

  @Test(
    "xterm -ti vt340 draws the encoded picture pixel for pixel, its hole left transparent",
    .enabled(if: XvfbScreen.isAvailable, "Xvfb, xterm or xwd is not installed (scripts/test installs xvfb xterm x11-apps xfonts-base)"))
  func xtermDrawsTheSixelStream() throws {
    let (screen, folder) = try Self.xtermShowing(Sixel.encode(Self.picture))
    defer { screen.stop(); try? FileManager.default.removeItem(at: folder) }

    var counts: [UInt32: [(Int, Int)]] = [:]
    let deadline = Date().addingTimeInterval(10)
    repeat {
      Thread.sleep(forTimeInterval: 0.3)
      let shot = try screen.screenshot()
      counts = [:]
      for y in 0..<shot.height {
        for x in 0..<shot.width where shot[x, y] == Self.red || shot[x, y] == Self.blue {
          counts[shot[x, y], default: []].append((x, y))
        }
      }
    } while counts[Self.blue]?.count != 30 * 36 && Date() < deadline
    let red = counts[Self.red] ?? []
    let blue = counts[Self.blue] ?? []
    #expect(red.count == 30 * 36 - 36, "red pixels")
    #expect(blue.count == 30 * 36, "blue pixels")
    #expect(red.allSatisfy { (0..<30).contains($0.0) && (0..<36).contains($0.1) && !($0.0 < 6 && $0.1 < 6) })
    #expect(blue.allSatisfy { (30..<60).contains($0.0) && (0..<36).contains($0.1) })
  }

  /// 64 × 48: red across, green down, blue fixed: 3,072 colours, more than the 1,024 registers xterm
  /// 379 `-ti vt340` answers to XTSMGRAPHICS, so the picture gets a palette of 1,024 and dithering.
  static var gradient: Bitmap {
    var pixels: [UInt8] = []
    for y in 0..<48 {
      for x in 0..<64 { pixels += [UInt8(x * 4), UInt8(y * 5), 100, 255] }
    }
    return Bitmap(width: 64, height: 48, pixels: pixels)
  }

  @Test(
    "xterm -ti vt340 draws a 1,024-colour palette: every pixel its register's colour",
    .enabled(if: XvfbScreen.isAvailable, "Xvfb, xterm or xwd is not installed (scripts/test installs xvfb xterm x11-apps xfonts-base)"))
  func xtermDrawsAThousandColours() throws {
    let indexed = IndexedBitmap(Self.gradient, registers: 1024)
    #expect(indexed.palette.count > 256)
    let (screen, folder) = try Self.xtermShowing(Sixel.encode(indexed))
    defer { screen.stop(); try? FileManager.default.removeItem(at: folder) }
    // The colour a register holds as the terminal has it: the stream gives each channel in percent.
    func shown(_ c: UInt8) -> Int { ((Int(c) * 100 + 127) / 255) * 255 / 100 }
    func matches(_ pixel: UInt32, _ colour: RGB) -> Bool {
      let channels = [Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF)]
      return zip(channels, [colour.red, colour.green, colour.blue]).allSatisfy { abs($0 - shown($1)) <= 3 }
    }
    var right = 0
    let deadline = Date().addingTimeInterval(30)
    repeat {
      Thread.sleep(forTimeInterval: 0.3)
      let shot = try screen.screenshot()
      right = 0
      for y in 0..<48 {
        for x in 0..<64 where matches(shot[x, y], indexed.palette[Int(indexed.indices[y * 64 + x])]) { right += 1 }
      }
    } while right < 64 * 48 && Date() < deadline
    #expect(right == 64 * 48, "pixels of their register's colour: \(right) of \(64 * 48)")
  }

  /// A sixel stream shown by a real xterm (vt340) in Xvfb, the cursor hidden first (it would sit on the
  /// picture's last row); the caller stops the screen and removes the folder.
  static func xtermShowing(_ sixel: String) throws -> (screen: XvfbScreen, folder: URL) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("splitfeed-sixel-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let stream = folder.appendingPathComponent("picture.six")
    try Data(("\u{1B}[?25l" + sixel).utf8).write(to: stream)
    let screen = try XvfbScreen(width: 400, height: 300)
    do {
      try screen.launch(
        ["xterm", "-ti", "vt340", "-geometry", "40x12+0+0", "-b", "0", "-bw", "0", "-bg", "black", "-fg", "white", "+sb",
         "-e", "sh", "-c", "cat '\(stream.path)'; exec sleep 60"],
        environment: ["LANG": "C.UTF-8", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"])
    } catch {
      screen.stop()
      try? FileManager.default.removeItem(at: folder)
      throw error
    }
    return (screen, folder)
  }
}
