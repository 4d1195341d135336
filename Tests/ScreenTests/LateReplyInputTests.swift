import Testing

import ScreenKit
@testable import Terminal

/// A terminal's answer to the start-up picture probe that comes after the probe stopped waiting (a slow
/// link) reaches the key decoder: it is dropped whole, never typed (docs/DECISIONS.md, "Inline images:
/// GIF and WebP, …, late terminal replies"). The replies are the ones recorded from real terminals for the probe's tests.
struct LateReplyInputTests {
  static let xtermVT340 = Array("\u{1B}[?63;1;2;4;6;9;15;16;22;28c".utf8)
  static let tmux = Array("\u{1B}[?1;2c".utf8)
  /// kitty's OK to the query, then its DA1 (from the protocol's document: no kitty was at hand).
  static let kitty = Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;c".utf8)
  static let kittyError = Array("\u{1B}_Gi=31;EINVAL:Zero width/height not allowed\u{1B}\\".utf8)
  /// kitty 0.26.5's name, read back under Xvfb (XTVERSION).
  static let xtversion = Array("\u{1B}P>|kitty(0.26.5)\u{1B}\\".utf8)

  func decode(_ reads: [[UInt8]]) -> [String] {
    var decoder = InputDecoder()
    return reads.flatMap { TerminalInputTests.describe(decoder.decode($0.map(RawInput.byte))) }
  }

  /// Every reply, whole and split at every byte into two reads, with keys typed before and after. A
  /// read that ends with the Esc opening a reply delivers the Escape key (see `aReplySplitRightAfter…`).
  @Test(arguments: [xtermVT340, tmux, kitty, kittyError, xtversion])
  func aLateReplyIsNoKeys(reply: [UInt8]) {
    let typed = Array("j".utf8) + reply + Array("k".utf8)
    let openings = typed.indices.filter { typed[$0] == 0x1B && [0x5B, 0x5F, 0x50].contains(typed[$0 + 1]) }
    #expect(decode([typed]) == ["key j", "key k"])
    for cut in 1..<typed.count {
      let expected = openings.contains(cut - 1) ? ["key j", "key Esc", "key k"] : ["key j", "key k"]
      #expect(decode([Array(typed[..<cut]), Array(typed[cut...])]) == expected, "split at \(cut)")
    }
    // One read a byte, but an opening Esc with the byte after it (as ncurses's escape delay reads them).
    var reads: [[UInt8]] = []
    for index in typed.indices where !openings.contains(index - 1) {
      reads.append(openings.contains(index) ? [typed[index], typed[index + 1]] : [typed[index]])
    }
    #expect(decode(reads) == ["key j", "key k"])
  }

  @Test func aReplySplitRightAfterItsEscLosesOnlyTheEsc() {
    // The read ending in Esc delivers it (ncurses waited its escape delay); the rest is still no keys.
    #expect(decode([[0x1B], Array(Self.tmux.dropFirst()) + Array("j".utf8)]) == ["key Esc", "key j"])
  }

  @Test("what only starts like a reply is typed as before", arguments: [
    ("\u{1B}", ["key Esc"]),
    ("\u{1B}j", ["key Esc", "key j"]),  // Alt-j
    ("\u{1B}[x", ["key Esc", "key [", "key x"]),
    ("\u{1B}[?1;2x", ["key Esc", "key [", "key ?", "key 1", "key ;", "key 2", "key x"]),
    ("\u{1B}_x", ["key Esc", "key _", "key x"]),
    ("\u{1B}_Ga\u{1B}q", ["key Esc", "key _", "key G", "key a", "key Esc", "key q"]),
    ("\u{1B}Pj", ["key Esc", "key P", "key j"]),  // Alt-P
    ("\u{1B}P>x", ["key Esc", "key P", "key >", "key x"]),
    ("\u{1B}\u{1B}[?1c", ["key Esc"]),  // Esc, then a whole reply
    ("é\u{1B}[?1;2cé", ["key é", "key é"]),
  ] as [(String, [String])])
  func notAReply(input: String, expected: [String]) {
    #expect(decode([Array(input.utf8)]) == expected)
  }

  @Test func aReplyCutShortIsDroppedAfterTheTimeout() {
    var decoder = InputDecoder()
    let start = ContinuousClock.now
    #expect(decoder.decode(Array("\u{1B}[?63;1".utf8).map(RawInput.byte), now: start).isEmpty)
    let later = decoder.decode([.byte(0x6A)], now: start + InputDecoder.replyTimeout + .milliseconds(1))
    #expect(TerminalInputTests.describe(later) == ["key j"])
  }

  @Test func escThenBracketTypedApartAreTwoKeys() {
    #expect(decode([[0x1B], Array("[".utf8)]) == ["key Esc", "key ["])
    #expect(decode([[0x1B], Array("_".utf8), Array("j".utf8)]) == ["key Esc", "key _", "key j"])
  }

  @Test func altBracketAloneIsTypedAfterTheTimeout() {
    var decoder = InputDecoder()
    let start = ContinuousClock.now
    #expect(decoder.decode(Array("\u{1B}[".utf8).map(RawInput.byte), now: start).isEmpty)
    let later = decoder.decode([.byte(0x6A)], now: start + InputDecoder.replyTimeout + .milliseconds(1))
    #expect(TerminalInputTests.describe(later) == ["key Esc", "key [", "key j"])
  }

  @Test func aFunctionKeyEndsWhatWasHeld() {
    var decoder = InputDecoder()
    let events = decoder.decode(Array("\u{1B}[".utf8).map(RawInput.byte) + [.event(.key(.up))])
    #expect(TerminalInputTests.describe(events) == ["key Esc", "key [", "key ↑"])
  }
}
