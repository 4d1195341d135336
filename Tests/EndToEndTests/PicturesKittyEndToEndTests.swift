import Foundation
import TestSupport
import Testing

/// The reader drawing a picture in Debian 12's own kitty (0.26.5, which speaks the kitty graphics
/// protocol but draws no Unicode placeholders) under Xvfb with Mesa's software GL, with the default
/// `inline-images auto`: the same article as the xterm test (`PicturesXtermEndToEndTests.Run`), its
/// 200 × 100 pure red picture last. The probe must choose kitty's direct placements, so the screenshot
/// holds the picture at its own size — before, the placeholders chosen for any kitty showed as rows of
/// tofu and no red at all — loses pixels under the publish-date popover, comes back whole when it closes,
/// leaves with the article (`t`) and comes back with it.
@Suite("Pictures in kitty 0.26", .serialized)
struct PicturesKittyEndToEndTests {
  typealias Pictures = PicturesXtermEndToEndTests

  @Test(
    "kitty 0.26 with inline-images auto: the picture's pixels where its block is, not tofu",
    .enabled(if: XvfbScreen.installed(["Xvfb", "xwd", "kitty"]), "Xvfb, xwd or kitty is not installed (scripts/test installs xvfb x11-apps kitty)"))
  func kittyDrawsThePictureWithTheDefaultSetting() throws {
    let run = try Pictures.Run(config: "", emulator: .kitty)
    let cell = Pictures.Emulator.kitty.cell
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
    let shot = try run.waitFor("the whole picture in kitty", Pictures.wholePicture)
    let picture = try #require(Pictures.red(in: shot)).box
    #expect(picture.x % cell.width == 0, "at a cell's left edge: \(picture)")

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
