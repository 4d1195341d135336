import Testing

import ScreenKit
import TextLayout
@testable import ReaderUI
@testable import Terminal

/// Terminal: what the reader makes of the bytes a terminal sends. Bytes that are not UTF-8
/// give no key and never eat the key after them; pasted text (bracketed paste) is never keys.
@Suite struct TerminalInputTests {
  /// Events as short strings, so expectations read as tables.
  static func describe(_ events: [InputEvent]) -> [String] {
    events.map { event in
      switch event {
      case .key(let key): return "key \(key)"
      case .paste(let text): return "paste \(text.debugDescription)"
      case .resize(let size): return "resize \(size)"
      case .mouse(let mouse): return "mouse \(mouse.kind)"
      }
    }
  }

  func decode(_ reads: [[RawInput]]) -> [String] {
    var decoder = InputDecoder()
    return reads.flatMap { Self.describe(decoder.decode($0)) }
  }

  func bytes(_ values: [UInt8]) -> [RawInput] { values.map(RawInput.byte) }

  @Test("UTF-8 text becomes characters, control bytes their keys", arguments: [
    ([0x6A], ["key j"]),
    (Array("é日😀".utf8), ["key é", "key 日", "key 😀"]),
    ([0x1B], ["key Esc"]),
    ([0x0D, 0x09, 0x7F, 0x04], ["key Enter", "key Tab", "key Backspace", "key Ctrl-D"]),
    ([0x00, 0x1C, 0xC2, 0x9B, 0xC2, 0x9D], []),  // NUL, FS, and C1 CSI / OSC sent as UTF-8: no key
  ] as [([UInt8], [String])])
  func wellFormed(input: [UInt8], expected: [String]) {
    #expect(decode([bytes(input)]) == expected)
  }

  @Test("ill-formed UTF-8 gives no key and never swallows the next one", arguments: [
    [0xFF],  // never in UTF-8
    [0xFE],
    [0x80],  // a continuation without a lead
    [0xC0, 0xAF],  // overlong "/"
    [0xC1, 0xBF],
    [0xE0, 0x80, 0x80],  // overlong NUL (ncurses's wget_wch ate the key after this one)
    [0xE0, 0x80],
    [0xED, 0xA0, 0x80],  // a UTF-16 surrogate
    [0xF4, 0x90, 0x80, 0x80],  // above U+10FFFF
    [0xF5, 0x80],
    [0xE6, 0x97],  // cut short
    [0xF0, 0x9F, 0x98],
  ] as [[UInt8]])
  func illFormed(input: [UInt8]) {
    #expect(decode([bytes(input + [0x6A])]) == ["key j"])
    #expect(decode([bytes(input), bytes([0x6A])]) == ["key j"], "also when the next key comes in a later read")
    #expect(decode([bytes([0x6B] + input + Array("é".utf8))]) == ["key k", "key é"])
  }

  @Test func aCharacterSplitBetweenReadsIsKept() {
    #expect(decode([bytes([0xE6]), bytes([0x97, 0xA5])]) == ["key 日"])
    #expect(decode([bytes([0xF0, 0x9F]), bytes([0x98]), bytes([0x80])]) == ["key 😀"])
  }

  @Test func aBracketedPasteIsOneEventAndNoKeys() {
    let paste: [RawInput] = [.pasteBegin] + bytes(Array("q G\r\u{1B}".utf8)) + [.event(.key(.up)), .pasteEnd]
    #expect(decode([paste + bytes([0x6A])]) == ["paste \"q G\\r\\u{1B}\"", "key j"])
  }

  @Test func aPasteSplitBetweenReadsStaysAPaste() {
    let reads: [[RawInput]] = [
      [.event(.key(.down)), .pasteBegin] + bytes(Array("qq".utf8)),
      bytes(Array("GG".utf8)) + [.event(.resize(Size(width: 80, height: 24)))],
      bytes([0x71]) + [.pasteEnd] + bytes([0x6B]),
    ]
    #expect(decode(reads) == ["key ↓", "resize 80×24", "paste \"qqGGq\"", "key k"], "a resize is not text")
  }

  @Test func aPasteWhoseEndNeverComesTimesOut() {
    var decoder = InputDecoder()
    let start = ContinuousClock.now
    #expect(Self.describe(decoder.decode([.pasteBegin] + bytes([0x71]), now: start)).isEmpty)
    #expect(Self.describe(decoder.decode(bytes([0x71]), now: start + .milliseconds(500))).isEmpty)
    #expect(decoder.isPasting)
    let later = decoder.decode(bytes([0x6A]), now: start + .milliseconds(500) + InputDecoder.pasteTimeout + .milliseconds(1))
    #expect(Self.describe(later) == ["paste \"qq\"", "key j"])
    #expect(!decoder.isPasting)
  }

  @Test func aHugePasteIsBounded() {
    var decoder = InputDecoder()
    let big = [UInt8](repeating: 0x61, count: InputDecoder.pasteLimit + 10)
    let events = decoder.decode([.pasteBegin] + bytes(big) + [.pasteEnd])
    guard case .paste(let text)? = events.first else {
      Issue.record("no paste event")
      return
    }
    #expect(text.utf8.count == InputDecoder.pasteLimit)
  }

  @Test @MainActor func theReaderIgnoresPastedText() {
    let h = Harness(120, 40)
    h.press(.enter)
    let before = h.lines
    h.screen.handle(.paste("qqq G ? o\r\u{1B}"))
    h.screen.renderNow()
    #expect(!h.screen.quitRequested)
    #expect(h.lines == before)
    #expect(h.root.presentations.isEmpty)
  }
}
