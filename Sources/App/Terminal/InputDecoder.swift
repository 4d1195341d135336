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
public struct InputDecoder: Sendable {
  public static let pasteTimeout: Duration = .seconds(1)
  public static let pasteLimit = 1 << 20

  private var pending: [UInt8] = []
  private var needed = 0
  private var paste: [UInt8]?
  private var lastPasteInput: ContinuousClock.Instant?

  public var isPasting: Bool { paste != nil }

  public mutating func decode(_ inputs: [RawInput], now: ContinuousClock.Instant = .now) -> [InputEvent] {
    var events: [InputEvent] = []
    if paste != nil, let last = lastPasteInput, now - last > Self.pasteTimeout { endPaste(into: &events) }
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
    return events
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
