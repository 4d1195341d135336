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
/// article (`t`) and comes back with it.
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
    let run = try Pictures.Run(config: "", emulator: emulator)
    let cell = emulator.cell
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
  }
}
