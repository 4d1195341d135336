/// Integers written by feeds, pages and servers: read with a range and clamped into it, so that no later
/// arithmetic on them (`start + count`, `number + 1`) can overflow and trap.
enum ClampedInteger {
  /// The leading integer of `text` (spaces, an optional sign, digits; what follows is ignored, as
  /// browsers read `start="3rd"`), clamped into `range`; nil when there are no digits.
  static func parse(_ text: some StringProtocol, in range: ClosedRange<Int>) -> Int? {
    var bytes = text.utf8.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x0C }[...]
    let negative = bytes.first == UInt8(ascii: "-")
    if negative || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
    let digits = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }
    guard !digits.isEmpty else { return nil }
    let limit = negative ? -range.lowerBound : range.upperBound  // magnitude past which the clamp applies
    var magnitude = 0
    for d in digits {
      magnitude = magnitude * 10 + Int(d - 0x30)
      if magnitude > limit { break }  // saturate before `* 10` can overflow
    }
    let value = negative ? -min(magnitude, limit &+ 1) : min(magnitude, limit &+ 1)
    return min(max(value, range.lowerBound), range.upperBound)
  }

  /// A number a server or feed sent as a JSON number (`1e300`, `-5`, `2.5`), toward zero and clamped into
  /// `range`; nil for NaN. `Int(_: Double)` traps outside Int's range, so no outside Double meets it.
  static func clamping(_ value: Double, in range: ClosedRange<Int>) -> Int? {
    guard !value.isNaN else { return nil }
    if value <= Double(range.lowerBound) { return range.lowerBound }
    if value >= Double(range.upperBound) { return range.upperBound }
    return min(max(Int(value), range.lowerBound), range.upperBound)
  }

  /// The same number when it lies in `range` (toward zero), else nil: for a value whose clamped form
  /// would be wrong rather than merely large (a server clock of year 10^292 is no clock).
  static func within(_ value: Double, _ range: ClosedRange<Int>) -> Int? {
    guard value.isFinite, value >= Double(range.lowerBound), value < Double(range.upperBound) else { return nil }
    return Int(value)
  }
}
