import Foundation
import TestSupport
import Testing

/// The reader drawing a picture in Debian 12's own terminals under Xvfb with the default
/// `inline-images auto`: the same article as the xterm test (`PicturesXtermEndToEndTests.Run`), its
/// 200 × 100 pure red picture last. kitty 0.26.5 (Mesa's software GL) speaks the kitty graphics protocol
/// but draws no Unicode placeholders, so the probe must choose its direct placements — before, the
/// placeholders chosen for any kitty showed as rows of tofu and no red at all; mlterm 3.9.0 answers
/// neither the kitty query nor XTVERSION, and lists sixel. The screenshot holds the picture at its own
/// size, loses pixels under the publish-date popover, comes back whole when it closes, leaves with the
/// article (`t`) and comes back with it; kitty's window made 20 columns wider (its remote control), the
/// picture is whole again.
@Suite("Pictures in kitty 0.26 and mlterm", .serialized)
struct PicturesKittyMltermEndToEndTests {
  typealias Pictures = PicturesXtermEndToEndTests

  @Test(
    "kitty 0.26 with inline-images auto: the picture's pixels where its block is, not tofu",
    .enabled(if: XvfbScreen.installed(["Xvfb", "xwd", "kitty"]), "Xvfb, xwd or kitty is not installed (scripts/test installs xvfb x11-apps kitty)"))
  func kittyDrawsThePictureWithTheDefaultSetting() throws {
    try pictureWithTheDefaultSetting(in: .kitty)
  }

  @Test(
    "mlterm with inline-images auto: the picture in sixel",
    .enabled(if: XvfbScreen.installed(["Xvfb", "xwd", "mlterm"]), "Xvfb, xwd or mlterm is not installed (scripts/test installs xvfb x11-apps mlterm)"))
  func mltermDrawsThePictureWithTheDefaultSetting() throws {
    try pictureWithTheDefaultSetting(in: .mlterm)
  }

  func pictureWithTheDefaultSetting(in emulator: Pictures.Emulator) throws {
    // kitty listens for its remote control (`kitty @ resize-os-window`) on a socket in the run's folder.
    let socket = { (folder: RunFolder) in "unix:" + folder.root.appendingPathComponent("kitty.sock").path }
    var listening: String?
    let run = try Pictures.Run(config: "", emulator: emulator, options: { (folder: RunFolder) -> [String] in
      guard emulator == .kitty else { return [] }
      listening = socket(folder)
      return ["-o", "allow_remote_control=yes", "--listen-on", socket(folder)]
    })
    let cell: (width: Int, height: Int) = emulator.cell
    let list = try run.waitFor("the article list") { shot in
      // Something drawn on the status row: the start-up reload's summary.
      (0..<(Pictures.cols * cell.width)).contains { x in
        (0..<cell.height).contains { shot[x, (Pictures.rows - 1) * cell.height + $0] != 0 }
      }
    }
    try run.type("\r")
    var last = list
    _ = try run.waitFor("the article") { shot in
      defer { last = shot }
      return shot != list && shot == last
    }
    try run.type("G")
    let shot = try run.waitFor("the whole picture", Pictures.wholePicture)
    let picture = try #require(Pictures.red(in: shot)).box

    try run.type("p")
    _ = try run.waitFor("the popover over part of the picture") { shot in
      guard let red = Pictures.red(in: shot) else { return false }
      return red.count < Pictures.pictureWidth * Pictures.pictureHeight && red.count > Pictures.pictureWidth * cell.height
    }
    try run.type("p")
    _ = try run.waitFor("the picture whole again", Pictures.wholePicture)

    try run.type("t")
    _ = try run.waitFor("the list, without the picture") { Pictures.red(in: $0) == nil }
    try run.type("t")
    _ = try run.waitFor("the picture back with the article") { shot in
      Pictures.wholePicture(shot) && Pictures.red(in: shot)?.box.y == picture.y
    }
    guard let listening else { return }
    let resize = Process()
    resize.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    resize.arguments = ["kitty", "@", "--to", listening, "resize-os-window", "--width", "\(Pictures.cols + 20)", "--unit", "cells"]
    try resize.run()
    resize.waitUntilExit()
    #expect(resize.terminationStatus == 0, "kitty @ resize-os-window")
    _ = try run.waitFor("the picture whole after the resize") { shot in
      // The toolbar's right item moved right: ink past the old width on its rows.
      let columns: Range<Int> = Pictures.cols * cell.width..<(Pictures.cols + 20) * cell.width
      let top: Int = (Pictures.rows - 3) * cell.height
      let moved = columns.contains { (x: Int) -> Bool in (top..<top + 2 * cell.height).contains { shot[x, $0] != 0 } }
      return moved && Pictures.wholePicture(shot)
    }
  }
}
