import Foundation
import Reader
import Testing

import ScreenKit
@testable import ReaderUI

/// newsboat's `macro` lines: `,` then the macro's key runs its commands — here the `mpv` macro, which
/// sets the browser, opens the link and sets the browser back.
@MainActor
struct MacroTests {
  @Test func theMpvMacroOpensTheLinkInMpvAndSetsTheBrowserBack() {
    let h = Harness(120, 40) {
      $0.macros[.character("v")] = Macro(steps: [
        .set("browser", "mpv %u"), .action(.openInBrowser), .set("browser", "firefox %u"),
      ])
    }
    var launched: [String] = []
    h.session.outside.browser = BrowserLauncher(command: ["w3m"])
    h.session.outside.launch = { launcher, url in
      launched.append(launcher.command.joined(separator: " ") + " " + url)
      return nil
    }
    h.press(.character(","))
    #expect(h.lines.last?.contains("Macro: v") == true, "\(h.lines.last ?? "")")
    h.press(.character("v"))
    #expect(launched == ["mpv %u https://www.appcoda.com/self-sizing-cells/"])
    h.press(.character("o"))
    #expect(launched.last == "firefox %u https://www.appcoda.com/self-sizing-cells/", "set back by the macro")
    h.press(.character(","), .character("x"))
    #expect(h.lines.last?.contains("No macro on x.") == true, "\(h.lines.last ?? "")")
    #expect(launched.count == 2)
  }

  @Test func aMacroLineIsReadOrNamedWithWhatItCouldNotTake() {
    #expect(Macro.parse(["set", "browser", "mpv %u", ";", "open-in-browser;", "set", "browser", "firefox"])
      == .success(Macro(steps: [.set("browser", "mpv %u"), .action(.openInBrowser), .set("browser", "firefox")])))
    #expect(Macro.parse(["next-unread", ";", "open-in-browser"]) == .success(Macro(steps: [.action(.nextUnread), .action(.openInBrowser)])))
    #expect((try? Macro.parse(["set", "reload-threads", "3"]).get()) == nil)
    #expect((try? Macro.parse(["pipe-to", "wc"]).get()) == nil)
    #expect((try? Macro.parse([";"]).get()) == nil)
  }
}
