import ScreenKit

/// Terminal input before decoding: a byte of text, an event the terminal library already decoded (a
/// function key, a click), or one of the bracketed-paste markers.
public enum RawInput: Sendable {
  case byte(UInt8)
  case event(InputEvent)
  case pasteBegin, pasteEnd
}

/// Turns `RawInput` into `InputEvent`s: UTF-8 decoding of text and bracketed paste. Pure and stateful across
/// reads (a character or a paste may be split between two reads), so its rules are unit-tested:
///
/// - Bytes that are not well-formed UTF-8 (a stray continuation, 0xC0/0xC1/0xF5–0xFF, an overlong or
///   surrogate form, a sequence cut short) give no key, and the byte that broke a sequence starts afresh,
///   so `E0 80 j` still delivers `j` (the maximal-subpart rule of Unicode §3.9). A sequence incomplete at
///   the end of a read waits for the next read.
/// - Everything between the paste markers, function keys included, becomes one `.paste` event and no key:
///   the reader has no text field, so `Screen` drops it — a pasted "q" or "G" does nothing. Without
///   markers (a terminal with no bracketed paste) a paste is indistinguishable from typing.
/// - A paste whose end marker never comes ends after `pasteTimeout` of silence, so the keyboard cannot
///   stay dead; a paste keeps at most `pasteLimit` bytes (the rest is counted out, not stored).
/// - A terminal's late answer to the start-up picture probe (docs/DECISIONS.md, "Inline images: GIF
///   and WebP, …, late terminal replies") is dropped whole, never read as keys: the device attributes
///   `ESC [ ? 63 ; 4 c`, a kitty graphics reply `ESC _ G … ESC \` and the terminal's name (XTVERSION,
///   `ESC P > | kitty(0.26.5) ESC \`). Their start is held, across reads
///   too, until the sequence completes (dropped) or breaks (the held bytes become keys as before, so
///   Alt-[ still types Esc and `[`). A lone Esc at the end of a read is the Escape key at once: ncurses
///   has already waited its escape delay for what follows. Held bytes left `replyTimeout` without their
///   end are dropped once they read `ESC [ ?`, `ESC _ G` or `ESC P >` (typing never puts those into one read, so
///   they were a reply cut short); a shorter start is typed after all.
public struct InputDecoder: Sendable {
  public static let pasteTimeout: Duration = .seconds(1)
  public static let pasteLimit = 1 << 20
  public static let replyTimeout: Duration = .seconds(1)
  /// The longest reply held: a kitty error message is a few dozen bytes.
  static let replyLimit = 1024

  private var pending: [UInt8] = []
  /// The start of what may be a terminal's reply, Esc first (the Esc already delivered as a key when
  /// `escapeDelivered`: a reply split right after it).
  private var reply: [UInt8] = []
  private var escapeDelivered = false
  private var lastReplyInput: ContinuousClock.Instant?
  private var needed = 0
  private var paste: [UInt8]?
  private var lastPasteInput: ContinuousClock.Instant?

  public var isPasting: Bool { paste != nil }

  public mutating func decode(_ inputs: [RawInput], now: ContinuousClock.Instant = .now) -> [InputEvent] {
    var events: [InputEvent] = []
    if paste != nil, let last = lastPasteInput, now - last > Self.pasteTimeout { endPaste(into: &events) }
    if !reply.isEmpty, let last = lastReplyInput, now - last > Self.replyTimeout {
      // Cut short: a reply's start is dropped; Esc and one byte (Alt-[) were typed after all.
      if reply.count > 2 { reply.removeAll() } else { releaseReply(into: &events) }
      escapeDelivered = false
    }
    if reply.isEmpty, escapeDelivered {
      // The last read ended with a lone Esc, delivered: a reply split right after it goes on here (two
      // bytes of it, so a `[` typed after Esc stays a key).
      escapeDelivered = false
      let head = inputs.prefix(2).compactMap { if case .byte(let b) = $0 { b } else { nil } }
      if head == Array("[?".utf8) || head == Array("_G".utf8) || head == Array("P>".utf8) {
        reply = [0x1B]
        escapeDelivered = true
      }
    }
    for input in inputs {
      if paste != nil {
        lastPasteInput = now
        switch input {
        case .byte(let b): if paste!.count < Self.pasteLimit { paste!.append(b) }
        case .pasteEnd: endPaste(into: &events)
        case .event(.key), .pasteBegin: break
        case .event(let other): events.append(other)
        }
        continue
      }
      if case .byte(let b) = input {
        filterReply(b, now: now, into: &events)
        continue
      }
      releaseReply(into: &events)
      switch input {
      case .byte(let b): decodeByte(b, into: &events)
      case .event(let event): events.append(event)
      case .pasteBegin:
        pending.removeAll()
        paste = []
        lastPasteInput = now
      case .pasteEnd: break
      }
    }
    if reply == [0x1B] {
      releaseReply(into: &events)
      escapeDelivered = true
    }
    return events
  }

  /// Holds `b` while `reply` and it may still be the start of a DA1 or kitty graphics reply; drops the
  /// whole when it completes; otherwise releases what was held as ordinary input and decodes `b` afresh.
  private mutating func filterReply(_ b: UInt8, now: ContinuousClock.Instant, into events: inout [InputEvent]) {
    guard !reply.isEmpty else {
      if b == 0x1B {
        reply = [b]
        lastReplyInput = now
      } else {
        decodeByte(b, into: &events)
      }
      return
    }
    lastReplyInput = now
    switch Self.replyStep(reply, b) {
    case .hold where reply.count < Self.replyLimit: reply.append(b)
    case .complete:
      reply.removeAll()
      escapeDelivered = false
    default:
      releaseReply(into: &events)
      filterReply(b, now: now, into: &events)
    }
  }

  private enum ReplyStep { case hold, complete, broken }

  /// Whether `b` continues `held` as `ESC [ ? (digit | ;)* c`, `ESC _ G (printable)* ESC \` or
  /// `ESC P > | (printable)* ESC \`.
  private static func replyStep(_ held: [UInt8], _ b: UInt8) -> ReplyStep {
    let isDigitOrSemicolon = (0x30...0x39).contains(b) || b == UInt8(ascii: ";")
    switch (held.count, held.count > 1 ? held[1] : 0) {
    case (1, _): return b == UInt8(ascii: "[") || b == UInt8(ascii: "_") || b == UInt8(ascii: "P") ? .hold : .broken
    case (2, UInt8(ascii: "[")): return b == UInt8(ascii: "?") ? .hold : .broken
    case (2, UInt8(ascii: "P")): return b == UInt8(ascii: ">") ? .hold : .broken
    case (3, UInt8(ascii: "P")): return b == UInt8(ascii: "|") ? .hold : .broken
    case (2, _): return b == UInt8(ascii: "G") ? .hold : .broken
    case (_, UInt8(ascii: "[")): return isDigitOrSemicolon ? .hold : b == UInt8(ascii: "c") ? .complete : .broken
    default:
      if held.last == 0x1B { return b == UInt8(ascii: "\\") ? .complete : .broken }
      return b == 0x1B || (0x20...0x7E).contains(b) ? .hold : .broken
    }
  }

  /// Delivers the held bytes as ordinary input (they were no reply), the Esc unless already delivered.
  private mutating func releaseReply(into events: inout [InputEvent]) {
    let held = escapeDelivered ? reply.dropFirst() : reply[...]
    reply.removeAll()
    escapeDelivered = false
    for b in held { decodeByte(b, into: &events) }
  }

  private mutating func endPaste(into events: inout [InputEvent]) {
    events.append(.paste(String(decoding: paste ?? [], as: UTF8.self)))
    paste = nil
    lastPasteInput = nil
  }

  private mutating func decodeByte(_ b: UInt8, into events: inout [InputEvent]) {
    if !pending.isEmpty {
      if Self.continues(pending, with: b) {
        pending.append(b)
        guard pending.count == needed else { return }
        let scalar = Self.scalar(pending)
        pending.removeAll()
        if let key = Key.fromScalar(scalar) { events.append(.key(key)) }
        return
      }
      pending.removeAll()  // ill-formed: dropped; `b` starts afresh
    }
    switch b {
    case 0x00...0x7F:
      if let key = Key.fromScalar(UInt32(b)) { events.append(.key(key)) }
    case 0xC2...0xDF: start(b, length: 2)
    case 0xE0...0xEF: start(b, length: 3)
    case 0xF0...0xF4: start(b, length: 4)
    default: break  // continuation without a lead, C0/C1 (overlong), F5–FF: never UTF-8
    }
  }

  private mutating func start(_ lead: UInt8, length: Int) {
    pending = [lead]
    needed = length
  }

  /// Whether `b` may follow `prefix` (Unicode Table 3-7: the second byte's range depends on the lead,
  /// which rules out overlong forms, surrogates and code points above U+10FFFF).
  private static func continues(_ prefix: [UInt8], with b: UInt8) -> Bool {
    guard prefix.count == 1 else { return (0x80...0xBF).contains(b) }
    switch prefix[0] {
    case 0xE0: return (0xA0...0xBF).contains(b)
    case 0xED: return (0x80...0x9F).contains(b)
    case 0xF0: return (0x90...0xBF).contains(b)
    case 0xF4: return (0x80...0x8F).contains(b)
    default: return (0x80...0xBF).contains(b)
    }
  }

  private static func scalar(_ bytes: [UInt8]) -> UInt32 {
    let leadBits: UInt32 = bytes.count == 2 ? 0x1F : bytes.count == 3 ? 0x0F : 0x07
    return bytes.dropFirst().reduce(UInt32(bytes[0]) & leadBits) { $0 << 6 | UInt32($1 & 0x3F) }
  }
}
